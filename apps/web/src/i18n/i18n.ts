import type { TFunction } from 'i18next';
import type enCA from './en-CA.json';
import enFirstLoad from './en-CA.json?first-load';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

export type Catalogue = typeof enCA;

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

/** Makes a whole catalogue available at once (tests bundle every language). */
export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  wholeCatalogues.set(locale, catalogue);
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
          }),
        ),
      ),
  ).then(() => undefined);
}

/** The messages of a language as they are now: the whole catalogue once here, else its first-load part. */
function catalogueOf(locale: string): Catalogue | undefined {
  return wholeCatalogues.get(locale as Locale) ?? firstLoadCatalogues.get(locale as Locale);
}

/**
 * The translator every screen uses through i18n-context: the few things of i18next the app relies
 * on (keys with dots, `{{name}}` interpolation, plural forms `_one`/`_other` chosen by
 * Intl.PluralRules, `defaultValue`, English as the fallback, a `languageChanged` event), in about a
 * kilobyte. i18next itself weighed 15 kB gzip on the menu's first load and was most of the server's
 * time rendering a 300-item menu (docs/decisions/0040-menu-first-load.md). Its types still check the
 * keys (i18next.d.ts), so `t` is typed as i18next's TFunction.
 */
export interface I18n {
  /** The current language (a Locale; a string like i18next's). */
  readonly language: string;
  t: TFunction;
  /** A translate function for one language, whatever the current language later becomes. */
  getFixedT: (language: string) => TFunction;
  changeLanguage: (language: string) => Promise<void>;
  on: (event: 'languageChanged', listener: (language: string) => void) => void;
  off: (event: 'languageChanged', listener: (language: string) => void) => void;
  hasResourceBundle: (language: string, namespace: 'translation') => boolean;
  addResourceBundle: (language: string, namespace: 'translation', catalogue: Catalogue) => void;
}

type TranslateOptions = Record<string, unknown> & { count?: unknown; defaultValue?: unknown };

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The string at a dotted path of a catalogue; undefined for a missing key or a branch. */
function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

function valueAt(options: TranslateOptions, path: string): unknown {
  let node: unknown = options;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(template: string, options: TranslateOptions | undefined): string {
  if (!options || !template.includes('{{')) return template;
  return template.replace(PLACEHOLDER, (_match, path: string) => {
    const value = valueAt(options, path);
    return value === undefined || value === null ? '' : String(value as string);
  });
}

function translate(resources: Map<string, Catalogue>, language: string, key: string, options?: TranslateOptions): string {
  const languages = language === DEFAULT_LOCALE ? [language] : [language, DEFAULT_LOCALE];
  const count = typeof options?.count === 'number' ? options.count : null;
  for (const candidate of languages) {
    const catalogue = resources.get(candidate) ?? catalogueOf(candidate);
    if (!catalogue) continue;
    const template =
      (count === null
        ? undefined
        : (lookup(catalogue, `${key}_${pluralCategory(candidate, count)}`) ?? lookup(catalogue, `${key}_other`))) ?? lookup(catalogue, key);
    if (template !== undefined) return interpolate(template, options);
  }
  return interpolate(typeof options?.defaultValue === 'string' ? options.defaultValue : key, options);
}

/**
 * One translator per app (or per test, or per server render), so two renders in different
 * languages cannot leak into each other. It starts synchronously with the catalogues already loaded
 * (load the locale's first with loadCatalogue): the first paint is already in the right language. A
 * locale whose catalogue is missing shows English until it arrives.
 */
export function createI18n(locale: Locale): I18n {
  wanted.add(locale);
  // Catalogues added to this instance alone; the shared ones are read at each call, so a catalogue
  // that arrives later (the whole one after the first-load part) serves the next render.
  const resources = new Map<string, Catalogue>();
  const listeners = new Set<(language: string) => void>();
  let language: string = (LOCALES as readonly string[]).includes(locale) ? locale : DEFAULT_LOCALE;
  const fixed = new Map<string, TFunction>();
  const getFixedT = (lng: string): TFunction => {
    let t = fixed.get(lng);
    if (!t) {
      t = ((key: string, options?: TranslateOptions) => translate(resources, lng, key, options)) as unknown as TFunction;
      fixed.set(lng, t);
    }
    return t;
  };
  return {
    get language() {
      return language;
    },
    t: ((key: string, options?: TranslateOptions) => translate(resources, language, key, options)) as unknown as TFunction,
    getFixedT,
    changeLanguage: (next) => {
      language = next;
      for (const listener of [...listeners]) listener(next);
      return Promise.resolve();
    },
    on: (_event, listener) => listeners.add(listener),
    off: (_event, listener) => listeners.delete(listener),
    hasResourceBundle: (lng) => resources.has(lng) || catalogueOf(lng) !== undefined,
    addResourceBundle: (lng, _namespace, catalogue) => {
      resources.set(lng, catalogue);
    },
  };
}

/**
 * Switches an instance to a locale once that language's whole catalogue is here: the screen shown
 * may be any screen. Without it (a failed download) the first-load part, then English, stand in.
 */
export function switchLanguage(instance: I18n, locale: Locale): Promise<void> {
  // A part of the page React has not hydrated yet is hydrated first, in the server's language, then
  // renders the new one (selective hydration: docs/decisions/0053-react.md).
  const apply = () => instance.changeLanguage(locale).then(() => undefined);
  return wholeCatalogues.has(locale) ? apply() : loadAllMessages([locale]).then(apply, () => loadCatalogue(locale).then(apply, apply));
}
