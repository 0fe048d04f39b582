/**
 * The day carts kept in the browser for half a day (spec ordering.md sections 4 and 9; the same
 * choice as the restaurant cart, docs/decisions/0010-cart-in-local-storage.md), with the restaurant
 * cart's own rules: the same lifetime (CART_TTL_MS), the same check of every saved line
 * (`isCartItem`, ordering/cart/cart-storage.ts). They survive the trip to /login and back (and a
 * session cleared on the way, which forgets the restaurant carts): carts saved signed out are taken
 * by whoever signs in, but carts saved by one parent are never shown to another.
 */
import type { SchoolCartOrder } from '@servery/domain/school-cart';
import { announceCartChange, CART_TTL_MS, dayCartsStorageKey } from '../../lib/cart-count';
import { isCartItem } from '../cart/cart-storage';

const VERSION = 1;
const MAX_ORDERS = 100;

export { browserStorage } from '../cart/cart-storage';

export interface SavedDayCarts {
  version: typeof VERSION;
  /** Who filled them; null: a guest. */
  userId: number | null;
  savedAt: number;
  /** The diner (the school's child) new lines were for. */
  studentId: number | null;
  orders: SchoolCartOrder[];
}

export function saveDayCarts(storage: Storage | null, slug: string, carts: Omit<SavedDayCarts, 'version'>): void {
  if (!storage) return;
  try {
    if (carts.orders.length === 0 && carts.studentId === null) storage.removeItem(dayCartsStorageKey(slug));
    else storage.setItem(dayCartsStorageKey(slug), JSON.stringify({ version: VERSION, ...carts }));
  } catch {
    // A full or refused storage keeps the carts in memory only.
  }
  // The header counts the saved carts (lib/cart-count.ts).
  announceCartChange();
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function isOrder(value: unknown): value is SchoolCartOrder {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return (
    typeof order.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(order.date) &&
    (order.studentId === null || isWhole(order.studentId)) &&
    isWhole(order.orderId) &&
    Array.isArray(order.items) &&
    order.items.every(isCartItem)
  );
}

/** The saved carts for this user, or null (none, expired, unreadable, or another parent's). */
export function readDayCarts(storage: Storage | null, slug: string, userId: number | null, nowMs: number): SavedDayCarts | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(dayCartsStorageKey(slug));
    if (!text) return null;
    const saved = JSON.parse(text) as Partial<SavedDayCarts>;
    const fresh = saved.version === VERSION && isWhole(saved.savedAt) && nowMs - saved.savedAt <= CART_TTL_MS;
    const owner = saved.userId ?? null;
    const mine = owner === null || owner === userId;
    if (!fresh || !mine || !Array.isArray(saved.orders) || !saved.orders.every(isOrder)) {
      storage.removeItem(dayCartsStorageKey(slug));
      return null;
    }
    // A guest's children are not this parent's: the days stay, the child is chosen again.
    const orders = saved.orders.slice(0, MAX_ORDERS).map((order) => (owner === userId ? order : { ...order, studentId: null }));
    return {
      version: VERSION,
      userId,
      savedAt: saved.savedAt!,
      studentId: owner === userId && isWhole(saved.studentId) ? saved.studentId : null,
      orders,
    };
  } catch {
    return null;
  }
}

export function forgetDayCarts(storage: Storage | null, slug: string): void {
  try {
    storage?.removeItem(dayCartsStorageKey(slug));
  } catch {
    // As above.
  }
  announceCartChange();
}

/**
 * Puts whole day carts in the saved carts (a school's "repeat this week", decision 0118): each
 * (date, child) given replaces that cart, the others stay; the child becomes the one new lines are
 * for. The menu reads them when it opens, prices them and lets the parent review and pay.
 */
export function fillDayCarts(
  storage: Storage | null,
  slug: string,
  carts: { userId: number; studentId: number; orders: ReadonlyArray<Omit<SchoolCartOrder, 'orderId'>>; nowMs: number },
): void {
  const saved = readDayCarts(storage, slug, carts.userId, carts.nowMs);
  const replaced = (order: SchoolCartOrder) =>
    carts.orders.some((entry) => entry.date === order.date && entry.studentId === order.studentId);
  const kept = (saved?.orders ?? []).filter((order) => !replaced(order));
  let next = kept.reduce((max, order) => Math.max(max, order.orderId), 0);
  const added = carts.orders.map((order) => ({ ...order, orderId: (next += 1) }));
  saveDayCarts(storage, slug, {
    userId: carts.userId,
    savedAt: carts.nowMs,
    studentId: carts.studentId,
    orders: [...kept, ...added].sort((a, b) => a.date.localeCompare(b.date)).slice(0, MAX_ORDERS),
  });
}
