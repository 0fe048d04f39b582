/**
 * From a cart as a client sends it to the priced lines of pricing.ts, from the server's own menu data
 * (spec pricing.md sections 1 and 6, ordering.md sections 4 and 5). A client's `orderPrice` and
 * `adjustedPrice` are compared with the server's, never used.
 *
 * Exported API:
 * - Menu shapes (the tenant file's field names, only what pricing needs): `MenuGroupData`,
 *   `MenuData`, `SectionData`, `ItemData`, `OptionGroupData`, `OptionValueData`, `PromoData`.
 * - `CartLineContext` { menuGroups, promos, restaurantTaxRate, now, zone, validMember, orderType? }.
 * - `CartLineError` (one per offending line, errors as values):
 *   415 ITEM_SOLD_OUT (the item or its section is sold out);
 *   426 ITEM_UNAVAILABLE (menu group, menu, section or item missing, unpublished or deleted; a
 *       member-only menu without a valid member; a menu not for the order type, when given; the
 *       item's unavailable flag; the item's or a chosen value's price schedule says not now);
 *   400 INVALID_OPTIONS with the selection issues of validateSelection (required, single, limit,
 *       max_quantity, unknown, quantity);
 *   400 INVALID_QUANTITY (a line quantity that is not a whole number >= 1, or below the item's
 *       min_quantity: a caterer's "feeds 10");
 *   428 ITEM_PRICE_CHANGED with `freshPrice` (the line's price now) and `freshItem` (the line with the
 *       server's orderPrice and adjustedPrices).
 *   The first that applies, in that order of checks: quantity, existence and member/order type (426),
 *   sold out (415), unavailable (426), options (400, or 426 when the only issue is a value's schedule),
 *   price (428).
 * - `buildCartLines(items, context): CartLinesResult` = { ok, lines, items, errors }: `lines` are the
 *   pricing lines of every line that can be priced (all but 415, 426 and 400: a 428 line is priced at
 *   its fresh price), `items` the same lines as fresh CartItems (server prices), `errors` one per
 *   offending line; `ok` when there is no error.
 * - `promoIndex(promos)` and `promosNamed(ids, index)`: the promos an item or value names, in order.
 * - `linePrice(line: PricingLine): number`: a line's price (sum of its parts after item promos);
 *   `linesSubtotal(lines)` their sum.
 *
 * Readings where the spec is silent:
 * - published_at: absent means published, null a draft, a date published from then on; a menu with
 *   deleted_at at or before `now` is gone. Unpublished option values count as not in the item.
 * - A value's `adjustedPrice` is the price of ONE unit of it after its promos; it is compared only
 *   when the client sent a number.
 * - Option parts are in the order the client sent them, depth first; the line's item part first.
 * - A nested option value without a `tax_rate` inherits its item's rates (pricing.md: "an option value
 *   without one inherits its item's"), not its parent value's.
 */
import { priceAt } from './price-schedule';
import {
  validateSelection,
  type ItemLike,
  type OptionGroupLike,
  type OptionValueLike,
  type SelectedGroup,
  type SelectionIssue,
} from './item-selection';
import { isMenuForOrderType, type MenuFlags } from './menu-visibility';
import type { OrderType } from './order-type';
import { applyPromos, type ItemPromo, type PricingLine, type PricingPart } from './pricing';
import { effectiveTaxRates, overrideTaxRates, type TaxRateLike } from './taxes';
import type { CartItem, CartOptionGroup, CartOptionValue } from './cart';

type PublishedAt = string | null | undefined;

export interface OptionValueData extends OptionValueLike {
  published_at?: PublishedAt;
  promos: number[];
  tax_rate?: TaxRateLike | undefined;
  options: OptionGroupData[];
}

export interface OptionGroupData extends OptionGroupLike {
  values: OptionValueData[];
}

export interface ItemData extends ItemLike {
  published_at?: PublishedAt;
  /** The fewest a line may order; absent means 1. */
  min_quantity?: number | undefined;
  promos: number[];
  tax_rate?: TaxRateLike | undefined;
  tax_rebate_eligibility: boolean;
  meal_package: boolean;
  options: OptionGroupData[];
}

export interface SectionData {
  id: number;
  published_at?: PublishedAt;
  sold_out: boolean;
  tax_rate?: TaxRateLike | undefined;
  items: ItemData[];
}

export interface MenuData extends MenuFlags {
  id: number;
  published_at?: PublishedAt;
  deleted_at?: string | null | undefined;
  tax_rate?: TaxRateLike | undefined;
  sections: SectionData[];
  items: ItemData[];
}

export interface MenuGroupData {
  id: number;
  published_at?: PublishedAt;
  menus: MenuData[];
}

export interface PromoData {
  id: number;
  percent?: string | undefined;
  /** Cents. */
  amount?: number | undefined;
}

export interface CartLineContext {
  menuGroups: readonly MenuGroupData[];
  /** The restaurant's promos, which items and values name by id (an unknown id is ignored). */
  promos: readonly PromoData[];
  restaurantTaxRate: TaxRateLike;
  now: Date;
  zone: string;
  /** A valid member of the restaurant's program (the API says no for provider SPH). */
  validMember: boolean;
  /** When given, a menu not for this order type makes its lines unavailable (menu-visibility.ts). */
  orderType?: OrderType | undefined;
}

export type CartLineError =
  | { code: 415; error: 'ITEM_SOLD_OUT'; orderId: number }
  | { code: 426; error: 'ITEM_UNAVAILABLE'; orderId: number }
  | { code: 428; error: 'ITEM_PRICE_CHANGED'; orderId: number; freshPrice: number; freshItem: CartItem }
  | { code: 400; error: 'INVALID_OPTIONS'; orderId: number; issues: SelectionIssue[] }
  | { code: 400; error: 'INVALID_QUANTITY'; orderId: number };

export interface CartLinesResult {
  ok: boolean;
  lines: PricingLine[];
  items: CartItem[];
  errors: CartLineError[];
}

/** The restaurant's promos by id, for `promosNamed`. */
export function promoIndex(promos: readonly PromoData[]): ReadonlyMap<number, PromoData> {
  return new Map(promos.map((promo) => [promo.id, promo]));
}

/**
 * The promos an item or option value names (`promos`, ids), in its order; an id the restaurant does
 * not have is ignored. The cart's lines and the menu answer's promo prices both read them so.
 */
export function promosNamed(ids: readonly number[], promosById: ReadonlyMap<number, PromoData>): ItemPromo[] {
  return ids.flatMap((id) => {
    const promo = promosById.get(id);
    return promo ? [{ percent: promo.percent, amount: promo.amount }] : [];
  });
}

export function linePrice(line: PricingLine): number {
  return line.parts.reduce((total, part) => total + applyPromos(part.unitPrice, part.promos) * part.quantity, 0);
}

/** The subtotal of built lines before any reduction (pricing.md 1.3), for checks that need no full pricing. */
export function linesSubtotal(lines: readonly PricingLine[]): number {
  return lines.reduce((sum, line) => sum + linePrice(line), 0);
}

// A menu tree holds few distinct dates, read for every line of every cart: each is parsed once
// (bounded, the oldest out first).
const parsedTimes = new Map<string, number>();
const PARSED_TIMES_MAX = 5000;

function timeOf(text: string): number {
  let time = parsedTimes.get(text);
  if (time === undefined) {
    time = Date.parse(text);
    parsedTimes.set(text, time);
    if (parsedTimes.size > PARSED_TIMES_MAX) parsedTimes.delete(parsedTimes.keys().next().value!);
  }
  return time;
}

function isPublished(publishedAt: PublishedAt, now: Date): boolean {
  if (publishedAt === undefined) return true;
  if (publishedAt === null) return false;
  const time = timeOf(publishedAt);
  return Number.isFinite(time) && time <= now.getTime();
}

function isDeleted(deletedAt: string | null | undefined, now: Date): boolean {
  if (deletedAt == null) return false;
  const time = timeOf(deletedAt);
  return Number.isFinite(time) && time <= now.getTime();
}

interface Located {
  menu: MenuData;
  section: SectionData | null;
  item: ItemData;
}

interface MenuIndex {
  menus: Map<number, MenuData>;
}

function indexMenus(groups: readonly MenuGroupData[], now: Date): MenuIndex {
  const menus = new Map<number, MenuData>();
  for (const group of groups) {
    if (!isPublished(group.published_at, now)) continue;
    for (const menu of group.menus) {
      if (isPublished(menu.published_at, now) && !isDeleted(menu.deleted_at, now) && !menus.has(menu.id)) menus.set(menu.id, menu);
    }
  }
  return { menus };
}

function locate(index: MenuIndex, item: CartItem, now: Date): Located | null {
  const menu = index.menus.get(item.menu_id);
  if (!menu) return null;
  let section: SectionData | null = null;
  let items = menu.items;
  if (item.section_id != null) {
    section = menu.sections.find((entry) => entry.id === item.section_id) ?? null;
    if (!section || !isPublished(section.published_at, now)) return null;
    items = section.items;
  }
  const found = items.find((entry) => entry.id === item.id);
  return found && isPublished(found.published_at, now) ? { menu, section, item: found } : null;
}

/**
 * The time from which every value of an option tree is published: -Infinity when none has a date, NaN
 * when one never is (a draft or a date that does not parse). Once per tree: the menu trees a server
 * prices with are shared and never changed (a new menu version is a new tree).
 */
const treesPublishedFrom = new WeakMap<readonly OptionGroupData[], number>();

function publishedFrom(groups: readonly OptionGroupData[]): number {
  let from = treesPublishedFrom.get(groups);
  if (from === undefined) {
    from = Number.NEGATIVE_INFINITY;
    for (const group of groups)
      for (const value of group.values) {
        const own =
          value.published_at === undefined ? Number.NEGATIVE_INFINITY : value.published_at === null ? NaN : timeOf(value.published_at);
        // NaN (never published) wins over any time.
        from = Math.max(from, own, publishedFrom(value.options));
      }
    treesPublishedFrom.set(groups, from);
  }
  return from;
}

/** The item's option tree without unpublished values (so they count as unknown). */
function publishedGroups(groups: OptionGroupData[], now: Date): OptionGroupData[] {
  // Every value is published: the tree as it is (nothing reads it but to look values up).
  if (publishedFrom(groups) <= now.getTime()) return groups;
  return groups.map((group) => ({
    ...group,
    values: group.values
      .filter((value) => isPublished(value.published_at, now))
      .map((value) => ({ ...value, options: publishedGroups(value.options, now) })),
  }));
}

function toSelection(groups: readonly CartOptionGroup[] | undefined): SelectedGroup[] {
  return (groups ?? []).map((group) => ({
    id: group.id,
    values: group.values.map((value) => ({ id: value.id, quantity: value.quantity, options: toSelection(value.options) })),
  }));
}

export function buildCartLines(items: readonly CartItem[], context: CartLineContext): CartLinesResult {
  const { now, zone } = context;
  const index = indexMenus(context.menuGroups, now);
  const promosById = promoIndex(context.promos);
  const promosOf = (ids: readonly number[]): ItemPromo[] => promosNamed(ids, promosById);

  const lines: PricingLine[] = [];
  const freshItems: CartItem[] = [];
  const errors: CartLineError[] = [];

  for (const cartItem of items) {
    const orderId = cartItem.orderId;
    if (!Number.isSafeInteger(cartItem.quantity) || cartItem.quantity < 1) {
      errors.push({ code: 400, error: 'INVALID_QUANTITY', orderId });
      continue;
    }
    const located = locate(index, cartItem, now);
    if (
      !located ||
      (located.menu.member_only && !context.validMember) ||
      (context.orderType !== undefined && !isMenuForOrderType(located.menu, context.orderType))
    ) {
      errors.push({ code: 426, error: 'ITEM_UNAVAILABLE', orderId });
      continue;
    }
    const { menu, section, item: rawItem } = located;
    if (cartItem.quantity < (rawItem.min_quantity ?? 1)) {
      errors.push({ code: 400, error: 'INVALID_QUANTITY', orderId });
      continue;
    }
    if (rawItem.sold_out || section?.sold_out) {
      errors.push({ code: 415, error: 'ITEM_SOLD_OUT', orderId });
      continue;
    }
    const itemPrice = priceAt(rawItem, now, zone);
    if (rawItem.unavailable || !itemPrice.available) {
      errors.push({ code: 426, error: 'ITEM_UNAVAILABLE', orderId });
      continue;
    }
    // The item itself when every option value is published (nearly always): a copy of each line's item
    // was a share of a new cart's pricing.
    const options = publishedGroups(rawItem.options, now);
    const item: ItemData = options === rawItem.options ? rawItem : { ...rawItem, options };
    const selection = toSelection(cartItem.orderOptions);
    const issues = validateSelection(item, selection, now, zone);
    if (issues.length > 0) {
      errors.push(selectionError(issues, orderId));
      continue;
    }

    const itemRates = effectiveTaxRates(context.restaurantTaxRate, menu.tax_rate, section?.tax_rate, item.tax_rate);
    const parts: PricingPart[] = [
      {
        kind: 'item',
        id: item.id,
        unitPrice: itemPrice.price,
        promos: promosOf(item.promos),
        quantity: cartItem.quantity,
        alcoholic: item.alcoholic_beverage,
        meal: item.meal_package,
        rebateEligible: item.tax_rebate_eligibility,
        taxRates: itemRates,
      },
    ];
    let clientPricesMatch = true;
    const walk = (groups: OptionGroupData[], chosen: readonly CartOptionGroup[] | undefined, multiplier: number): CartOptionGroup[] =>
      (chosen ?? []).map((entry) => {
        const group = groups.find((candidate) => candidate.id === entry.id);
        return {
          id: entry.id,
          values: entry.values.map((chosenValue): CartOptionValue => {
            // validateSelection passed: the value exists and is available now.
            const value = group?.values.find((candidate) => candidate.id === chosenValue.id);
            const price = value ? priceAt(value, now, zone) : { available: false as const };
            if (!value || !price.available) throw new Error('validated option value went missing');
            const promos = promosOf(value.promos);
            const adjustedPrice = applyPromos(price.price, promos);
            if (typeof chosenValue.adjustedPrice === 'number' && chosenValue.adjustedPrice !== adjustedPrice) clientPricesMatch = false;
            const units = chosenValue.quantity * multiplier;
            parts.push({
              kind: 'option',
              id: value.id,
              unitPrice: price.price,
              promos,
              quantity: units,
              alcoholic: value.alcoholic_beverage || item.alcoholic_beverage,
              meal: item.meal_package,
              rebateEligible: item.tax_rebate_eligibility,
              taxRates: overrideTaxRates(itemRates, value.tax_rate),
            });
            const options = walk(value.options, chosenValue.options, units);
            return { id: chosenValue.id, quantity: chosenValue.quantity, adjustedPrice, ...(chosenValue.options ? { options } : {}) };
          }),
        };
      });
    const orderOptions = walk(item.options, cartItem.orderOptions, cartItem.quantity);
    const line: PricingLine = { orderId, quantity: cartItem.quantity, parts };
    const freshPrice = linePrice(line);
    const freshItem: CartItem = {
      id: cartItem.id,
      menu_id: cartItem.menu_id,
      section_id: cartItem.section_id ?? null,
      orderId,
      quantity: cartItem.quantity,
      orderPrice: freshPrice,
      orderOptions,
      // The diner's note travels with the priced line into the stored order: the kitchen ticket,
      // the confirmation and the receipt read it there (apps/api/src/use-cases/orders/order-view.ts).
      ...(cartItem.specialInstructions?.trim() ? { specialInstructions: cartItem.specialInstructions.trim() } : {}),
    };
    lines.push(line);
    freshItems.push(freshItem);
    if (cartItem.orderPrice !== freshPrice || !clientPricesMatch) {
      errors.push({ code: 428, error: 'ITEM_PRICE_CHANGED', orderId, freshPrice, freshItem });
    }
  }
  return { ok: errors.length === 0, lines, items: freshItems, errors };
}

/**
 * A line whose options no longer hold: a value staff marked sold out answers like a sold-out item
 * (415, the cart drops the line), a value out of its schedule like an unavailable one (426); any
 * other broken rule is the client's selection (400 with the issues).
 */
export function selectionError(issues: readonly SelectionIssue[], orderId: number): CartLineError {
  const optionIssues = issues.filter((issue) => issue.rule !== 'unavailable' && issue.rule !== 'sold_out');
  if (optionIssues.length > 0) return { code: 400, error: 'INVALID_OPTIONS', orderId, issues: [...issues] };
  if (issues.some((issue) => issue.rule === 'sold_out')) return { code: 415, error: 'ITEM_SOLD_OUT', orderId };
  return { code: 426, error: 'ITEM_UNAVAILABLE', orderId };
}
