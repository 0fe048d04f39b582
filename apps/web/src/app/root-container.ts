/** The root element's id: app-cantine on canteen pages (their stylesheet keys on it), app elsewhere (spec). */
export function rootContainerId(pathname: string): 'app' | 'app-cantine' {
  return pathname.includes('cantine') ? 'app-cantine' : 'app';
}
