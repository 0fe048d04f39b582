import type { SsrState } from '@servery/contracts/ssr';
import type { I18n } from '../i18n/i18n';
import { type ReactNode, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorFallback } from '../components/ui/error-fallback';
import { NavigationTracker } from '../lib/initial-data';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { SessionStart } from './session-start';

export interface AppProps {
  i18n: I18n;
  /** The server's state when the page was server-rendered (hydration), else null. */
  ssr?: SsrState | null;
  /** The address the server rendered (path and query). */
  url?: string | null;
}

/** The app in the browser. */
export function App({ i18n, ssr = null, url = null }: AppProps) {
  // Marks the page interactive (`<html data-hydrated>`) once the server's markup is hydrated: until
  // then its buttons are only HTML. A hook, not a component, so the tree (and useId) matches the server's.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // A navigation renders the next screen at once (its spinner while its code loads) rather than in a
  // transition that keeps the previous screen under the new address with no sign that the tap took
  // (docs/decisions/0053-react.md).
  return (
    <AppShell i18n={i18n} ssr={ssr} url={url}>
      {(routes) => <BrowserRouter useTransitions={false}>{routes}</BrowserRouter>}
    </AppShell>
  );
}

/**
 * Providers, the last-resort error boundary and the routes, around a router the caller picks: the
 * browser's, or a static one on the server. Both render the same elements, so hydration matches.
 */
export function AppShell({ i18n, ssr, url, children }: Required<AppProps> & { children: (routes: ReactNode) => ReactNode }) {
  return (
    <AppProviders i18n={i18n} ssr={ssr} url={url}>
      {/* Last resort: the layout itself failed. Screens fail inside the layout's own boundary. */}
      <ErrorBoundary fallback={(props) => <ErrorFallback {...props} />}>
        {children(
          <>
            <SessionStart />
            <NavigationTracker />
            <AppRoutes />
          </>,
        )}
      </ErrorBoundary>
    </AppProviders>
  );
}
