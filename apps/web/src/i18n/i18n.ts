import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCA from './en-CA.json';
import frCA from './fr-CA.json';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

export const resources = {
  'en-CA': { translation: enCA },
  'fr-CA': { translation: frCA },
} as const;

/**
 * One i18next instance per app (or per test, or later per server render), never the global one,
 * so two renders in different languages cannot leak into each other. The catalogues are bundled,
 * which keeps initialisation synchronous: the first paint is already in the right language.
 */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // Exact locales only: without this i18next would also look up 'fr' and 'en'.
    load: 'currentOnly',
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
