/**
 * Cart persistence per restaurant for half a day (spec ordering.md sections 4 and 9; docs/decisions/0010-cart-in-local-storage.md).
 *
 * Why localStorage and not the spec's cookie: a full cart (22 lines, each with nested options and
 * special instructions) is several times the ~4 KB a browser keeps per cookie, so a cookie would drop
 * it silently; a cookie would also ride along on every request to the server, which never reads it.
 * localStorage holds megabytes per origin and stays in the browser. The half-day lifetime is enforced
 * here from `savedAt`, refreshed on every change, as the cookie's max-age would have been.
 *
 * This module is loaded after hydration (never during the server render or the first render), so a
 * saved cart never makes the browser's first render differ from the server's HTML.
 */
import { trimToMax } from '@servery/domain/cart';
import { isOrderable } from '@servery/domain/item-selection';
import type { CartItem } from './cart-api';
import { entryKey, type CartChoices, type CartNotice, type EntryKey, type TipChoice } from './cart-model';
import type { MenuItemEntry } from '../../lib/menu-model';
import { deviceStorage } from '../../lib/device-storage';
import { announceCartChange, announceCartsForgotten, CART_TTL_MS, cartStorageKey } from '../../lib/cart-count';

export { CART_TTL_MS, cartStorageKey };
const VERSION = 1;
const MAX_LINES = 200;

/** Whose cart it is: it is restored only for the same restaurant, a sign-in that may see it, and the same event suite. */
export interface CartOwner {
  restaurantId: number;
  slug: string;
  loggedIn: boolean;
  /** The signed-in diner's id (absent or null for a guest): a signed-in cart comes back for them alone. */
  userId?: number | null;
  eventSuite: string | null;
  /**
   * In a login-as session, whom the operator orders for ("{eventSuite}:{owner id or guest name}"):
   * a cart is never carried from one person to the next. Absent (older carts) and null outside login-as.
   */
  actingFor?: string | null;
}

export interface SavedCart extends CartOwner, CartChoices {
  version: typeof VERSION;
  /** Epoch milliseconds of the last change. */
  savedAt: number;
}

/** The browser's localStorage, or null where it is missing or refused (lib/device-storage.ts). */
export const browserStorage = deviceStorage;

function isEmpty(choices: CartChoices): boolean {
  return choices.items.length === 0 && choices.discountCode === null && choices.voucher === null;
}

/** Writes the cart (or forgets it once it is empty). A full or refused storage leaves the cart in memory only. */
export function saveCart(storage: Storage | null, owner: CartOwner, choices: CartChoices, nowMs: number): void {
  if (!storage) return;
  try {
    const key = cartStorageKey(owner.slug);
    if (isEmpty(choices)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ version: VERSION, ...owner, savedAt: nowMs, ...choices } satisfies SavedCart));
  } catch {
    // Quota exceeded or storage refused: nothing to do but keep going.
  }
  announceCartChange();
}

export function forgetCart(storage: Storage | null, slug: string): void {
  try {
    storage?.removeItem(cartStorageKey(slug));
  } catch {
    // As above.
  }
  announceCartChange();
}

/** Every restaurant's saved cart: an expired session or a logout clears them (spec accounts-and-suites.md section 4). */
export function forgetAllCarts(storage: Storage | null): void {
  try {
    if (!storage) return;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(cartStorageKey(''))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // As above.
  }
  announceCartChange();
  announceCartsForgotten();
}

// The stored text is the diner's own, but it may be from an older version, or edited: check its shape.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isCents = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isDecimalText = (value: unknown): value is string => typeof value === 'string' && /^\d{1,6}(\.\d{1,2})?$/.test(value);

function isOptionGroups(value: unknown, depth = 0): boolean {
  if (!Array.isArray(value) || depth > 6) return false;
  return value.every(
    (group) =>
      isRecord(group) &&
      isId(group.id) &&
      Array.isArray(group.values) &&
      group.values.every(
        (entry) =>
          isRecord(entry) &&
          isId(entry.id) &&
          isId(entry.quantity) &&
          (entry.adjustedPrice === undefined || isCents(entry.adjustedPrice)) &&
          (entry.options === undefined || isOptionGroups(entry.options, depth + 1)),
      ),
  );
}

export function isCartItem(value: unknown): value is CartItem {
  return (
    isRecord(value) &&
    isId(value.id) &&
    isId(value.menu_id) &&
    (value.section_id === null || isId(value.section_id)) &&
    isId(value.orderId) &&
    isId(value.quantity) &&
    isCents(value.orderPrice) &&
    isOptionGroups(value.orderOptions) &&
    (value.specialInstructions === undefined || typeof value.specialInstructions === 'string')
  );
}

function isTip(value: unknown): value is TipChoice {
  if (!isRecord(value)) return false;
  if (value.kind === 'none') return true;
  if (value.kind === 'custom') return isDecimalText(value.value);
  return value.kind === 'preset' && (value.type === 'percentage' || value.type === 'dollar') && isDecimalText(value.value);
}

function isSavedCart(value: unknown): value is SavedCart {
  if (!isRecord(value) || value.version !== VERSION) return false;
  const voucher = value.voucher;
  return (
    isId(value.restaurantId) &&
    typeof value.slug === 'string' &&
    typeof value.savedAt === 'number' &&
    typeof value.loggedIn === 'boolean' &&
    (value.userId === undefined || value.userId === null || isId(value.userId)) &&
    (value.eventSuite === null || typeof value.eventSuite === 'string') &&
    (value.actingFor === undefined || value.actingFor === null || typeof value.actingFor === 'string') &&
    Array.isArray(value.items) &&
    value.items.length <= MAX_LINES &&
    value.items.every(isCartItem) &&
    isTip(value.tip) &&
    (value.discountCode === null || typeof value.discountCode === 'string') &&
    (voucher === null ||
      (isRecord(voucher) && typeof voucher.code === 'string' && typeof voucher.masked === 'string' && isCents(voucher.balance))) &&
    typeof value.delivery === 'boolean' &&
    (value.payWhatYouCan === null || isCents(value.payWhatYouCan))
  );
}

/** The saved cart of a restaurant's slug; null when there is none or it is not one. */
export function readSavedCart(storage: Storage | null, slug: string): SavedCart | null {
  try {
    const text = storage?.getItem(cartStorageKey(slug));
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return isSavedCart(value) ? value : null;
  } catch {
    return null;
  }
}

export type DiscardReason = 'invalid' | 'expired' | 'restaurant' | 'login' | 'event_suite';

/**
 * Whether a saved cart may come back (spec: same restaurant, the login state allows it, event suite;
 * younger than half a day; in login-as, the same person ordered for). A guest's cart follows the
 * guest into a sign-in (the diner who signs in at checkout keeps what they chose); a signed-in cart
 * comes back only for the same signed-in diner, never for a guest (a sign-out, or a sign-in the
 * server ended on another device) nor for someone else on the same browser.
 */
export function restoreVerdict(saved: SavedCart, owner: CartOwner, nowMs: number): 'ok' | DiscardReason {
  if (saved.restaurantId !== owner.restaurantId || saved.slug !== owner.slug) return 'restaurant';
  const age = nowMs - saved.savedAt;
  if (!(age >= 0 && age < CART_TTL_MS)) return 'expired';
  if (saved.loggedIn && (!owner.loggedIn || (saved.userId ?? null) !== (owner.userId ?? null))) return 'login';
  if ((saved.actingFor ?? null) !== (owner.actingFor ?? null)) return 'login';
  if (saved.eventSuite !== owner.eventSuite) return 'event_suite';
  return 'ok';
}

export interface MenuContext {
  /** The items of the menus this page has: only menus of the order type, member-only ones only for a valid member. */
  entries: ReadonlyMap<EntryKey, MenuItemEntry>;
  now: Date;
  zone: string;
  maxItemsPerCart: number | null;
  maxMealsPerCart: number | null;
}

/**
 * The lines that may stay: each still on a menu this page has (so not in a member-only menu without a
 * valid member), not sold out, available now; then quantities trimmed to the cart's maxima. The
 * server confirms with fresh prices on the next set-costs.
 */
export function restorableItems(items: readonly CartItem[], context: MenuContext): { items: CartItem[]; notice: CartNotice | null } {
  const removed: CartNotice['removed'] = [];
  const kept = items.filter((line) => {
    const key = entryKey(line);
    const entry = context.entries.get(key);
    if (!entry) {
      removed.push({ key: null, reason: 'unavailable' });
      return false;
    }
    const state = isOrderable(entry.item, entry.section?.sold_out ?? false, context.now, context.zone);
    if (!state.orderable) removed.push({ key, reason: state.reason });
    return state.orderable;
  });
  const byOrderId = new Map(kept.map((line) => [line.orderId, line]));
  const trim = trimToMax(kept, {
    maxItemsPerCart: context.maxItemsPerCart,
    maxMealsPerCart: context.maxMealsPerCart,
    isMeal: (line) => context.entries.get(entryKey(line))?.item.meal_package ?? false,
  });
  // trimToMax speaks the domain's CartItem: take each kept line back with its own fields (instructions).
  const restored = trim.items.flatMap((line) => {
    const original = byOrderId.get(line.orderId);
    return original ? [{ ...original, quantity: line.quantity, orderPrice: line.orderPrice }] : [];
  });
  const notice = removed.length > 0 || trim.trimmed ? { repriced: [], removed, trimmed: trim.trimmed } : null;
  return { items: restored, notice };
}

export type RestoreOutcome =
  | { status: 'none' }
  | { status: 'discarded'; reason: DiscardReason }
  | { status: 'restored'; choices: CartChoices; notice: CartNotice | null };

/** Reads the saved cart and decides: nothing saved, discarded (and forgotten), or restored (lines checked). */
export function restoreCart(storage: Storage | null, owner: CartOwner, context: MenuContext, nowMs: number): RestoreOutcome {
  let present: boolean;
  try {
    present = storage?.getItem(cartStorageKey(owner.slug)) != null;
  } catch {
    return { status: 'none' };
  }
  if (!present) return { status: 'none' };
  const saved = readSavedCart(storage, owner.slug);
  const verdict = saved ? restoreVerdict(saved, owner, nowMs) : 'invalid';
  if (!saved || verdict !== 'ok') {
    forgetCart(storage, owner.slug);
    return { status: 'discarded', reason: verdict === 'ok' ? 'invalid' : verdict };
  }
  const { items, notice } = restorableItems(saved.items, context);
  return {
    status: 'restored',
    choices: {
      items,
      tip: saved.tip,
      discountCode: saved.discountCode,
      voucher: saved.voucher,
      delivery: saved.delivery,
      payWhatYouCan: saved.payWhatYouCan,
      ...(typeof saved.headCount === 'number' ? { headCount: saved.headCount } : {}),
    },
    notice,
  };
}
