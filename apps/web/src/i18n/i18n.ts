import i18next, { type i18n as I18n } from 'i18next';
import enCA from './en-CA.json';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

export type Catalogue = typeof enCA;

/**
 * English is bundled: it is the default and every other language's fallback. Other languages are
 * their own chunk, fetched once before the first render in that language (main.tsx) or on a switch,
 * so an English page does not carry the French catalogue (and vice versa for all but the fallback).
 */
const catalogues = new Map<Locale, Catalogue>([[DEFAULT_LOCALE, enCA]]);
const loaders: Partial<Record<Locale, () => Promise<Catalogue>>> = {
  'fr-CA': () => import('./fr-CA.json').then((module) => module.default),
};
const loading = new Map<Locale, Promise<void>>();

/** Makes a catalogue available at once (the server entry and tests bundle every language). */
export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues.set(locale, catalogue);
}

export function isCatalogueLoaded(locale: Locale): boolean {
  return catalogues.has(locale);
}

/** Fetches a language's catalogue once; later calls share the first download. */
export function loadCatalogue(locale: Locale): Promise<void> {
  const loader = loaders[locale];
  if (catalogues.has(locale) || !loader) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = loader().then(
      (catalogue) => {
        catalogues.set(locale, catalogue);
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

function resourcesNow(): Record<string, { translation: Catalogue }> {
  return Object.fromEntries([...catalogues].map(([locale, catalogue]) => [locale, { translation: catalogue }]));
}

/**
 * One i18next instance per app (or per test, or per server render), never the global one, so two
 * renders in different languages cannot leak into each other. Initialisation is synchronous with the
 * catalogues already loaded (load the locale's first with loadCatalogue): the first paint is already
 * in the right language. A locale whose catalogue is missing shows English until it arrives.
 */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: resourcesNow(),
    // Catalogues loaded later are added with addResourceBundle.
    partialBundledLanguages: true,
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

/** Switches an instance to a locale: at once when its catalogue is here, else after fetching it. */
export function switchLanguage(instance: I18n, locale: Locale): Promise<void> {
  const apply = () => {
    const catalogue = catalogues.get(locale);
    if (catalogue && !instance.hasResourceBundle(locale, 'translation')) instance.addResourceBundle(locale, 'translation', catalogue);
    return instance.changeLanguage(locale).then(() => undefined);
  };
  return isCatalogueLoaded(locale) ? apply() : loadCatalogue(locale).then(apply);
}
