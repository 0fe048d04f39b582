/**
 * How many items a restaurant's saved cart holds, for the header on every restaurant screen
 * (components/restaurant-shell/restaurant-header.tsx, fed by app/app-layout.tsx). Small and eager, and
 * shared: the core's storage code (ordering/cart/cart-storage.ts, ordering/days/day-cart-storage.ts)
 * stays a lazy chunk; it tells this module when it writes. A school's carts are kept per day and
 * child (the core's day carts): the header counts the items of all its days.
 */
import { useSyncExternalStore } from 'react';
import { deviceStorage } from './device-storage';

/** Half a day, as the cart itself (spec ordering.md section 9). */
export const CART_TTL_MS = 12 * 60 * 60 * 1000;
const CHANGED = 'servery:cart-changed';

export function cartStorageKey(slug: string): string {
  return `servery-cart:${slug}`;
}

/**
 * The day carts' key (ordering/days/day-cart-storage.ts: a school's cart per day and child): here, so
 * the header counts them without loading the school. The text stays "school-cart" so carts saved
 * before the core took them over are still found.
 */
export function dayCartsStorageKey(slug: string): string {
  return `servery-school-cart:${slug}`;
}

/** Said by cart-storage.ts after every write, so the header counts again in this tab (other tabs get `storage`). */
export function announceCartChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

const FORGOTTEN = 'servery:carts-forgotten';

/**
 * Said by cart-storage.ts when a sign-out or an ended session forgets every saved cart: a cart open in
 * this tab empties too, rather than saving its lines again under the guest the page now is.
 */
export function announceCartsForgotten(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(FORGOTTEN));
}

export function onCartsForgotten(listener: () => void): () => void {
  window.addEventListener(FORGOTTEN, listener);
  return () => window.removeEventListener(FORGOTTEN, listener);
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', listener);
  };
}

const quantities = (lines: unknown): number =>
  Array.isArray(lines)
    ? lines.reduce<number>(
        (sum, line: { quantity?: unknown }) => sum + (Number.isSafeInteger(line?.quantity) ? (line.quantity as number) : 0),
        0,
      )
    : 0;

/** A saved cart, when it is half a day old at most; null otherwise. */
function freshCart(storage: Pick<Storage, 'getItem'> | null, key: string, nowMs: number): Record<string, unknown> | null {
  try {
    const text = storage?.getItem(key);
    if (!text) return null;
    const saved = JSON.parse(text) as { savedAt?: unknown } | null;
    if (typeof saved !== 'object' || saved === null) return null;
    if (typeof saved.savedAt !== 'number' || !(nowMs - saved.savedAt >= 0 && nowMs - saved.savedAt < CART_TTL_MS)) return null;
    return saved as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The sum of the saved lines' quantities, the restaurant cart's and the school cart's (every date's
 * lines); 0 with no cart, an expired one, or one that is not one.
 */
export function savedCartCount(storage: Pick<Storage, 'getItem'> | null, slug: string, nowMs: number): number {
  const cart = freshCart(storage, cartStorageKey(slug), nowMs);
  const school = freshCart(storage, dayCartsStorageKey(slug), nowMs);
  const schoolOrders = Array.isArray(school?.orders) ? (school.orders as Array<{ items?: unknown } | null>) : [];
  return quantities(cart?.items) + schoolOrders.reduce((sum, order) => sum + quantities(order?.items), 0);
}

/** The saved cart's count, live; 0 in the server render and the first render (so hydration matches). */
export function useSavedCartCount(slug: string | null): number {
  return useSyncExternalStore(
    subscribe,
    () => (slug ? savedCartCount(deviceStorage(), slug, Date.now()) : 0),
    () => 0,
  );
}
