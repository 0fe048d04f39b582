/**
 * What the menu's first render needs of the cart (use-cart.ts): its choices' shape, the empty cart's
 * tip, its count and the index of the items in hand. Everything the cart does once the page is
 * interactive (adding, pricing, saving) is in cart-model.ts and the engine (cart-engine.ts), a chunk
 * fetched after hydration: a module here is on the menu's first load
 * (docs/decisions/0096-menu-first-load-lazy-parts.md, amended 2026-12-01).
 */
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import type { CartItem } from './cart-api';
import type { MenuItemEntry } from '../../lib/menu-model';

/**
 * The tip the diner chose: none, one of the restaurant's presets (tipConfig, percent or dollars as
 * the restaurant says), or an amount of their own in dollars. Amounts stay decimal text, as the API takes them.
 */
export type TipChoice =
  { kind: 'none' } | { kind: 'preset'; type: 'percentage' | 'dollar'; value: string } | { kind: 'custom'; value: string };

/** A gift card the server accepted: its number (sent with set-costs), the masked number and the balance it gave. */
export interface AppliedVoucher {
  code: string;
  masked: string;
  balance: number;
}

/** Everything about a cart the diner chose (the server prices it; costs are not part of it). */
export interface CartChoices {
  items: CartItem[];
  tip: TipChoice;
  discountCode: string | null;
  voucher: AppliedVoucher | null;
  /** Types that deliver (ORDER_TYPE_POLICIES.allowsDelivery): delivery instead of pickup. */
  delivery: boolean;
  /** Pay what you can: cents the diner chose to pay; null until they say. */
  payWhatYouCan: number | null;
  /**
   * Catering: the number of guests, each per-person line's quantity (domain head-count.ts); null until
   * a per-person item is in the cart. Absent from carts saved before it.
   */
  headCount?: number | null | undefined;
}

/** The restaurant's preselected tip (spec: 15, 18, 20 with the second preselected), or none. */
export function defaultTip(
  tipConfig: { type: 'percentage' | 'dollar'; default_values: string[]; default_value_selected: number | null } | null,
): TipChoice {
  const index = tipConfig?.default_value_selected;
  const value = index == null ? undefined : tipConfig?.default_values[index];
  return tipConfig && value !== undefined ? { kind: 'preset', type: tipConfig.type, value } : { kind: 'none' };
}

export function cartQuantity(items: readonly Pick<CartItem, 'quantity'>[]): number {
  return items.reduce((total, item) => total + item.quantity, 0);
}

export type EntryKey = string;

export function entryKey(line: Pick<CartItem, 'id' | 'menu_id' | 'section_id'>): EntryKey {
  return `${line.menu_id}:${line.section_id ?? '-'}:${line.id}`;
}

/** Every item of the menus in hand, by where it sits (the same item can sit in two menus). */
export function indexEntries(groups: readonly MenuGroupFile[]): Map<EntryKey, MenuItemEntry> {
  const index = new Map<EntryKey, MenuItemEntry>();
  for (const group of groups) {
    for (const menu of group.menus) {
      for (const item of menu.items)
        index.set(entryKey({ id: item.id, menu_id: menu.id, section_id: null }), { item, menu, section: null });
      for (const section of menu.sections) {
        for (const item of section.items)
          index.set(entryKey({ id: item.id, menu_id: menu.id, section_id: section.id }), { item, menu, section });
      }
    }
  }
  return index;
}

/** Why the server (or a restore) took a line out of the cart. */
export type RemovalReason = 'sold_out' | 'unavailable' | 'invalid';

/** What changed in the cart behind the diner's back, said once in an alert. */
export interface CartNotice {
  /** The lines kept at the server's new price (428): the line's price the cart held, and now. */
  repriced: Array<{ key: EntryKey | null; before: number; after: number }>;
  /** The lines taken out, by where their item sat (null: the item is no longer on the menu). */
  removed: Array<{ key: EntryKey | null; reason: RemovalReason }>;
  /** Quantities were lowered to the cart's maximum. */
  trimmed: boolean;
}
