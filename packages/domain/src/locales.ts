/**
 * Which language a restaurant's pages speak (spec ordering.md, the restaurant's `locales`: locale_short,
 * locale_long, label, is_default). The restaurant decides which languages it offers; within those the
 * diner's own choice (the `locale` cookie) wins, then the browser's language, then the restaurant's
 * default. Pure: the server's page render (apps/api/src/plugins/ssr.ts) and the web's header
 * (apps/web/src/components/restaurant-shell/restaurant-header.tsx) ask the same question.
 */
export type OfferedLocale = 'en-CA' | 'fr-CA';

const SPOKEN: readonly OfferedLocale[] = ['en-CA', 'fr-CA'];

export interface LocaleEntryLike {
  locale_long: string;
  is_default: boolean;
}

const isSpoken = (value: unknown): value is OfferedLocale => typeof value === 'string' && (SPOKEN as readonly string[]).includes(value);

/**
 * The languages the restaurant offers that the product speaks, its default first. A list naming none
 * we speak (or no list) offers both, English first: a restaurant is never left with no language.
 */
export function offeredLocales(entries: readonly LocaleEntryLike[] | null | undefined): OfferedLocale[] {
  const spoken = (entries ?? []).filter((entry) => isSpoken(entry.locale_long));
  if (spoken.length === 0) return [...SPOKEN];
  const ordered = [...spoken.filter((entry) => entry.is_default), ...spoken.filter((entry) => !entry.is_default)];
  return [...new Set(ordered.map((entry) => entry.locale_long as OfferedLocale))];
}

/** The page's language: the diner's choice if offered, else the first offered of the browser's languages, else the default. */
export function chooseLocale(
  choice: string | null | undefined,
  browser: readonly string[],
  offered: readonly OfferedLocale[],
): OfferedLocale {
  const fallback = offered[0] ?? 'en-CA';
  if (isSpoken(choice) && offered.includes(choice)) return choice;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    const spoken: OfferedLocale | null = lower.startsWith('fr') ? 'fr-CA' : lower.startsWith('en') ? 'en-CA' : null;
    if (spoken && offered.includes(spoken)) return spoken;
  }
  return fallback;
}
