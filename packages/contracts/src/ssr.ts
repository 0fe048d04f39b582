/**
 * The contract between the API, which renders Landing and Menu on the server, and the web's server
 * entry (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr/entry-server.js). Neither imports
 * the other: the API loads the built file by path and both agree on these types.
 */
import type { AnnouncementsResponse, MenusQuery, MenusResponse, PublicRestaurant, QueueTimeResponse } from './restaurant';
import type { Locale } from './tenant-file';

/** What the server knew when it rendered; the browser hydrates from the same state without refetching. */
export interface SsrState {
  locale: Locale;
  /** The server's clock (ISO-8601) for anything that depends on time: open hours, price schedules. */
  now: string;
  slug: string;
  /** null: no such restaurant (the page renders page-not-found with status 404). */
  restaurant: PublicRestaurant | null;
  menus: MenusResponse | null;
  announcements: AnnouncementsResponse | null;
  queue: QueueTimeResponse | null;
  /**
   * Only in the copy of the state written into the page, in place of `menus` (then null): the menus
   * the server rendered are left out of the page (a 300-item menu is 260 kB of JSON, most of the
   * page's bytes, which the browser would download and parse before its first paint), and the
   * browser fetches them from the menus API (GET /api/restaurants/{id}/menus?type=) while its code
   * loads. It hydrates with them when their ETag is this one, the version the server rendered; any
   * other answer renders the page afresh (docs/decisions/0049-menu-hydration-in-short-tasks.md).
   */
  menusFetch?: { type: MenusQuery['type']; etag: string } | undefined;
}

export interface SsrRenderResult {
  /** The markup inside <div id="app">. */
  html: string;
  /** Extra tags for <head> (title, favicon, theme colour). */
  head: string;
  status: number;
}

export type SsrRender = (url: string, state: SsrState) => Promise<SsrRenderResult>;

/** The status of the web app's page at a path (200, or 404 where it shows page-not-found); `restaurantFound` for a restaurant's pages. */
export type SsrPageStatus = (pathname: string, restaurantFound: boolean) => 200 | 404;

/** The global the server writes the state into, as JSON in a <script type="application/json"> with this id. */
export const SSR_STATE_ELEMENT_ID = 'servery-state';

/**
 * The id of the element the app renders into (spec accounts-and-suites.md: "app-cantine when the URL
 * contains cantine, otherwise app"). `url` is the path and query, as the server receives it and as the
 * browser's router holds it: the server writes the id into the page it renders, and the browser keeps
 * it right on every navigation (apps/web/src/app/root-container.ts), so both read the same address.
 */
export function rootContainerId(url: string): 'app' | 'app-cantine' {
  return url.includes('cantine') ? 'app-cantine' : 'app';
}
