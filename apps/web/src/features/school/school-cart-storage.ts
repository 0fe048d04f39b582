/**
 * The school cart kept in the browser for half a day (spec ordering.md sections 4 and 9; the same
 * choice as the restaurant cart, docs/decisions/0010-cart-in-local-storage.md). It survives the trip
 * to /login and back: a cart saved signed out is taken by whoever signs in, but a cart saved by one
 * parent is never shown to another.
 */
import type { SchoolCartOrder } from '@servery/domain/school-cart';
import { announceCartChange, schoolCartStorageKey } from '../../lib/cart-count';

export const SCHOOL_CART_TTL_MS = 12 * 60 * 60 * 1000;
const VERSION = 1;
const MAX_ORDERS = 100;

export const schoolCartKey = schoolCartStorageKey;

export interface SavedSchoolCart {
  version: typeof VERSION;
  /** Who filled it; null: a guest. */
  userId: number | null;
  savedAt: number;
  /** The child the parent was ordering for. */
  studentId: number | null;
  orders: SchoolCartOrder[];
}

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveSchoolCart(storage: Storage | null, slug: string, cart: Omit<SavedSchoolCart, 'version'>): void {
  if (!storage) return;
  try {
    if (cart.orders.length === 0 && cart.studentId === null) storage.removeItem(schoolCartKey(slug));
    else storage.setItem(schoolCartKey(slug), JSON.stringify({ version: VERSION, ...cart }));
  } catch {
    // A full or refused storage keeps the cart in memory only.
  }
  // The header counts the saved cart (features/cart/cart-count.ts).
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
    order.items.every(
      (line: unknown) =>
        typeof line === 'object' &&
        line !== null &&
        isWhole((line as Record<string, unknown>).id) &&
        isWhole((line as Record<string, unknown>).menu_id) &&
        isWhole((line as Record<string, unknown>).quantity) &&
        isWhole((line as Record<string, unknown>).orderPrice) &&
        Array.isArray((line as Record<string, unknown>).orderOptions),
    )
  );
}

/** The saved cart for this user, or null (none, expired, unreadable, or another parent's). */
export function readSchoolCart(storage: Storage | null, slug: string, userId: number | null, nowMs: number): SavedSchoolCart | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(schoolCartKey(slug));
    if (!text) return null;
    const saved = JSON.parse(text) as Partial<SavedSchoolCart>;
    const fresh = saved.version === VERSION && isWhole(saved.savedAt) && nowMs - saved.savedAt <= SCHOOL_CART_TTL_MS;
    const owner = saved.userId ?? null;
    const mine = owner === null || owner === userId;
    if (!fresh || !mine || !Array.isArray(saved.orders) || !saved.orders.every(isOrder)) {
      storage.removeItem(schoolCartKey(slug));
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

export function forgetSchoolCart(storage: Storage | null, slug: string): void {
  try {
    storage?.removeItem(schoolCartKey(slug));
  } catch {
    // As above.
  }
  announceCartChange();
}
