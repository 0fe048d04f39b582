/**
 * The cart calls (spec ordering.md section 7; API in apps/api/src/routes/orders/cart.ts). Types only
 * come from contracts and domain (`import type`), so zod and the pricing engine stay out of the
 * bundle: the server prices every cart, the browser only shows its numbers.
 */
import type {
  AddItemResponse,
  CartItem,
  Costs,
  DiscountInfoResponse,
  GiftCardResponse,
  RejectedTender,
  SetCostsRequest,
  SetCostsResponse,
  TipChoice,
} from '@servery/contracts/cart';
import type { OrderType } from '@servery/domain/order-type';
import { isApiError, type ApiClient, type ApiError, type InvalidItem } from '../../lib/api';

export type { CartItem, Costs, RejectedTender };
export type SetCostsBody = SetCostsRequest;

/** A line before the server gives it its order id. */
export type NewCartItem = Omit<CartItem, 'orderId'>;

export type AddItemResult = AddItemResponse;

export type SetCostsResult = SetCostsResponse;

export type TipRequest = TipChoice;

export type DiscountInfo = DiscountInfoResponse;

export type GiftCardInfo = GiftCardResponse;

const post = <T>(client: ApiClient, path: string, body: unknown, signal?: AbortSignal, headers?: Record<string, string>) =>
  client.request<T>(path, { method: 'POST', body, ...(signal ? { signal } : {}), ...(headers ? { headers } : {}) });

/** POST /api/orders/item: the server checks the item against its menu and merges it into the cart. */
export function addItem(client: ApiClient, itemsInCart: CartItem[], itemToAdd: NewCartItem, type: OrderType): Promise<AddItemResult> {
  return post(client, '/api/orders/item', { itemsInCart, itemToAdd, type });
}

/** POST /api/orders/validate: the whole cart before checkout. */
export function validateCart(client: ApiClient, itemsInCart: CartItem[], type: OrderType): Promise<{ ok: true; items: CartItem[] }> {
  return post(client, '/api/orders/validate', { itemsInCart, type });
}

/** POST /api/orders/set-costs: every field of the costs, from the server's own data (`headers`: a signed-in diner's session). */
export function setCosts(
  client: ApiClient,
  body: SetCostsBody,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<SetCostsResult> {
  return post(client, '/api/orders/set-costs', body, signal, headers);
}

export function getDiscountInfo(client: ApiClient, code: string): Promise<DiscountInfo> {
  return post(client, '/api/orders/get-discount-info', { code });
}

export function getGiftCard(client: ApiClient, giftCardNumber: string): Promise<GiftCardInfo> {
  return post(client, '/api/orders/get-gift-card', { giftCardNumber });
}

export interface StaleCart {
  invalidItems: InvalidItem[];
  /** The fresh cart: stale lines dropped (sold out, unavailable, invalid), prices the server's. */
  items: CartItem[];
  costs: Costs | null;
}

/** A 415/426/428 (or 400 invalid options) answer with the fresh cart in it; null for any other failure. */
export function staleCartOf(error: unknown): StaleCart | null {
  if (!isApiError(error)) return null;
  const { invalidItems, items } = error as ApiError;
  if (!invalidItems || invalidItems.length === 0 || !items) return null;
  const costs = typeof error.costs === 'object' && error.costs !== null ? (error.costs as Costs) : null;
  return { invalidItems, items: items as CartItem[], costs };
}
