/**
 * The address of a restaurant's menu as the diner last had it, query and all (`/maple-bistro?catering=true`):
 * the header's brand and cart links, and the profile's way back, return to the same ordering mode.
 * Kept for this tab only (sessionStorage), like the restaurant a login goes back to.
 */
const KEY = 'servery.menu-address:';

export function rememberMenuSearch(slug: string, search: string): void {
  try {
    globalThis.sessionStorage?.setItem(`${KEY}${slug}`, search);
  } catch {
    // Storage refused: the links then go to the menu without a query (the choice screen asks).
  }
}

function rememberedSearch(slug: string): string {
  try {
    return globalThis.sessionStorage?.getItem(`${KEY}${slug}`) ?? '';
  } catch {
    return '';
  }
}

export function menuAddress(slug: string): string {
  const search = rememberedSearch(slug);
  return `/${encodeURIComponent(slug)}${search.startsWith('?') ? search : ''}`;
}
