/**
 * Menu search and the diet and allergen filters (spec ordering.md sections 2 and 9).
 */

export const DIETS = ['Pescatarian', 'Vegan', 'Vegetarian'] as const;
export type Diet = (typeof DIETS)[number];

export const ALLERGENS = ['Peanuts', 'Treenuts', 'Dairy', 'Gluten', 'Egg', 'Fish', 'Soy', 'Sesame', 'Mustard', 'Alcohol'] as const;
export type Allergen = (typeof ALLERGENS)[number];

export interface SearchableItem {
  name: string;
  description: string;
  ingredients: string;
  /** Comma-separated: "Vegan, Vegetarian". */
  diets: string;
  /** Comma-separated: "Dairy, Gluten". */
  allergens: string;
  /** Per-language text: { "fr-CA": { name: "Poulet", description: "…" } }. */
  localization: Partial<Record<string, Record<string, string>>>;
  /** When set, an alcoholic item counts as containing Alcohol even if its allergens do not say so. */
  alcoholic_beverage?: boolean | undefined;
}

export interface MenuFilters {
  query: string;
  diets: Diet[];
  allergens: Allergen[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Letters that NFD does not take apart. */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

/**
 * Text as search compares it: "Crème <b>Brûlée</b>" -> "creme brulee". Strips HTML tags, decodes the
 * common entities, lower-cases, removes diacritics (NFKD: NFD plus compatibility forms, so "ﬁ" is
 * "fi" and a full-width "Ａ" is "a") and spells out ligatures NFKD keeps (œ -> oe), turns
 * every character that is not a letter or digit into a space (so "l’œuf", "l'oeuf" and "l oeuf" all
 * read "l oeuf", and "crème-brûlée" finds "creme brulee"), then collapses spaces.
 */
export function normaliseSearchText(text: string): string {
  return (
    text
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => decodeEntity(name) ?? entity)
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      // NFKD can uncover capitals (the mathematical "𝓐" is an "A"), so lower-case again.
      .toLowerCase()
      .replace(/[œæßøłđı]/g, (letter) => LIGATURES[letter] ?? letter)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

function decodeEntity(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.startsWith('#')) {
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
  }
  return Object.hasOwn(ENTITIES, lower) ? (ENTITIES[lower] ?? null) : null;
}

/** "Dairy, Gluten" -> ['Dairy', 'Gluten']: trimmed, empty entries dropped. */
export function parseWordList(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

/**
 * - Query: every word of the normalised query appears (as part of a word) in the normalised name,
 *   description or ingredients, in English or any translation, so "poulet" finds Chicken. The words
 *   may come from different fields or languages. An empty query matches everything.
 * - Diets: the item has every selected diet.
 * - Allergens: the diner avoids them, so an item that contains any selected allergen is excluded
 *   (Alcohol also excludes items marked alcoholic_beverage). Allergens of option values are not looked at.
 * Diet and allergen words compare case-insensitively.
 */
export function matchesFilters(item: SearchableItem, filters: MenuFilters): boolean {
  if (filters.diets.length > 0) {
    const diets = new Set(parseWordList(item.diets).map((word) => word.toLowerCase()));
    if (!filters.diets.every((diet) => diets.has(diet.toLowerCase()))) return false;
  }
  if (filters.allergens.length > 0) {
    const allergens = new Set(parseWordList(item.allergens).map((word) => word.toLowerCase()));
    if (item.alcoholic_beverage === true) allergens.add('alcohol');
    if (filters.allergens.some((allergen) => allergens.has(allergen.toLowerCase()))) return false;
  }
  const words = queryWords(filters.query);
  if (words.length === 0) return true;
  const haystack = searchText(item);
  return words.every((word) => haystack.includes(word));
}

export function hasActiveFilters(filters: MenuFilters): boolean {
  return queryWords(filters.query).length > 0 || filters.diets.length > 0 || filters.allergens.length > 0;
}

function queryWords(query: string): string[] {
  const text = normaliseSearchText(query);
  return text === '' ? [] : text.split(' ');
}

const SEARCHED_FIELDS = ['name', 'description', 'ingredients'] as const;

/** Every searched field in every language, normalised, one space apart so no query word can span two fields. */
function searchText(item: SearchableItem): string {
  const texts: string[] = SEARCHED_FIELDS.map((field) => item[field]);
  for (const translation of Object.values(item.localization)) {
    if (!translation) continue;
    for (const field of SEARCHED_FIELDS) {
      const text = translation[field];
      if (typeof text === 'string') texts.push(text);
    }
  }
  return ` ${texts.map(normaliseSearchText).join(' ')} `;
}
