import type { i18n as I18n } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/ui/toasts';
import { toLocale } from '../i18n/locales';
import { applyDocumentLocale } from '../lib/locale-preference';

/** Everything a screen may rely on, independent of the router (so tests and a later server render can pick theirs). */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  useEffect(() => {
    const sync = (language: string) => applyDocumentLocale(toLocale(language));
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);

  return (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>{children}</ToastProvider>
    </I18nextProvider>
  );
}
