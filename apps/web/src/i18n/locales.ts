import type { Locale } from '@servery/contracts/tenant-file';

export type { Locale };

/** The product's languages (spec: en-CA and fr-CA, fallback en-CA). Kept here as a value so zod stays out of the bundle. */
export const LOCALES = ['en-CA', 'fr-CA'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'en-CA';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Any language tag to one of ours: fr, fr-FR, fr-CA → fr-CA; everything else → en-CA. */
export function toLocale(tag: string | null | undefined): Locale {
  if (isLocale(tag)) return tag;
  return tag?.toLowerCase().startsWith('fr') ? 'fr-CA' : DEFAULT_LOCALE;
}

/** The two-letter language of a locale, for `lang` attributes on text in another language. */
export function languageOf(locale: Locale): 'en' | 'fr' {
  return locale === 'fr-CA' ? 'fr' : 'en';
}
