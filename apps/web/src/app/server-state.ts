import type { MenusResponse } from '@servery/contracts/restaurant';
import { SSR_STATE_ELEMENT_ID, type SsrState } from '@servery/contracts/ssr';
import { menusPath } from '../components/restaurant-shell/restaurant-api';
import { isLocale } from '../i18n/locales';

/** The state the server rendered with, from <script type="application/json" id="servery-state">; null without one. */
export function readServerState(doc: Document = document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as SsrState;
    return isLocale(state.locale) && typeof state.now === 'string' ? state : null;
  } catch {
    return null;
  }
}

/**
 * The server's state made whole: the menus the page left out (contracts/ssr.ts `menusFetch`),
 * fetched from the menus API. `hydrate` says whether the browser may hydrate the server's HTML: only
 * with the very menus it was rendered from (the same ETag). Another version (the menus changed in
 * between), a failed call or an unreadable answer: the page is rendered afresh from the state, with
 * the menus fetched if any, else without (the menu screen then fetches them itself, as after a
 * navigation).
 */
export async function withRenderedMenus(
  state: SsrState,
  doFetch: typeof fetch = globalThis.fetch,
): Promise<{ state: SsrState; hydrate: boolean }> {
  const { menusFetch, ...rendered } = state;
  if (!menusFetch || !state.restaurant) return { state: rendered, hydrate: true };
  const restaurantId = state.restaurant.id;
  try {
    const response = await doFetch(menusPath(restaurantId, menusFetch.type), {
      headers: { Accept: 'application/json', 'Accept-Language': state.locale, 'X-Restaurant-Id': String(restaurantId) },
      credentials: 'same-origin',
    });
    if (!response.ok) return { state: rendered, hydrate: false };
    const menus = (await response.json()) as MenusResponse;
    const sameVersion = strongTag(response.headers.get('etag')) === strongTag(menusFetch.etag);
    return { state: { ...rendered, menus }, hydrate: sameVersion };
  } catch {
    return { state: rendered, hydrate: false };
  }
}

/** An ETag without the weak marker a proxy may add when it recompresses. */
function strongTag(tag: string | null): string | null {
  return tag?.replace(/^W\//, '') ?? null;
}
