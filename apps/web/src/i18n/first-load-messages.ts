/**
 * The messages the menu's first load carries (docs/decisions/0044-menu-lighter-first-load.md): the
 * restaurant's menu with its header, filters, notices, membership form, order again and cart bar.
 * Each entry is a namespace or a dotted path into the catalogue; a path also takes its plural forms
 * (`cart.itemCount` takes `cart.itemCount_one` and `cart.itemCount_other`). Every other message is
 * in the whole catalogue, loaded with the screen, dialog or panel that needs it and when the browser
 * is idle (i18n.ts `loadAllMessages`). A message missing here shows as its key on the server-rendered
 * menu until the whole catalogue arrives, and makes hydration mismatch: app/first-load-messages.test.tsx renders
 * the menu with these messages alone and compares it with the whole catalogue's render.
 */
export const FIRST_LOAD_MESSAGES: readonly string[] = [
  'app',
  'header',
  'language',
  'menu',
  'item',
  'filters',
  'allergens',
  'diets',
  'ordering',
  'restaurant',
  'notices',
  'membership',
  'toast',
  'notFound',
  'errorBoundary',
  'errorCodes',
  'errors.generic',
  'account.banner',
  'cart.addedCapped',
  'cart.anotherRound',
  'cart.preOrderLoaded',
  'cart.button',
  'cart.buttonLabel',
  'cart.buttonLabelTotal',
  'cart.itemCount',
  'cart.loadError',
  'cart.notice',
  'cart.summary.totalUpdated',
  'checkout.loadError',
];

type Tree = { [key: string]: string | Tree };

/** The part of a catalogue the paths name (with their plural forms), in the catalogue's shape. */
export function pickMessages(catalogue: Tree, paths: readonly string[]): Tree {
  const picked: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    const last = parts.pop() as string;
    let from: Tree | string | undefined = catalogue;
    let to = picked;
    for (const part of parts) {
      from = typeof from === 'object' ? from[part] : undefined;
      if (typeof from !== 'object') break;
      const next: string | Tree = to[part] ?? {};
      to[part] = next;
      to = next as Tree;
    }
    if (typeof from !== 'object') continue;
    for (const [key, value] of Object.entries(from)) {
      if (key === last || key.startsWith(`${last}_`)) to[key] = value;
    }
  }
  return picked;
}
