/**
 * The server entry (built to dist-ssr/entry-server.js, loaded by the API): renders Landing and Menu
 * to HTML from the same components as the browser, with the data the server gathered, so the first
 * paint does not wait for JavaScript. Nothing here touches window or document, and nothing is fetched.
 */
import type { SsrPageStatus, SsrRender, SsrState } from '@servery/contracts/ssr';
import type { I18n } from './i18n/i18n';
import { renderToString } from 'react-dom/server';
// The server entry is the app's other root, like main.tsx.
import { preloadRouteAt, routeAt } from './app/routes';
import { ServerApp } from './app/server-app';
import { createI18n, loadAllMessages } from './i18n/i18n';
import { displayName } from './components/restaurant-shell/restaurant-frame';
import { THEME_STYLE_ID, themeRule, themeVariables } from './lib/theme';

export const render: SsrRender = async (url, state) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  // Lazy screens would render their Suspense fallback: load the route's code (and the language) first.
  // The whole catalogue: the browser hydrates the menu with its first-load messages alone, which
  // app/first-load-messages.test.tsx holds to the same markup.
  await Promise.all([preloadRouteAt(pathname, state.restaurant, search), loadAllMessages([state.locale])]);
  const i18n = createI18n(state.locale);
  const html = renderToString(<ServerApp i18n={i18n} ssr={state} url={url} />);
  const found = pageStatus(pathname, state.restaurant !== null) === 200;
  return { html, head: headTags(state, i18n, found), status: found ? 200 : 404 };
};

/**
 * The HTTP status of the page at `pathname`: 404 where the app shows page-not-found (no route, `/`,
 * or a restaurant's route for a restaurant that does not exist), 200 elsewhere. The server answers
 * every page with it, rendered (plugins/ssr.ts) or not (plugins/web.ts, where the restaurant is not
 * looked up and counts as found); /reset-password and /login are pages of their own, not restaurants.
 */
export const pageStatus: SsrPageStatus = (pathname, restaurantFound) => {
  const route = routeAt(pathname);
  if (!route || route.name === 'PageNotFound' || route.name === 'Home') return 404;
  return route.path.includes(':restaurantSlug') && !restaurantFound ? 404 : 200;
};

/** Title, favicon, theme colour and the theme's CSS variables (so the first paint is already in the restaurant's colours). */
function headTags(state: SsrState, i18n: I18n, found: boolean): string {
  const restaurant = found ? state.restaurant : null;
  if (!restaurant) return `<title>${escapeHtml(i18n.t('notFound.title'))}</title>`;
  const title = displayName(restaurant, state.locale);
  const variables = themeVariables(restaurant.theme);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(variables['--color-primary'] ?? restaurant.theme.primary_color)}">`,
    // The same rule applyTheme finds in the page and then leaves as it is (lib/theme.ts).
    `<style id="${THEME_STYLE_ID}">${themeRule(restaurant.theme)}</style>`,
  ];
  if (restaurant.theme.favicon) tags.push(`<link rel="icon" href="${escapeHtml(restaurant.theme.favicon)}">`);
  return tags.join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
