/**
 * An item's diets, allergens and own tax rates, between the tenant file and the item form. The file
 * keeps diets and allergens as comma-separated words ("Dairy,Gluten") and tax rates as exact
 * fractions ("0.09975"); the form has one box per word and a percentage per tax ("9.975"), the way a
 * restaurant reads its rates. The percentage is turned into the fraction by moving the decimal point
 * in the text, never through a binary float (docs/decisions/0109-item-tax-rates-as-percentages.md).
 */
import type { MenuItemForm } from '@servery/contracts/forms';
import { ALLERGENS, DIETS, parseWordList } from '@servery/domain/menu-search';
import { normaliseDecimal } from '@servery/domain/money';

type Words<T extends readonly string[]> = Record<T[number], boolean>;
export type ItemFactValues = Pick<MenuItemForm, 'diets' | 'allergens' | 'tax1' | 'tax2'>;

/** The file's fields the form sets here, for the server's refusals to land on their boxes. */
export const FACT_FIELD_OF_SUFFIX: Readonly<Record<string, string>> = {
  '.diets': 'diets',
  '.allergens': 'allergens',
  '.tax_rate': 'tax1',
  '.tax_rate.tax1': 'tax1',
  '.tax_rate.tax2': 'tax2',
  '.promos': 'promos',
};

/** "0.13" as "13", "0.09975" as "9.975"; null when the text is not a decimal. */
export function rateToPercent(rate: string | number): string | null {
  const text = normaliseDecimal(rate);
  if (text === null) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const padded = fraction.padEnd(2, '0');
  return joinDecimal(whole + padded.slice(0, 2), padded.slice(2));
}

/** "13" as "0.13", "9.975" (or French "9,975") as "0.09975"; null when the text is not a decimal. */
export function percentToRate(percent: string): string | null {
  const text = normaliseDecimal(percent.replace(',', '.'));
  if (text === null) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const padded = whole.padStart(3, '0');
  return joinDecimal(padded.slice(0, -2), padded.slice(-2) + fraction);
}

function joinDecimal(whole: string, fraction: string): string {
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals === '' ? integer : `${integer}.${decimals}`;
}

function boxes<T extends readonly string[]>(allowed: T, list: unknown): Words<T> {
  const chosen = new Set(typeof list === 'string' ? parseWordList(list) : []);
  return Object.fromEntries(allowed.map((word) => [word, chosen.has(word)])) as Words<T>;
}

type TaxRateField = { tax1?: string | number | null; tax2?: string | number | null };
type TaxValues = Pick<ItemFactValues, 'tax1' | 'tax2'>;

/** An item's, section's or menu's own tax rates as the form's percentages ("" where it has none). */
export function taxRateValues(entry: Record<string, unknown>): TaxValues {
  const taxRate = (entry.tax_rate ?? {}) as TaxRateField;
  const percent = (rate: string | number | null | undefined) =>
    rate === null || rate === undefined ? '' : (rateToPercent(rate) ?? String(rate));
  return { tax1: percent(taxRate.tax1), tax2: percent(taxRate.tax2) };
}

/**
 * The entry with the form's tax rates (each checked: empty or a percentage); none left out of the
 * file, as an entry that never had one, so it takes the rate of the level above it.
 */
export function applyTaxRates<T extends object>(entry: T, values: TaxValues): T {
  // The rates as they were read: the file's own text, numbers and nulls stay as written.
  const shown = taxRateValues(entry as Record<string, unknown>);
  if (values.tax1.trim() === shown.tax1 && values.tax2.trim() === shown.tax2) return entry;
  const next = { ...entry } as Record<string, unknown>;
  const rates: TaxRateField = {};
  for (const bracket of ['tax1', 'tax2'] as const) {
    const typed = values[bracket].trim();
    const rate = typed === '' ? null : percentToRate(typed);
    if (rate !== null) rates[bracket] = rate;
  }
  if (Object.keys(rates).length > 0) next.tax_rate = rates;
  else delete next.tax_rate;
  return next as T;
}

export type WordBoxValues = Pick<MenuItemForm, 'diets' | 'allergens'>;

/** The form's boxes of an item's or an option value's diets and allergens. */
export function wordBoxValues(entry: Record<string, unknown>): WordBoxValues {
  return { diets: boxes(DIETS, entry.diets), allergens: boxes(ALLERGENS, entry.allergens) };
}

/**
 * The file's word list with the form's boxes: the words it had keep their places (a word the form has
 * no box for too), a word newly checked follows in the boxes' order. A list whose boxes are as they
 * were read is given back exactly as the file wrote it ("Dairy,Egg,Fish,Gluten" stays so, spaces and
 * all): saving an item whose allergens nobody touched must not rewrite them. null: no word left.
 */
function wordList<T extends readonly string[]>(allowed: T, before: unknown, checked: Partial<Words<T>>): string | null {
  const had = typeof before === 'string' ? parseWordList(before) : [];
  const boxed = new Set<string>(allowed);
  const on = (word: string) => checked[word as T[number]] === true;
  const kept = had.filter((word) => !boxed.has(word) || on(word));
  const added = allowed.filter((word) => on(word) && !had.includes(word));
  if (typeof before === 'string' && added.length === 0 && kept.length === had.length) return before.trim() === '' ? null : before;
  const list = [...kept, ...added];
  return list.length === 0 ? null : list.join(',');
}

/**
 * The item or option value with the form's diets and allergens (wordList: as the file had them where
 * the boxes are unchanged); a list with no box checked is left out of the file, as an entry that never
 * had one, and a field the file did not have is not added empty.
 */
export function applyWordBoxes<T extends object>(entry: T, values: WordBoxValues): T {
  const next = { ...entry } as Record<string, unknown>;
  for (const [field, list] of [
    ['diets', wordList(DIETS, next.diets, values.diets)],
    ['allergens', wordList(ALLERGENS, next.allergens, values.allergens)],
  ] as const) {
    if (list !== null) next[field] = list;
    else if (typeof next[field] === 'string' && next[field] !== '') delete next[field];
  }
  return next as T;
}

/** The form's values of the item's diets, allergens and tax rates. */
export function itemFactValues(item: Record<string, unknown>): ItemFactValues {
  return { ...wordBoxValues(item), ...taxRateValues(item) };
}

/**
 * The item with the form's diets, allergens (in the file's word order) and tax rates (checked: each
 * is empty or a percentage). A list left with no box checked, or no rate, is left out of the file,
 * as an item that never had one; a tax left empty takes the rate of the level above it.
 */
export function applyItemFacts<T extends Record<string, unknown>>(item: T, values: ItemFactValues): T {
  return applyTaxRates(applyWordBoxes(item, values), values);
}
