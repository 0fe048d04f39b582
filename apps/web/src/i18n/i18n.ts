import type { TFunction } from 'i18next';
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

function resourcesNow(): Map<string, Catalogue> {
  return new Map(catalogues);
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
    const catalogue = resources.get(candidate);
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
  const resources = resourcesNow();
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
    hasResourceBundle: (lng) => resources.has(lng),
    addResourceBundle: (lng, _namespace, catalogue) => {
      resources.set(lng, catalogue);
    },
  };
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
