import type { SsrState } from '@servery/contracts/ssr';
import type { I18n } from '../i18n/i18n';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toasts';
import { i18nForReact } from '../i18n/i18n-for-react';
import { TranslationProvider } from '../i18n/texts';
import { toLocale } from '../i18n/locales';
import { ClockProvider } from '../lib/clock';
import { InitialDataProvider } from '../lib/initial-data';
import { applyDocumentLocale } from '../lib/locale-preference';
import { ambientQueryClient } from '../lib/query-client';

export interface AppProvidersProps {
  i18n: I18n;
  /** The server-rendered page's state: its data and its clock are the first render's. */
  ssr?: SsrState | null;
  /** The address the server rendered (path and query). */
  url?: string | null;
  /** false freezes the clock at the first render's time (tests). */
  liveClock?: boolean;
  /** The first render's time when there is no server state (tests). */
  now?: Date;
  /** The app's server-state cache: the page's one client unless given (the server render gives one per request). */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Everything a screen may rely on, independent of the router (so tests and the server render pick theirs). */
export function AppProviders({ i18n, ssr = null, url = null, liveClock = true, now, queryClient, children }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? ambientQueryClient());
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const sync = (next: string) => {
      applyDocumentLocale(toLocale(next));
      setLanguage(next);
    };
    // The language may have changed between the first render and this effect.
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);

  // A new value for react-i18next's context on each language, in that language (i18n.ts
  // i18nForReact): the hook re-renders the components React has hydrated, but only a context change
  // reaches the parts of a server-rendered page React has not hydrated yet (each menu section's
  // Suspense boundary), which React then hydrates in the server's language before rendering them in the new one.
  const forReact = useMemo(() => i18nForReact(i18n, language), [i18n, language]);
  const initialNow = ssr ? new Date(ssr.now) : (now ?? null);
  return (
    <QueryClientProvider client={client}>
      <TranslationProvider i18n={forReact}>
        <InitialDataProvider ssr={ssr} url={url}>
          <ClockProvider initialNow={initialNow} fromServer={ssr !== null} live={liveClock}>
            <ToastProvider>{children}</ToastProvider>
          </ClockProvider>
        </InitialDataProvider>
      </TranslationProvider>
    </QueryClientProvider>
  );
}
