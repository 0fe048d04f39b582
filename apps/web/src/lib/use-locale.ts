import { useCallback } from 'react';
import { switchLanguage } from '../i18n/i18n';
import { useTexts } from '../i18n/texts';
import type { Locale } from '../i18n/locales';
import { persistLocale } from './locale-preference';

/**
 * The current locale and ways to change it; every component using it re-renders in the new language.
 * `setLocale` is the diner's choice, kept in the `locale` cookie; `showLocale` changes the page only (a
 * restaurant that does not offer the diner's choice speaks its own default, and the choice stays).
 */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void; showLocale: (locale: Locale) => void } {
  const { i18n, locale } = useTexts();
  const showLocale = useCallback((next: Locale) => void switchLanguage(i18n, next), [i18n]);
  const setLocale = useCallback(
    (next: Locale) => {
      persistLocale(next);
      showLocale(next);
    },
    [showLocale],
  );
  return { locale, setLocale, showLocale };
}
