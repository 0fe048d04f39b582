/**
 * What a menu card shows of an item before anyone chooses anything: whether it can be ordered now,
 * its price range, its calories; and the shapes of an item and its options that item-selection.ts
 * (the item dialog's choosing and pricing) works on. Apart from item-selection.ts because the menu's
 * first paint needs only this: item-selection.ts is fetched with the item dialog, or at a card's first
 * "Add" (docs/decisions/0096-menu-first-load-lazy-parts.md, amended 2026-12-01). item-selection.ts
 * re-exports all of it.
 */
import { priceAt, promoPriceAt, type PriceAt, type PromoPriced, type Weekday } from './price-schedule';

type PriceSchedule = Partial<Record<Weekday, string>> | undefined;

/** Which price: what the diner pays (after the item's and values' promos), or the regular one. */
export type PriceBasis = 'promo' | 'regular';

export type PriceReader = (entity: PromoPriced, now: Date, zone: string) => PriceAt;

export function priceOf(basis: PriceBasis): PriceReader {
  return basis === 'promo' ? promoPriceAt : priceAt;
}

/** The price fields an item and an option value share (price-schedule.ts reads them). */
interface PricedLike {
  id: number;
  name: string;
  /** Integer cents (an option value's: for each one of it). */
  price: number;
  price_schedule?: PriceSchedule;
  additional_prices?: Record<string, number> | undefined;
  /** The promo prices the menu answer carries (price-schedule.ts `PromoPriced`); absent: no promo. */
  adjustedPrice?: number | undefined;
  adjusted_additional_prices?: Record<string, number> | undefined;
}

export interface OptionValueLike extends PricedLike {
  /** Most of this value in one item, when its group has custom_quantities. */
  max_quantity: number | null;
  default_selection: boolean;
  alcoholic_beverage: boolean;
  /** Marked sold out by staff during service (features/staff): shown, never chosen. */
  sold_out?: boolean | undefined;
  options: OptionGroupLike[];
}

export interface OptionGroupLike {
  id: number;
  name: string;
  type: 'addons' | 'pricing';
  required: boolean;
  allow_multiple_selection: boolean;
  /** Most values (or, with custom_quantities, the most units across its values) in one item. */
  limit: number | null;
  custom_quantities: boolean;
  order: number;
  values: OptionValueLike[];
}

export interface ItemLike extends PricedLike {
  alcoholic_beverage: boolean;
  sold_out: boolean;
  unavailable: boolean;
  options: OptionGroupLike[];
}

/** A value a diner can choose: not sold out, and at least one of it allowed. */
export function selectable(value: OptionValueLike): boolean {
  return !value.sold_out && (value.max_quantity === null || value.max_quantity >= 1);
}

/**
 * For display ("$12.00 – $18.00"), when the item has a pricing group: the item's price now plus, for
 * each required pricing group, its cheapest and its dearest value available now (one unit, nested
 * options not counted). Pricing groups that are not required add nothing. Null when the item has no
 * pricing group, when the item is unavailable now, or when a required pricing group has no value
 * available now (the item cannot be ordered as it stands). Prices as `unitPrice`'s `basis` says.
 */
export function priceRange(item: ItemLike, now: Date, zone: string, basis: PriceBasis = 'promo'): { min: number; max: number } | null {
  const pricing = item.options.filter((group) => group.type === 'pricing');
  if (pricing.length === 0) return null;
  const at = priceOf(basis);
  const base = at(item, now, zone);
  if (!base.available) return null;
  let min = base.price;
  let max = base.price;
  for (const group of pricing) {
    if (!group.required) continue;
    const prices = group.values.flatMap((value) => {
      const price = at(value, now, zone);
      return price.available && selectable(value) ? [price.price] : [];
    });
    if (prices.length === 0) return null;
    min += Math.min(...prices);
    max += Math.max(...prices);
  }
  return { min, max };
}

/** Calories to show: a whole number of at least 0, else null (12.5, -1, "abc", "250" -> null). */
export function displayCalories(calories: unknown): number | null {
  return typeof calories === 'number' && Number.isSafeInteger(calories) && calories >= 0 ? calories + 0 : null;
}

/**
 * Can the item go in a cart now? Sold out (the item or its section) comes first, then the item's
 * unavailable flag, then its price schedule. Options are not looked at (validateSelection does that).
 */
export function isOrderable(
  item: ItemLike & { unavailable: boolean },
  sectionSoldOut: boolean,
  now: Date,
  zone: string,
): { orderable: true } | { orderable: false; reason: 'sold_out' | 'unavailable' } {
  if (item.sold_out || sectionSoldOut) return { orderable: false, reason: 'sold_out' };
  if (item.unavailable || !priceAt(item, now, zone).available) return { orderable: false, reason: 'unavailable' };
  return { orderable: true };
}
