import type { SsrState } from '@servery/contracts/ssr';
import type { I18n } from '../i18n/i18n';
import { StaticRouter } from 'react-router';
import { AppShell } from './app';

/** The app on the server: the same shell and routes as in the browser, at a fixed address. */
export function ServerApp({ i18n, ssr, url }: { i18n: I18n; ssr: SsrState; url: string }) {
  return (
    <AppShell i18n={i18n} ssr={ssr} url={url}>
      {(routes) => <StaticRouter location={url}>{routes}</StaticRouter>}
    </AppShell>
  );
}
