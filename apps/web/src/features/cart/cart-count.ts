/**
 * How many items a restaurant's saved cart holds, for the header on every restaurant screen
 * (components/restaurant-shell/restaurant-header.tsx, fed by app/app-layout.tsx). Small and eager: the
 * cart's storage code (cart-storage.ts) stays a lazy chunk; it tells this module when it writes.
 */
import { useSyncExternalStore } from 'react';

/** Half a day, as the cart itself (spec ordering.md section 9). */
export const CART_TTL_MS = 12 * 60 * 60 * 1000;
const CHANGED = 'servery:cart-changed';

export function cartStorageKey(slug: string): string {
  return `servery-cart:${slug}`;
}

/** Said by cart-storage.ts after every write, so the header counts again in this tab (other tabs get `storage`). */
export function announceCartChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The sum of the saved lines' quantities; 0 with no cart, an expired one, or one that is not one. */
export function savedCartCount(storage: Pick<Storage, 'getItem'> | null, slug: string, nowMs: number): number {
  try {
    const text = storage?.getItem(cartStorageKey(slug));
    if (!text) return 0;
    const saved = JSON.parse(text) as { savedAt?: unknown; items?: unknown };
    if (typeof saved.savedAt !== 'number' || !(nowMs - saved.savedAt >= 0 && nowMs - saved.savedAt < CART_TTL_MS)) return 0;
    if (!Array.isArray(saved.items)) return 0;
    return saved.items.reduce<number>(
      (sum, line: { quantity?: unknown }) => sum + (Number.isSafeInteger(line?.quantity) ? (line.quantity as number) : 0),
      0,
    );
  } catch {
    return 0;
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved cart's count, live; 0 in the server render and the first render (so hydration matches). */
export function useSavedCartCount(slug: string | null): number {
  return useSyncExternalStore(
    subscribe,
    () => (slug ? savedCartCount(localStorageOrNull(), slug, Date.now()) : 0),
    () => 0,
  );
}
