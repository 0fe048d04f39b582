import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale, type Locale } from '../i18n/locales';
import { persistLocale } from './locale-preference';

/** The current locale and a way to change it; every component using it re-renders in the new language. */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void } {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const setLocale = useCallback(
    (next: Locale) => {
      persistLocale(next);
      void i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { locale, setLocale };
}
