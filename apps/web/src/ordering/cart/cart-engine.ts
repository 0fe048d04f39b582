/**
 * What the cart does once the page is interactive: read and save the saved cart, ask its costs, add a
 * line, take a stale cart's fresh lines. One chunk, fetched right after hydration with the saved
 * cart's read (cart-saved.ts): the menu's first render shows an empty cart and calls none of it, so
 * none of it is on the menu's first load (docs/decisions/0096-menu-first-load-lazy-parts.md, amended
 * 2026-12-01). use-cart.ts keeps the cart's state and hooks and calls this module's plain functions.
 */
import type { OrderType } from '@servery/domain/order-type';
import type { ApiClient } from '../../lib/api';
import type { ItemChoice } from '../item/item-choice';
import { addItem, staleCartOf, type AddItemResult, type CartItem } from './cart-api';
import { keepInstructions, toNewCartItem } from './cart-model';

export { browserStorage, forgetCart, restoreCart, saveCart } from './cart-storage';
export { costsBodyOf, priceCart } from './cart-costs';
export { keepInstructions, staleNotice } from './cart-model';

/**
 * POST /orders/item for the item dialog's choice (or a card's quick add) on top of `snapshot`: the
 * server's answer and the cart's lines after it, each keeping the diner's special instructions;
 * `repriced` when the server's price was not the dialog's (the menu in hand is out of date).
 */
export async function addChoice(
  client: ApiClient,
  snapshot: CartItem[],
  choice: ItemChoice,
  orderType: OrderType,
): Promise<{ result: AddItemResult; items: CartItem[]; repriced: boolean }> {
  const toAdd = toNewCartItem(choice);
  let result: AddItemResult;
  let repriced = false;
  try {
    result = await addItem(client, snapshot, toAdd, orderType);
  } catch (error) {
    // 428 on the line being added: the server's price differs from the dialog's (the menu changed
    // since it loaded; promos are in the dialog's price already). The line is not in the cart yet:
    // take the server's price.
    const fresh = staleCartOf(error);
    const line = fresh?.items[0];
    if (!fresh || !line || !fresh.invalidItems.every((entry) => entry.error === 'ITEM_PRICE_CHANGED')) throw error;
    result = await addItem(client, snapshot, { ...toAdd, orderPrice: line.orderPrice, orderOptions: line.orderOptions }, orderType);
    repriced = true;
  }
  const isNewLine = !snapshot.some((line) => line.orderId === result.orderId);
  const items = keepInstructions(result.items, snapshot).map((line) =>
    isNewLine && line.orderId === result.orderId && toAdd.specialInstructions
      ? { ...line, specialInstructions: toAdd.specialInstructions }
      : line,
  );
  return { result, items, repriced };
}

// "Another round" (order/another-round.tsx): applied once the cart is ready, so it comes with the engine.
export { AnotherRoundPart } from '../order/another-round-notice';
