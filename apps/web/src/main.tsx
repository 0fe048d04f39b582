import type { SsrState } from '@servery/contracts/ssr';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { rootContainerId } from '@servery/contracts/ssr';
import { rootContainer } from './app/root-container';
import { preloadRouteAt } from './app/routes';
import { readServerState, withRenderedMenus } from './app/server-state';
import { createI18n, loadAllMessages, loadCatalogue } from './i18n/i18n';
import { applyDocumentLocale, readInitialLocale } from './lib/locale-preference';
import { installFailureReports } from './lib/report-failures';
import { loadRestaurantFonts } from './lib/restaurant-fonts';
import './global.css';

installFailureReports();

const container = rootContainer();
if (!container) throw new Error('index.html needs <div id="app"></div>');
// The server's rule on the same address (path and query); the app layout keeps it on each navigation.
container.id = rootContainerId(window.location.pathname + window.location.search);

const ssr = container.hasChildNodes() ? readServerState() : null;
// A server-rendered page keeps the server's language for its first render, or hydration would not match.
const locale = ssr?.locale ?? readInitialLocale();
applyDocumentLocale(locale);

/** Resolves in a later task: what follows runs in a task of its own, and the browser can paint or answer before it. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function app(state: SsrState | null) {
  return (
    <StrictMode>
      <App i18n={createI18n(locale)} ssr={state} url={state ? window.location.pathname + window.location.search : null} />
    </StrictMode>
  );
}

// The language's catalogue (French is its own chunk) and, for a server-rendered page, the screen's
// code and the menus the page left out come first: hydration then renders at once, in the server's
// language, without suspending. A catalogue that fails to load leaves the page in English rather than blank.
const catalogue = loadCatalogue(locale).catch(() => undefined);
if (ssr) {
  // The theme's fonts are asked for now, with the screen's code: they arrive and swap in before the
  // page hydrates, instead of after it (applyTheme), when each swap relaid out the page in a long
  // task of its own. Not from the page itself: fonts requested before the first paint delay it.
  if (ssr.restaurant) void loadRestaurantFonts(ssr.restaurant.theme.fonts);
  // The hydration is cut into tasks the browser can answer between (a phone's tap is not held behind
  // one long task; docs/decisions/0049-menu-hydration-in-short-tasks.md): the chunks and the menus
  // arrive, then the restaurant's time zone is read once in a task of its own (the first reading
  // loads the zone's Intl data, which the menu's opening state and prices need), then the page
  // hydrates, in a transition: React yields to the browser every few milliseconds while hydrating, the
  // page's frame first and its Suspense boundaries (header, menu, each section) after it, the one a
  // diner touches before the others (docs/decisions/0053-react.md).
  const zone = ssr.restaurant?.zone;
  const schedule = zone ? import('@servery/domain/price-schedule').catch(() => null) : null;
  // The screen's chunks are asked for in the next task: asking adds a modulepreload link per chunk
  // to the page, about half of the entry's own task on a 300-item menu.
  const screen = nextTask().then(() => preloadRouteAt(window.location.pathname, ssr.restaurant, window.location.search));
  void Promise.all([withRenderedMenus(ssr), catalogue, screen, schedule])
    .then(async ([whole, , , loaded]) => {
      if (loaded && zone) {
        await nextTask();
        loaded.prepareTimeZone(zone, new Date(ssr.now));
      }
      await nextTask();
      return whole;
    })
    .then(({ state, hydrate }) => {
      // Menus other than those the server rendered (they changed in between, or did not come): the
      // page is rendered afresh from the state rather than hydrated with data its HTML does not show.
      // A mismatch between the server's HTML and this render is React's recoverable error: by default
      // it is reported as an uncaught error (the browser tests fail on one; app/hydration.test.tsx).
      if (hydrate) startTransition(() => void hydrateRoot(container, app(state)));
      else createRoot(container).render(app(state));
    });
} else {
  void catalogue.then(() => createRoot(container).render(app(null)));
}

// The menu's first load carries its own messages only (i18n/first-load-messages.ts): the whole
// catalogue follows once the browser is idle, so a toast or a screen opened later has its text at once.
const loadRestOfMessages = () => void loadAllMessages().catch(() => undefined);
if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(loadRestOfMessages, { timeout: 5000 });
else window.setTimeout(loadRestOfMessages, 3000);
