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
