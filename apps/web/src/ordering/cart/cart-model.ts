import type { MenuGroupFile, OptionGroupFile, OptionValueFile } from '@servery/contracts/tenant-file';
import type { CartItem, NewCartItem, SetCostsBody } from './cart-api';
import type { ItemChoice } from '../item/item-choice';
import { toOrderOptions } from '../item/order-options';
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

export function tipRequest(tip: TipChoice): { type: 'percentage' | 'dollar'; value: string } | null {
  switch (tip.kind) {
    case 'none':
      return null;
    case 'preset':
      return { type: tip.type, value: tip.value };
    case 'custom':
      return { type: 'dollar', value: tip.value };
  }
}

/**
 * The diner's cost choices as the API takes them: what set-costs prices on the cart screen and what
 * POST /orders carries, so the order is priced for exactly what the cart showed. The tip and every
 * code become amounts only on the server (packages/domain/src/pricing.ts).
 */
export function costChoices(choices: CartChoices): SetCostsBody['costs'] {
  const tip = tipRequest(choices.tip);
  return {
    ...(tip ? { tip } : {}),
    ...(choices.discountCode ? { discount: { code: choices.discountCode } } : {}),
    ...(choices.voucher ? { voucher: { code: choices.voucher.code } } : {}),
    ...(choices.payWhatYouCan !== null ? { subsidyDiscount: { chosenAmountToBePaid: choices.payWhatYouCan } } : {}),
  };
}

/**
 * The item dialog's choice as a cart line for POST /orders/item. The price is the dialog's live price,
 * after the item's and values' promos as the menu answer gives them (the server's own promo prices,
 * docs/decisions/0051-menu-promo-prices.md): the server compares it with its own and
 * answers 428 only when they differ (a menu changed since it loaded). No value adjustedPrice is sent:
 * the line's price already says it.
 */
export function toNewCartItem(choice: ItemChoice): NewCartItem {
  const instructions = choice.specialInstructions.trim();
  return {
    id: choice.itemId,
    menu_id: choice.menuId,
    section_id: choice.sectionId,
    quantity: choice.quantity,
    orderPrice: choice.unitPrice * choice.quantity,
    orderOptions: toOrderOptions(choice.options),
    ...(instructions !== '' ? { specialInstructions: instructions } : {}),
  };
}

export function cartQuantity(items: readonly Pick<CartItem, 'quantity'>[]): number {
  return items.reduce((total, item) => total + item.quantity, 0);
}

/**
 * The server's lines carry no special instructions (they are the diner's words, not priced): give
 * each fresh line back the instructions its line had, by order id.
 */
export function keepInstructions(fresh: readonly CartItem[], previous: readonly CartItem[]): CartItem[] {
  const byOrderId = new Map(previous.map((line) => [line.orderId, line.specialInstructions]));
  return fresh.map((line) => {
    const instructions = line.specialInstructions ?? byOrderId.get(line.orderId);
    return instructions ? { ...line, specialInstructions: instructions } : line;
  });
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

/** An option value of an item's tree by id (values are unique within an item). */
export function findOptionValue(groups: readonly OptionGroupFile[], valueId: number): OptionValueFile | null {
  for (const group of groups) {
    for (const value of group.values) {
      if (value.id === valueId) return value;
      const nested = findOptionValue(value.options, valueId);
      if (nested) return nested;
    }
  }
  return null;
}

/** Why the server (or a restore) took a line out of the cart. */
export type RemovalReason = 'sold_out' | 'unavailable' | 'invalid';

/** What changed in the cart behind the diner's back, said once in an alert. */
export interface CartNotice {
  pricesChanged: boolean;
  /** The lines taken out, by where their item sat (null: the item is no longer on the menu). */
  removed: Array<{ key: EntryKey | null; reason: RemovalReason }>;
  /** Quantities were lowered to the cart's maximum. */
  trimmed: boolean;
}

export function reasonOf(error: string): RemovalReason {
  if (error === 'ITEM_SOLD_OUT') return 'sold_out';
  if (error === 'ITEM_UNAVAILABLE') return 'unavailable';
  return 'invalid';
}

/** The notice for a stale-cart answer: 428 lines stay (at the server's price), the others are gone. */
export function staleNotice(invalid: ReadonlyArray<{ orderId: number; error: string }>, previous: readonly CartItem[]): CartNotice {
  const byOrderId = new Map(previous.map((line) => [line.orderId, line]));
  return {
    pricesChanged: invalid.some((entry) => entry.error === 'ITEM_PRICE_CHANGED'),
    removed: invalid
      .filter((entry) => entry.error !== 'ITEM_PRICE_CHANGED')
      .map((entry) => {
        const line = byOrderId.get(entry.orderId);
        return { key: line ? entryKey(line) : null, reason: reasonOf(entry.error) };
      }),
    trimmed: false,
  };
}
