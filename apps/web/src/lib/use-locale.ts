import { useCallback } from 'react';
import { switchLanguage } from '../i18n/i18n';
import { useTexts } from '../i18n/texts';
import type { Locale } from '../i18n/locales';
import { persistLocale } from './locale-preference';

/** The current locale and a way to change it; every component using it re-renders in the new language. */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void } {
  const { i18n, locale } = useTexts();
  const setLocale = useCallback(
    (next: Locale) => {
      persistLocale(next);
      void switchLanguage(i18n, next);
    },
    [i18n],
  );
  return { locale, setLocale };
}
