import { LOCALES, type Locale } from './tenant-file';

export const DEFAULT_LOCALE: Locale = 'en-CA';

/** The language tags of an Accept-Language header, best first ("fr-CA,fr;q=0.9,en;q=0.8" → fr-ca, fr, en); q=0 ones left out. */
export function rankedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The request's language from an Accept-Language header ("fr-CA", "fr", "fr-CA,fr;q=0.9,en;q=0.8"):
 * the first listed language we speak, by quality; en-CA when none.
 */
export function negotiateLocale(header: string | undefined | null): Locale {
  for (const tag of rankedLanguages(header)) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr-CA';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-CA';
  }
  return DEFAULT_LOCALE;
}
