/**
 * The cart's costs, the part that runs once the page is interactive: what set-costs is asked for a
 * cart, and the call with its debounce. The query that asks it is cart-costs-query.ts (on the menu's
 * first load); this module comes with the cart's engine (cart-engine.ts), a chunk fetched after hydration.
 */
import type { OrderType } from '@servery/domain/order-type';
import { orderTypeTraits } from '@servery/domain/order-types/traits';
import { abortableDelay } from '../../lib/abortable-delay';
import type { ApiClient } from '../../lib/api';
import { setCosts, staleCartOf, type CartItem, type SetCostsBody, type SetCostsResult, type StaleCart } from './cart-api';
import { costChoices, keepInstructions, type CartChoices } from './cart-model';

/** Changes that come in a burst (stepper clicks) are priced once they settle. */
export const COSTS_DEBOUNCE_MS = 150;

export type CostsStatus = 'idle' | 'busy' | 'error';
/** Which tender a message is about: what the diner typed, or a code the server later refused. */
export type CodeField = 'discount' | 'voucher' | 'payWhatYouCan';
/** A refused code's error name (translated by name) or a message of our own. */
export type CodeError = { name: string } | { key: 'giftCardFormat' };

/** What a set-costs answer is for the cart: its costs, or a stale cart (415/426/428) to replace the lines with. */
export type PricedCart = { kind: 'priced'; result: SetCostsResult } | { kind: 'stale'; stale: StaleCart; items: CartItem[] };

/**
 * The set-costs query's function: the debounce, then the call. A stale cart is an answer (its fresh
 * lines and costs), unless its lines are the ones sent: a server that keeps calling its own lines
 * stale must not make the cart loop, so that one is an error.
 */
export async function priceCart(
  client: ApiClient,
  body: SetCostsBody,
  signal: AbortSignal,
  headers?: Record<string, string>,
): Promise<PricedCart> {
  await abortableDelay(COSTS_DEBOUNCE_MS, signal);
  try {
    return { kind: 'priced', result: await setCosts(client, body, signal, headers) };
  } catch (error) {
    const stale = staleCartOf(error);
    if (stale && JSON.stringify(keepInstructions(stale.items, body.items)) !== JSON.stringify(body.items))
      return { kind: 'stale', stale, items: body.items };
    throw error;
  }
}

/** The set-costs request for a cart, as the cart screen shows it and POST /orders will price it. */
export function costsBodyOf(choices: CartChoices, orderType: OrderType, tableNum: string | null): SetCostsBody {
  const { items, delivery } = choices;
  return {
    items,
    costs: costChoices(choices),
    ...(orderTypeTraits(orderType).allowsDelivery ? { checkout: { pickup: { delivery } } } : {}),
    type: orderType,
    tableNum,
  };
}
