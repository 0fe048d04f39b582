import type { Locale } from '../i18n/locales';

/** Any entity of the tenant file with per-language text: base fields are English. */
export interface Localizable {
  name: string;
  localization?: Partial<Record<Locale, Record<string, string>>> | undefined;
}

/** A text field in the diner's language, falling back to the base (English) value when missing or blank. */
export function localizedField<T extends Localizable, K extends keyof T & string>(entity: T, field: K, locale: Locale): string {
  const base = entity[field];
  const baseText = typeof base === 'string' ? base : '';
  const translated = entity.localization?.[locale]?.[field];
  return translated !== undefined && translated.trim() !== '' ? translated : baseText;
}

export function localizedName(entity: Localizable, locale: Locale): string {
  return localizedField(entity, 'name', locale);
}

/**
 * A plain-text field (a name, ingredients) in the diner's language with the language it is really
 * in: the English base when the translation is missing, so the element can carry `lang="en"` on a
 * French page. The server's strip-all cleaning leaves text HTML-escaped ("Fish &amp; chips"); React
 * escapes text itself, so the entities are decoded here and the text is shown as written.
 */
export function localizedText<T extends Localizable, K extends keyof T & string>(
  entity: T,
  field: K,
  locale: Locale,
): { text: string; locale: Locale } {
  const { text, locale: textLocale } = localizedHtml(entity, field, locale);
  return { text: decodeEntities(text), locale: textLocale };
}

/** A field of restaurant HTML (a description) in the diner's language, as sent: only for RestaurantHtml. */
export function localizedHtml<T extends Localizable, K extends keyof T & string>(
  entity: T,
  field: K,
  locale: Locale,
): { text: string; locale: Locale } {
  const translated = entity.localization?.[locale]?.[field];
  if (translated !== undefined && translated.trim() !== '') return { text: translated, locale };
  const base = entity[field];
  return { text: typeof base === 'string' ? base : '', locale: 'en-CA' };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** "Fish &amp; chips" → "Fish & chips": named entities of escaped text and numeric ones; others stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}
