import { createInstance, type i18n as I18nextInstance, type InitOptions } from 'i18next';
import type enCA from './en-CA.json';
import enFirstLoad from './en-CA.json?first-load';
import { forgetKeptAnswers } from './i18n-for-react';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';

export type Catalogue = typeof enCA;

/** An i18next instance: one per app, per server render, per test. */
export type I18n = I18nextInstance;

const NAMESPACE = 'translation';

/**
 * Two parts per language. The first-load messages (first-load-messages.ts) are what the menu's first
 * render uses: English's are bundled, other languages' are a small chunk fetched before the first
 * render in that language (main.tsx). The whole catalogue is its own chunk, loaded with every other
 * screen, dialog and panel (`loadAllMessages`), on a language switch, and when the browser is idle
 * after the menu hydrated (docs/decisions/0044-menu-lighter-first-load.md). English is every language's fallback.
 */
const wholeCatalogues = new Map<Locale, Catalogue>();
const firstLoadCatalogues = new Map<Locale, Catalogue>([[DEFAULT_LOCALE, enFirstLoad as Catalogue]]);
const firstLoadLoaders: Partial<Record<Locale, () => Promise<Catalogue>>> = {
  'fr-CA': () => import('./fr-CA.json?first-load').then((module) => module.default as Catalogue),
};
const wholeLoaders: Record<Locale, () => Promise<Catalogue>> = {
  'en-CA': () => import('./en-CA.json').then((module) => module.default),
  'fr-CA': () => import('./fr-CA.json').then((module) => module.default as Catalogue),
};
const loading = new Map<string, Promise<void>>();
/** The languages asked for so far: loadAllMessages() loads their whole catalogues (and English's). */
const wanted = new Set<Locale>([DEFAULT_LOCALE]);

/**
 * The instances still short of the whole catalogue of a language asked for: a whole catalogue that
 * arrives is added to each (`addResourceBundle`), so its next render has every message. An instance
 * leaves the set once it has them all, so the server's per-request instances (created with whole
 * catalogues) are never held here.
 */
const waiting = new Set<I18n>();
/** Which whole catalogues each instance has been given (its first-load parts do not count). */
const givenWhole = new WeakMap<I18n, Set<Locale>>();

/** Makes a whole catalogue available at once (tests bundle every language). */
export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  wholeCatalogues.set(locale, catalogue);
  giveToWaiting(locale, catalogue);
}

export function isCatalogueLoaded(locale: Locale): boolean {
  return wholeCatalogues.has(locale) || firstLoadCatalogues.has(locale);
}

/** Runs a loader once per key; later calls share the first download, a failure lets the next call try again. */
function once(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      loading.delete(key);
      throw error;
    });
    loading.set(key, pending);
  }
  return pending;
}

/** Fetches what a language's first render of the menu needs (its first-load messages) once. */
export function loadCatalogue(locale: Locale): Promise<void> {
  wanted.add(locale);
  const loader = firstLoadLoaders[locale];
  if (isCatalogueLoaded(locale) || !loader) return Promise.resolve();
  return once(`first-load:${locale}`, () =>
    loader().then((catalogue) => {
      firstLoadCatalogues.set(locale, catalogue);
    }),
  );
}

/**
 * Fetches the whole catalogues of English and of the given languages and every language asked for
 * so far, once: any screen, dialog or panel other than the menu itself loads them with its code.
 * Each is added to every instance still without it.
 */
export function loadAllMessages(locales: readonly Locale[] = []): Promise<void> {
  for (const locale of locales) wanted.add(locale);
  return Promise.all(
    [...wanted]
      .filter((locale) => !wholeCatalogues.has(locale))
      .map((locale) =>
        once(`whole:${locale}`, () =>
          wholeLoaders[locale]().then((catalogue) => {
            wholeCatalogues.set(locale, catalogue);
            giveToWaiting(locale, catalogue);
          }),
        ),
      ),
  ).then(() => undefined);
}

/** The messages of a language as they are now: the whole catalogue once here, else its first-load part. */
function catalogueOf(locale: Locale): Catalogue | undefined {
  return wholeCatalogues.get(locale) ?? firstLoadCatalogues.get(locale);
}

/** Adds a whole catalogue to one instance, in place of its first-load part (once, when known). */
function giveWhole(instance: I18n, locale: Locale, catalogue: Catalogue): void {
  const given = givenWhole.get(instance);
  if (given?.has(locale)) return;
  // Not deep and not copied: the whole catalogue holds every message of the first-load part, so its
  // namespaces replace theirs, and i18next never writes into a bundle we do not ask it to.
  instance.addResourceBundle(locale, NAMESPACE, catalogue, false, true, { skipCopy: true, silent: true });
  forgetKeptAnswers(instance);
  if (!given) return;
  given.add(locale);
  if ([...wanted].every((wantedLocale) => given.has(wantedLocale))) waiting.delete(instance);
}

function giveToWaiting(locale: Locale, catalogue: Catalogue): void {
  for (const instance of [...waiting]) giveWhole(instance, locale, catalogue);
}

/**
 * What every instance shares. No escaping: React escapes what it renders, and a `{{name}}` would
 * otherwise show `&amp;` for a restaurant's "&". `load: 'currentOnly'`: our languages are region
 * codes with no `fr` or `en` catalogue, so i18next looks in fr-CA then en-CA, not in four. A
 * variable left out reads as nothing, as before i18next (rather than `{{name}}`).
 */
const OPTIONS: InitOptions = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  defaultNS: NAMESPACE,
  ns: [NAMESPACE],
  initAsync: false,
  interpolation: { escapeValue: false },
  missingInterpolationHandler: () => '',
  react: { useSuspense: false },
};

/**
 * One i18next instance per app (or per test, or per server render), so two renders in different
 * languages cannot leak into each other. It starts synchronously with the catalogues already loaded
 * (load the locale's first with loadCatalogue): the first paint is already in the right language. A
 * locale whose catalogue is missing shows English until it arrives. `catalogues` gives it those
 * catalogues alone, whatever is loaded (a test of the first-load messages).
 */
export function createI18n(locale: Locale, catalogues?: Partial<Record<Locale, Catalogue>>): I18n {
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  wanted.add(language);
  const resources: Partial<Record<Locale, { translation: Catalogue }>> = {};
  const given = new Set<Locale>();
  for (const candidate of LOCALES) {
    const catalogue = catalogues ? catalogues[candidate] : catalogueOf(candidate);
    if (catalogue) resources[candidate] = { [NAMESPACE]: catalogue };
    if (!catalogues && wholeCatalogues.has(candidate)) given.add(candidate);
  }
  const instance = createInstance({ ...OPTIONS, lng: language, resources });
  void instance.init();
  if (!catalogues) {
    givenWhole.set(instance, given);
    if (![...wanted].every((wantedLocale) => given.has(wantedLocale))) waiting.add(instance);
  }
  return instance;
}

/** The instance createI18n made behind what react-i18next's hook hands out (its copy, or i18nForReact's view). */
function instanceBehind(i18n: I18n): I18n {
  let candidate: object | null = i18n;
  while (candidate !== null && !givenWhole.has(candidate as I18n)) {
    const original = Object.getOwnPropertyDescriptor(candidate, '__original')?.value as object | undefined;
    candidate = original ?? (Object.getPrototypeOf(candidate) as object | null);
  }
  return (candidate as I18n | null) ?? i18n;
}

/**
 * Switches an instance to a locale once that language's whole catalogue is here: the screen shown
 * may be any screen. Without it (a failed download) the first-load part, then English, stand in.
 * With the catalogue already here the language changes at once, in the same task.
 */
export function switchLanguage(i18n: I18n, locale: Locale): Promise<void> {
  const instance = instanceBehind(i18n);
  // A part of the page React has not hydrated yet is hydrated first, in the server's language, then
  // renders the new one (selective hydration: docs/decisions/0053-react.md).
  const apply = () => {
    const whole = wholeCatalogues.get(locale);
    if (whole) giveWhole(instance, locale, whole);
    else if (!instance.hasResourceBundle(locale, NAMESPACE)) {
      const part = firstLoadCatalogues.get(locale);
      if (part) instance.addResourceBundle(locale, NAMESPACE, part, false, true, { skipCopy: true, silent: true });
      forgetKeptAnswers(instance);
    }
    return instance.changeLanguage(locale).then(() => undefined);
  };
  return wholeCatalogues.has(locale) ? apply() : loadAllMessages([locale]).then(apply, () => loadCatalogue(locale).then(apply, apply));
}
