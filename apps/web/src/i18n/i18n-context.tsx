import type { TFunction } from 'i18next';
import type { I18n } from './i18n';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export interface I18nContextValue {
  i18n: I18n;
  /** The current language's translate function: a new function when the language changes, so memoised screens follow. */
  t: TFunction;
  language: string;
}

const I18nContext = createContext<I18nContextValue | null>(null);

/**
 * Gives every component the app's translator (i18n.ts) and its `t`. A few lines of our own instead of
 * react-i18next: the menu route's first load is budgeted, and we use none of react-i18next's extras
 * (Trans, Suspense loading, HOCs). The keys stay type-checked through i18next's types.
 */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const sync = (next: string) => setLanguage(next);
    i18n.on('languageChanged', sync);
    // The language may have changed between the first render and this effect.
    sync(i18n.language);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);

  const value = useMemo<I18nContextValue>(() => ({ i18n, language, t: i18n.getFixedT(language) }), [i18n, language]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The translate function and the translator; the same shape react-i18next's hook had. */
export function useTranslation(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTranslation needs an <I18nProvider> above it');
  return value;
}
