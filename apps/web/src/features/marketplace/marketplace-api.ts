/**
 * POST /api/orders/create-marketplace-order (contracts/marketplace.ts): a hub's cart placed as one
 * order per vendor with one payment. Types only come from contracts, so zod stays out of the bundle.
 */
import type { CreateMarketplaceOrderBody, CreateMarketplaceOrderResponse } from '@servery/contracts/marketplace';
import type { PlaceOrderBody } from '@servery/contracts/orders';
import type { ApiClient } from '../../lib/api';

export type { CreateMarketplaceOrderBody, CreateMarketplaceOrderResponse };

export function placeMarketplaceOrder(
  client: ApiClient,
  body: CreateMarketplaceOrderBody,
  idempotencyKey: string,
  headers: Record<string, string> = {},
): Promise<CreateMarketplaceOrderResponse> {
  return client.request(`/api/orders/create-marketplace-order`, {
    method: 'POST',
    body,
    headers: { ...headers, 'Idempotency-Key': idempotencyKey },
  });
}

export interface PlacedHubOrder {
  orderId: string;
  token: string;
  /** Every vendor order the checkout became (the first is `orderId`) and the one amount charged. */
  split: { orders: Array<{ orderId: string; token: string }>; paid: number };
}

/** The checkout's order placed as the hub's: one payment, one order per vendor (the checkout's `place`). */
export async function placeHubOrder(
  client: ApiClient,
  body: PlaceOrderBody,
  idempotencyKey: string,
  headers: Record<string, string>,
): Promise<PlacedHubOrder> {
  // One payment, one order per vendor; the hub's times carry no date of their own.
  const { date: _date, ...data } = body.data;
  const response = await placeMarketplaceOrder(client, { type: 'take-out', data }, idempotencyKey, headers);
  const orders = response.orders.map((placed) => ({ orderId: placed.order.id, token: placed.access_token }));
  return { ...orders[0]!, split: { orders, paid: response.payment.amount } };
}
