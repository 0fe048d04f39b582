/**
 * POST /api/orders/create-marketplace-order (contracts/marketplace.ts): a hub's cart placed as one
 * order per vendor with one payment. Types only come from contracts, so zod stays out of the bundle.
 */
import type { CreateMarketplaceOrderBody, CreateMarketplaceOrderResponse } from '@servery/contracts/marketplace';
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
