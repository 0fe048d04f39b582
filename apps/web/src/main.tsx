import { SSR_STATE_ELEMENT_ID, type SsrState } from '@servery/contracts/ssr';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { rootContainerId } from '@servery/contracts/ssr';
import { rootContainer } from './app/root-container';
import { preloadRouteAt } from './app/routes';
import { createI18n, loadAllMessages, loadCatalogue } from './i18n/i18n';
import { isLocale } from './i18n/locales';
import { applyDocumentLocale, readInitialLocale } from './lib/locale-preference';
import './global.css';

const container = rootContainer();
if (!container) throw new Error('index.html needs <div id="app"></div>');
// The server's rule on the same address (path and query); the app layout keeps it on each navigation.
container.id = rootContainerId(window.location.pathname + window.location.search);

/** The state the server rendered with, from <script type="application/json" id="servery-state">; null without one. */
function readServerState(): SsrState | null {
  const text = document.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as SsrState;
    return isLocale(state.locale) && typeof state.now === 'string' ? state : null;
  } catch {
    return null;
  }
}

const ssr = container.hasChildNodes() ? readServerState() : null;
// A server-rendered page keeps the server's language for its first render, or hydration would not match.
const locale = ssr?.locale ?? readInitialLocale();
applyDocumentLocale(locale);

function app() {
  return (
    <StrictMode>
      <App i18n={createI18n(locale)} ssr={ssr} url={ssr ? window.location.pathname + window.location.search : null} />
    </StrictMode>
  );
}

// The language's catalogue (French is its own chunk) and, for a server-rendered page, the screen's
// code come first: hydration then renders at once, in the server's language, without suspending.
// A catalogue that fails to load leaves the page in English rather than blank.
const catalogue = loadCatalogue(locale).catch(() => undefined);
if (ssr) {
  // Hydrating in a transition lets React yield to the browser every few milliseconds (a default-lane
  // hydration runs as one long task, which a phone feels as a frozen page); the server's HTML is
  // already on screen, so nothing waits for it (docs/decisions/0040-menu-first-load.md).
  void Promise.all([catalogue, preloadRouteAt(window.location.pathname, ssr.restaurant)]).then(() =>
    startTransition(() => {
      hydrateRoot(container, app());
    }),
  );
} else {
  void catalogue.then(() => createRoot(container).render(app()));
}

// The menu's first load carries its own messages only (i18n/first-load-messages.ts): the whole
// catalogue follows once the browser is idle, so a toast or a screen opened later has its text at once.
const loadRestOfMessages = () => void loadAllMessages().catch(() => undefined);
if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(loadRestOfMessages, { timeout: 5000 });
else window.setTimeout(loadRestOfMessages, 3000);
