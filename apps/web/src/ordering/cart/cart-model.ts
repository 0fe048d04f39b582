import type { OptionGroupFile, OptionValueFile } from '@servery/contracts/tenant-file';
import type { CartItem, NewCartItem, SetCostsBody } from './cart-api';
import type { ItemChoice } from '../item/item-choice';
import { toOrderOptions } from '../item/order-options';
import { entryKey, type CartChoices, type CartNotice, type RemovalReason, type TipChoice } from './cart-state';

// The first render's part of the cart model (cart-state.ts), here too for the modules that read the whole model.
export {
  cartQuantity,
  defaultTip,
  entryKey,
  indexEntries,
  type AppliedVoucher,
  type CartChoices,
  type CartNotice,
  type EntryKey,
  type RemovalReason,
  type TipChoice,
} from './cart-state';

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

export function reasonOf(error: string): RemovalReason {
  if (error === 'ITEM_SOLD_OUT') return 'sold_out';
  if (error === 'ITEM_UNAVAILABLE') return 'unavailable';
  return 'invalid';
}

/**
 * The notice for a stale-cart answer: 428 lines stay at the server's price (`fresh`, the answer's
 * items), each named with the price the cart held and the new one; the others are gone.
 */
export function staleNotice(
  invalid: ReadonlyArray<{ orderId: number; error: string }>,
  previous: readonly CartItem[],
  fresh: readonly CartItem[],
): CartNotice {
  const byOrderId = new Map(previous.map((line) => [line.orderId, line]));
  const freshByOrderId = new Map(fresh.map((line) => [line.orderId, line]));
  return {
    repriced: invalid
      .filter((entry) => entry.error === 'ITEM_PRICE_CHANGED')
      .map((entry) => {
        const line = byOrderId.get(entry.orderId);
        const now = freshByOrderId.get(entry.orderId);
        return line && now
          ? { key: entryKey(line), before: line.orderPrice, after: now.orderPrice }
          : { key: null, before: line?.orderPrice ?? 0, after: now?.orderPrice ?? 0 };
      }),
    removed: invalid
      .filter((entry) => entry.error !== 'ITEM_PRICE_CHANGED')
      .map((entry) => {
        const line = byOrderId.get(entry.orderId);
        return { key: line ? entryKey(line) : null, reason: reasonOf(entry.error) };
      }),
    trimmed: false,
  };
}
