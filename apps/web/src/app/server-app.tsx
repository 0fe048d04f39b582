import type { SsrState } from '@servery/contracts/ssr';
import type { I18n } from '../i18n/i18n';
import { useState } from 'react';
import { StaticRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppShell } from './app';

/**
 * The app on the server: the same shell and routes as in the browser, at a fixed address. Each
 * render has its own QueryClient, so two requests never see each other's data or session.
 */
export function ServerApp({ i18n, ssr, url }: { i18n: I18n; ssr: SsrState; url: string }) {
  const [queryClient] = useState(() => createQueryClient({ server: true }));
  return (
    <AppShell i18n={i18n} ssr={ssr} url={url} queryClient={queryClient}>
      {(routes) => <StaticRouter location={url}>{routes}</StaticRouter>}
    </AppShell>
  );
}
