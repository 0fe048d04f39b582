/**
 * The K-12 cart of several children (spec ordering.md sections 4 and 5, "K12 carts are kept per
 * date"; issue: several children in one checkout): one cart per school date AND student, each a
 * cart of its own for the meal limits (a child's lunch that day), ordered by date then student.
 * The dates past the cut-off are dropped while the cart is open; an item containing one of the
 * child's allergens is named before it is added.
 *
 * Exported API:
 * - `SchoolCartOrder` { date, studentId (null: not chosen yet), orderId, items }.
 * - `addToSchoolCart(orders, { date, studentId }, itemToAdd, limits)`: `addToCart` on that date and
 *   student's cart (a new one gets the next orderId among the carts).
 * - `setSchoolLineQuantity(orders, key, lineOrderId, quantity, limits)`: the quantity edit of one
 *   line (0 removes it; an emptied cart goes).
 * - `moveToStudent(orders, key, studentId, limits)`: the cart of a date given to another child,
 *   merged into that child's cart of the same date when there is one; refused (value) when the
 *   merged cart would break the meal limits.
 * - `dropClosedDates(orders, firstOpenDate)`: { orders, dropped: dates } for the dates before it.
 * - `mealsOn(orders, key, isMeal)`: meal packages in one cart.
 * - `allergensFound(itemAllergens, studentAllergens)`: the child's allergens the item contains, in
 *   the item's order, compared without case (comma lists, spec ordering.md section 3).
 * - `allergensInLines(lines, lineAllergens, studentAllergens)`: the lines of a day's cart holding
 *   one of a child's allergens, each with those allergens: asked before the day is given to that
 *   child (`moveToStudent`), as before an item is added for them.
 * - `groupByStudent(orders)`: [{ studentId, orders }] in the order of first appearance.
 */
import {
  addToCart,
  checkMealLimits,
  mealQuantity,
  nextOrderId,
  setLineQuantity,
  type AddToCartResult,
  type CartItem,
  type CartLimits,
  type NewCartItem,
} from './cart';

export interface SchoolCartOrder {
  /** yyyy-MM-dd, in the restaurant's zone. */
  date: string;
  /** The parent's saved student the meals are for; null until one is chosen. */
  studentId: number | null;
  orderId: number;
  items: CartItem[];
}

export interface SchoolCartKey {
  date: string;
  studentId: number | null;
}

const sameKey = (order: SchoolCartKey, key: SchoolCartKey) => order.date === key.date && order.studentId === key.studentId;

function sorted(orders: SchoolCartOrder[]): SchoolCartOrder[] {
  return orders.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : (a.studentId ?? -1) - (b.studentId ?? -1)));
}

export function addToSchoolCart(
  orders: readonly SchoolCartOrder[],
  key: SchoolCartKey,
  itemToAdd: NewCartItem,
  limits: CartLimits = {},
): AddToCartResult & { orders?: SchoolCartOrder[] } {
  const current = orders.find((order) => sameKey(order, key));
  const result = addToCart(current?.items ?? [], itemToAdd, limits);
  if (!result.ok) return result;
  const updated: SchoolCartOrder = current
    ? { ...current, items: result.items }
    : { date: key.date, studentId: key.studentId, orderId: nextOrderId(orders), items: result.items };
  const next = current ? orders.map((order) => (order === current ? updated : order)) : [...orders, updated];
  return { ...result, orders: sorted(next) };
}

export function setSchoolLineQuantity(
  orders: readonly SchoolCartOrder[],
  key: SchoolCartKey,
  lineOrderId: number,
  quantity: number,
  limits: CartLimits = {},
): { orders: SchoolCartOrder[]; capped: boolean } {
  const current = orders.find((order) => sameKey(order, key));
  if (!current) return { orders: [...orders], capped: false };
  const result = setLineQuantity(current.items, lineOrderId, quantity, limits);
  const next =
    result.items.length === 0
      ? orders.filter((order) => order !== current)
      : orders.map((order) => (order === current ? { ...current, items: result.items } : order));
  return { orders: next, capped: result.capped };
}

export type MoveResult =
  { ok: true; orders: SchoolCartOrder[] } | { ok: false; error: 'MAX_MEALS_PER_CART' | 'MAX_ITEMS_PER_CART'; limit: number };

export function moveToStudent(
  orders: readonly SchoolCartOrder[],
  key: SchoolCartKey,
  studentId: number,
  limits: CartLimits = {},
): MoveResult {
  const current = orders.find((order) => sameKey(order, key));
  if (!current || key.studentId === studentId) return { ok: true, orders: [...orders] };
  const target = orders.find((order) => sameKey(order, { date: key.date, studentId }));
  if (!target) return { ok: true, orders: sorted(orders.map((order) => (order === current ? { ...current, studentId } : order))) };
  let items = target.items;
  for (const line of current.items) {
    const added = addToCart(items, line, limits);
    if (!added.ok) {
      return {
        ok: false,
        error: added.error === 'MAX_ITEMS_PER_CART' ? 'MAX_ITEMS_PER_CART' : 'MAX_MEALS_PER_CART',
        limit: 'limit' in added ? added.limit : 0,
      };
    }
    // A merge that only fits in part would drop meals the parent chose: refuse it instead.
    if (added.capped) {
      const limit = added.limitedBy === 'maxItemsPerCart' ? limits.maxItemsPerCart : limits.maxMealsPerCart;
      return { ok: false, error: added.limitedBy === 'maxItemsPerCart' ? 'MAX_ITEMS_PER_CART' : 'MAX_MEALS_PER_CART', limit: limit ?? 0 };
    }
    items = added.items;
  }
  const merged = { ...target, items };
  return { ok: true, orders: sorted(orders.filter((order) => order !== current).map((order) => (order === target ? merged : order))) };
}

export function dropClosedDates(
  orders: readonly SchoolCartOrder[],
  firstOpenDate: string,
): { orders: SchoolCartOrder[]; dropped: string[] } {
  const dropped = [...new Set(orders.filter((order) => order.date < firstOpenDate).map((order) => order.date))];
  return { orders: dropped.length === 0 ? [...orders] : orders.filter((order) => order.date >= firstOpenDate), dropped };
}

export function mealsOn(orders: readonly SchoolCartOrder[], key: SchoolCartKey, isMeal: CartLimits['isMeal']): number {
  return mealQuantity(orders.find((order) => sameKey(order, key))?.items ?? [], isMeal);
}

/** The min and max meals of every cart (a child's day), the first failure with its date and student. */
export function checkSchoolMeals(
  orders: readonly SchoolCartOrder[],
  limits: CartLimits & { minMealsPerCart?: number | null | undefined },
): { ok: true } | { ok: false; error: 'MIN_MEALS_PER_CART' | 'MAX_MEALS_PER_CART'; limit: number; date: string; studentId: number | null } {
  for (const order of orders) {
    const result = checkMealLimits(order.items, limits);
    if (!result.ok) return { ok: false, error: result.error, limit: result.limit, date: order.date, studentId: order.studentId };
  }
  return { ok: true };
}

function words(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

export function allergensFound(
  itemAllergens: string | null | undefined,
  studentAllergens: readonly string[] | string | null | undefined,
): string[] {
  const avoid = new Set(
    (typeof studentAllergens === 'string' ? words(studentAllergens) : [...(studentAllergens ?? [])]).map((word) => word.toLowerCase()),
  );
  return [...new Set(words(itemAllergens).filter((word) => avoid.has(word.toLowerCase())))];
}

export function allergensInLines<Line>(
  lines: readonly Line[],
  /** A line's allergens as a comma list: its item's and those of every option value chosen. */
  lineAllergens: (line: Line) => string,
  studentAllergens: readonly string[] | string | null | undefined,
): Array<{ line: Line; allergens: string[] }> {
  return lines.flatMap((line) => {
    const allergens = allergensFound(lineAllergens(line), studentAllergens);
    return allergens.length > 0 ? [{ line, allergens }] : [];
  });
}

export function groupByStudent(orders: readonly SchoolCartOrder[]): Array<{ studentId: number | null; orders: SchoolCartOrder[] }> {
  const groups: Array<{ studentId: number | null; orders: SchoolCartOrder[] }> = [];
  for (const order of orders) {
    const group = groups.find((entry) => entry.studentId === order.studentId);
    if (group) group.orders.push(order);
    else groups.push({ studentId: order.studentId, orders: [order] });
  }
  return groups;
}
