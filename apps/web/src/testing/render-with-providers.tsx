import type { SsrState } from '@servery/contracts/ssr';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { I18n } from '../i18n/i18n';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../components/ui/toasts';
import { createI18n } from '../i18n/i18n';
import { i18nForReact } from '../i18n/i18n-for-react';
import { TranslationProvider } from '../i18n/texts';
import type { Locale } from '../i18n/locales';
import { ClockProvider } from '../lib/clock';
import { InitialDataProvider, NavigationTracker } from '../lib/initial-data';
import { ambientQueryClient } from '../lib/query-client';
import { OrderingPluginsProvider } from '../ordering';
import { orderingPlugins } from '../app/vertical-plugins';

export interface RenderOptions {
  path?: string;
  locale?: Locale;
  /** Freezes the app's clock at this time. */
  now?: Date;
  /** The server's clock as a server-rendered page brings it, on the browser's live clock (which may say another time). */
  serverNow?: Date;
  /** Renders as if the page came from the server with this state. */
  ssr?: SsrState | null;
  /** The server-state cache; by default the test's own (a fresh one per test: testing/setup.ts). */
  queryClient?: QueryClient;
  /** The history entry's state at `path` (what a `<Link state>` hands the screen). */
  state?: unknown;
}

/**
 * Renders shared UI or a feature's screen with what the app provides around it (the test's
 * QueryClient, a fresh i18n instance, initial data, a frozen clock when `now` is given, toasts, the verticals plugged into the ordering core (app/vertical-plugins.ts), a router at `path`,
 * the layout's Suspense boundary). Tests of
 * the whole route table live in app/ and use the app's own providers; this helper stays in the
 * shared layer so features can use it.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', locale = 'en-CA', now, serverNow, ssr = null, queryClient = ambientQueryClient(), state }: RenderOptions = {},
): RenderResult & { i18n: I18n; queryClient: QueryClient } {
  const i18n = createI18n(locale);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TranslationProvider i18n={i18nForReact(i18n)}>
        <InitialDataProvider ssr={ssr} url={ssr ? path : null}>
          <ClockProvider
            initialNow={now ?? serverNow ?? (ssr ? new Date(ssr.now) : null)}
            fromServer={serverNow !== undefined || ssr !== null}
            live={now === undefined && ssr === null}
          >
            <ToastProvider>
              <OrderingPluginsProvider plugins={orderingPlugins}>
                <MemoryRouter initialEntries={[state === undefined ? path : { ...entryOf(path), state }]}>
                  <NavigationTracker />
                  {/* The app's layout holds a lazy screen's suspension (app/app-layout.tsx); so does this. */}
                  <Suspense fallback={null}>{ui}</Suspense>
                </MemoryRouter>
              </OrderingPluginsProvider>
            </ToastProvider>
          </ClockProvider>
        </InitialDataProvider>
      </TranslationProvider>
    </QueryClientProvider>,
  );
  return { ...result, i18n, queryClient };
}

function entryOf(path: string): { pathname: string; search: string } {
  const at = path.indexOf('?');
  return at < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, at), search: path.slice(at) };
}
