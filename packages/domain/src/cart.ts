/**
 * Cart rules (spec ordering.md sections 4 and 5): merging identical lines, the next order id, the
 * max items / max and min meals limits, K-12 carts kept per date, the catering minimum, and trimming
 * a restored cart. Prices here are the client's running totals (orderPrice); the server prices
 * carts itself (cart-lines.ts, pricing.ts) and only compares them.
 *
 * Exported API:
 * - Types `CartItem`, `CartOptionGroup`, `CartOptionValue` (spec field names, amounts in cents),
 *   `NewCartItem` (a CartItem whose orderId is ignored), `RotationalOrder` { date, orderId, items },
 *   `CartLimits` { maxItemsPerCart?, maxMealsPerCart?, isMeal? }.
 * - `nextOrderId(items): number`: max existing orderId + 1 (1 for an empty cart).
 * - `sameSelection(a, b): boolean`: deep-equal option selections, order of groups and values ignored
 *   (adjustedPrice ignored: it is a price, not a choice).
 * - `isSameCartItem(a, b): boolean`: same id, menu_id, section_id and selection.
 * - `totalQuantity(items)`, `mealQuantity(items, isMeal)`.
 * - `addToCart(cart, itemToAdd, limits): AddToCartResult`: merges into an identical line (quantity and
 *   price added), else appends a line with the next orderId. The added quantity is capped so the cart
 *   stays within maxItemsPerCart and, for meal items, maxMealsPerCart; `added`, `capped` and
 *   `limitedBy` say what happened. Nothing fits: `{ ok: false, error: 'MAX_ITEMS_PER_CART' |
 *   'MAX_MEALS_PER_CART', limit }`; a quantity that is not a whole number >= 1: 'INVALID_QUANTITY'.
 * - `setLineQuantity(cart, orderId, quantity, limits)`: the cart screen's quantity edit, capped the
 *   same way (0 removes the line); `removeLine(cart, orderId)`.
 * - `addToRotationalCart(orders, date, itemToAdd, limits)`: K-12, one cart per date; the limits are
 *   per date (each date's cart is a cart of its own). A new date gets the next orderId among the dates.
 * - `dropDatesBefore(orders, firstDate)`: K-12 dates past the cutoff are dropped (yyyy-MM-dd).
 * - `checkMealLimits(items, limits & { minMealsPerCart? })`: min and max meals of one cart (one K-12
 *   date) as a value; `checkRotationalMeals(orders, limits)`: the same per date, first failure.
 * - `checkCateringMinimum(subtotal, minCateringAmount)`: `{ ok: true }` or
 *   `{ ok: false, error: 'BELOW_CATERING_MINIMUM', minimum, subtotal, missing }`.
 * - `trimToMax(items, limits)`: for a restored cart: keeps lines in order and trims quantities (then
 *   drops empty lines) so the cart fits maxItemsPerCart and maxMealsPerCart; prices shrink in proportion.
 */
import { ratio, roundToCents } from './decimal';

export interface CartOptionValue {
  id: number;
  /** Units of this value in ONE item. */
  quantity: number;
  /** The client's price for one unit of this value after promos: compared by the server, never used. */
  adjustedPrice?: number | undefined;
  options?: CartOptionGroup[] | undefined;
}

export interface CartOptionGroup {
  id: number;
  values: CartOptionValue[];
}

export interface CartItem {
  id: number;
  menu_id: number;
  section_id: number | null;
  /** Local sequence number of the line in its cart. */
  orderId: number;
  quantity: number;
  /** The client's price of the whole line (all units, options and item promos), cents. */
  orderPrice: number;
  orderOptions: CartOptionGroup[];
  /** The diner's note for the kitchen: carried with the line, never priced. */
  specialInstructions?: string | undefined;
}

export type NewCartItem = Omit<CartItem, 'orderId'> & { orderId?: number | undefined };

export interface RotationalOrder {
  /** yyyy-MM-dd */
  date: string;
  orderId: number;
  items: CartItem[];
}

export interface CartLimits {
  maxItemsPerCart?: number | null | undefined;
  maxMealsPerCart?: number | null | undefined;
  /** Whether a line's item is a meal package; none is when absent. */
  isMeal?: ((item: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>) => boolean) | undefined;
}

export type CartLimit = 'maxItemsPerCart' | 'maxMealsPerCart';

export type AddToCartResult =
  | { ok: true; items: CartItem[]; orderId: number; merged: boolean; added: number; capped: boolean; limitedBy: CartLimit | null }
  | { ok: false; error: 'MAX_ITEMS_PER_CART' | 'MAX_MEALS_PER_CART'; limit: number }
  | { ok: false; error: 'INVALID_QUANTITY' };

export function nextOrderId(items: readonly Pick<CartItem, 'orderId'>[]): number {
  return items.reduce((max, item) => Math.max(max, item.orderId), 0) + 1;
}

function canonical(groups: readonly CartOptionGroup[] | undefined): string {
  // Several entries for one group are one group (as validateSelection counts them).
  const byGroup = new Map<number, CartOptionValue[]>();
  for (const group of groups ?? []) byGroup.set(group.id, [...(byGroup.get(group.id) ?? []), ...group.values]);
  const entries = [...byGroup.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, values]) => {
      const inner = values
        .map((value) => `${value.id}x${value.quantity}${canonical(value.options)}`)
        .sort()
        .join(',');
      return `${id}:[${inner}]`;
    });
  return `{${entries.join(';')}}`;
}

export function sameSelection(a: readonly CartOptionGroup[] | undefined, b: readonly CartOptionGroup[] | undefined): boolean {
  return canonical(a) === canonical(b);
}

export function isSameCartItem(
  a: Pick<CartItem, 'id' | 'menu_id' | 'section_id' | 'orderOptions'>,
  b: Pick<CartItem, 'id' | 'menu_id' | 'section_id' | 'orderOptions'>,
): boolean {
  return (
    a.id === b.id &&
    a.menu_id === b.menu_id &&
    (a.section_id ?? null) === (b.section_id ?? null) &&
    sameSelection(a.orderOptions, b.orderOptions)
  );
}

export function totalQuantity(items: readonly Pick<CartItem, 'quantity'>[]): number {
  return items.reduce((total, item) => total + item.quantity, 0);
}

export function mealQuantity(items: readonly CartItem[], isMeal: CartLimits['isMeal']): number {
  return isMeal ? items.reduce((total, item) => total + (isMeal(item) ? item.quantity : 0), 0) : 0;
}

function isWholeQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1;
}

/** The line price of `part` units of a line priced `price` for `of` units: in proportion, rounded half-up. */
function scaledPrice(price: number, part: number, of: number): number {
  return part === of ? price : roundToCents(ratio(BigInt(price) * BigInt(part), BigInt(of)));
}

/** How many of `wanted` fit next to `others`, and which limit stopped the rest. */
function room(
  others: readonly CartItem[],
  item: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>,
  wanted: number,
  limits: CartLimits,
): { fits: number; limitedBy: CartLimit | null; limit: number | null } {
  let fits = wanted;
  let limitedBy: CartLimit | null = null;
  let limit: number | null = null;
  if (limits.maxItemsPerCart != null) {
    const left = Math.max(0, limits.maxItemsPerCart - totalQuantity(others));
    if (left < fits) [fits, limitedBy, limit] = [left, 'maxItemsPerCart', limits.maxItemsPerCart];
  }
  if (limits.maxMealsPerCart != null && limits.isMeal?.(item)) {
    const left = Math.max(0, limits.maxMealsPerCart - mealQuantity(others, limits.isMeal));
    if (left < fits) [fits, limitedBy, limit] = [left, 'maxMealsPerCart', limits.maxMealsPerCart];
  }
  return { fits, limitedBy, limit };
}

function limitError(limitedBy: CartLimit | null, limit: number | null): AddToCartResult {
  return { ok: false, error: limitedBy === 'maxMealsPerCart' ? 'MAX_MEALS_PER_CART' : 'MAX_ITEMS_PER_CART', limit: limit ?? 0 };
}

export function addToCart(cart: readonly CartItem[], itemToAdd: NewCartItem, limits: CartLimits = {}): AddToCartResult {
  if (!isWholeQuantity(itemToAdd.quantity)) return { ok: false, error: 'INVALID_QUANTITY' };
  const { fits, limitedBy, limit } = room(cart, itemToAdd, itemToAdd.quantity, limits);
  if (fits === 0) return limitError(limitedBy, limit);
  const addedPrice = scaledPrice(itemToAdd.orderPrice, fits, itemToAdd.quantity);
  const capped = fits < itemToAdd.quantity;
  const existing = cart.find((line) => isSameCartItem(line, itemToAdd));
  if (existing) {
    const items = cart.map((line) =>
      line === existing ? { ...line, quantity: line.quantity + fits, orderPrice: line.orderPrice + addedPrice } : line,
    );
    return { ok: true, items, orderId: existing.orderId, merged: true, added: fits, capped, limitedBy: capped ? limitedBy : null };
  }
  const orderId = nextOrderId(cart);
  const line: CartItem = {
    id: itemToAdd.id,
    menu_id: itemToAdd.menu_id,
    section_id: itemToAdd.section_id ?? null,
    orderId,
    quantity: fits,
    orderPrice: addedPrice,
    orderOptions: itemToAdd.orderOptions,
  };
  return { ok: true, items: [...cart, line], orderId, merged: false, added: fits, capped, limitedBy: capped ? limitedBy : null };
}

/**
 * Sets a line's quantity; its price follows in proportion. 0 removes the line. A raise is capped by
 * the limits like an addition (then `capped`); an unknown orderId or a bad quantity changes nothing.
 */
export function setLineQuantity(
  cart: readonly CartItem[],
  orderId: number,
  quantity: number,
  limits: CartLimits = {},
): { items: CartItem[]; quantity: number; capped: boolean; limitedBy: CartLimit | null } {
  const line = cart.find((entry) => entry.orderId === orderId);
  if (!line || !Number.isSafeInteger(quantity) || quantity < 0) {
    return { items: [...cart], quantity: line?.quantity ?? 0, capped: false, limitedBy: null };
  }
  if (quantity === 0) return { items: removeLine(cart, orderId), quantity: 0, capped: false, limitedBy: null };
  const others = cart.filter((entry) => entry !== line);
  const { fits, limitedBy } = quantity > line.quantity ? room(others, line, quantity, limits) : { fits: quantity, limitedBy: null };
  // Never below what the line had: a cart already over a limit is trimmed by trimToMax, not here.
  const kept = Math.max(fits, Math.min(quantity, line.quantity));
  const items = cart.map((entry) =>
    entry === line ? { ...entry, quantity: kept, orderPrice: scaledPrice(entry.orderPrice, kept, entry.quantity) } : entry,
  );
  const capped = kept < quantity;
  return { items, quantity: kept, capped, limitedBy: capped ? limitedBy : null };
}

export function removeLine(cart: readonly CartItem[], orderId: number): CartItem[] {
  return cart.filter((entry) => entry.orderId !== orderId);
}

export function addToRotationalCart(
  orders: readonly RotationalOrder[],
  date: string,
  itemToAdd: NewCartItem,
  limits: CartLimits = {},
): AddToCartResult & { orders?: RotationalOrder[] } {
  const current = orders.find((order) => order.date === date);
  const result = addToCart(current?.items ?? [], itemToAdd, limits);
  if (!result.ok) return result;
  const updated: RotationalOrder = current
    ? { ...current, items: result.items }
    : { date, orderId: nextOrderId(orders), items: result.items };
  const next = current ? orders.map((order) => (order === current ? updated : order)) : [...orders, updated];
  return { ...result, orders: next.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) };
}

export function dropDatesBefore(orders: readonly RotationalOrder[], firstDate: string): RotationalOrder[] {
  return orders.filter((order) => order.date >= firstDate);
}

export type MealLimitsResult =
  | { ok: true; meals: number }
  | { ok: false; error: 'MIN_MEALS_PER_CART'; limit: number; meals: number; date?: string }
  | { ok: false; error: 'MAX_MEALS_PER_CART'; limit: number; meals: number; date?: string };

/** An empty cart is not held to the minimum (there is nothing to check out). */
export function checkMealLimits(
  items: readonly CartItem[],
  limits: CartLimits & { minMealsPerCart?: number | null | undefined },
): MealLimitsResult {
  const meals = mealQuantity(items, limits.isMeal);
  if (limits.maxMealsPerCart != null && meals > limits.maxMealsPerCart) {
    return { ok: false, error: 'MAX_MEALS_PER_CART', limit: limits.maxMealsPerCart, meals };
  }
  if (limits.minMealsPerCart != null && items.length > 0 && meals < limits.minMealsPerCart) {
    return { ok: false, error: 'MIN_MEALS_PER_CART', limit: limits.minMealsPerCart, meals };
  }
  return { ok: true, meals };
}

export function checkRotationalMeals(
  orders: readonly RotationalOrder[],
  limits: CartLimits & { minMealsPerCart?: number | null | undefined },
): MealLimitsResult {
  let meals = 0;
  for (const order of orders) {
    const result = checkMealLimits(order.items, limits);
    if (!result.ok) return { ...result, date: order.date };
    meals += result.meals;
  }
  return { ok: true, meals };
}

export type CateringMinimumResult =
  { ok: true } | { ok: false; error: 'BELOW_CATERING_MINIMUM'; minimum: number; subtotal: number; missing: number };

/** Subtotal (cents, pricing.md `subtotal`) against the restaurant's min_catering_amount (cents; null: none). */
export function checkCateringMinimum(subtotal: number, minCateringAmount: number | null | undefined): CateringMinimumResult {
  if (minCateringAmount == null || subtotal >= minCateringAmount) return { ok: true };
  return { ok: false, error: 'BELOW_CATERING_MINIMUM', minimum: minCateringAmount, subtotal, missing: minCateringAmount - subtotal };
}

export function trimToMax(items: readonly CartItem[], limits: CartLimits = {}): { items: CartItem[]; trimmed: boolean } {
  const kept: CartItem[] = [];
  let trimmed = false;
  for (const item of items) {
    const { fits } = room(kept, item, item.quantity, limits);
    if (fits < item.quantity) trimmed = true;
    if (fits > 0)
      kept.push(fits === item.quantity ? item : { ...item, quantity: fits, orderPrice: scaledPrice(item.orderPrice, fits, item.quantity) });
  }
  return { items: kept, trimmed };
}
