import type { CancelGuestOrderRequest, GetOrderResponse } from '@servery/contracts/orders';
import type { ApiClient } from '../../lib/api';

/** GET /api/orders/:id?token=: the order again with its named lines, for the confirmation (also after a reload). */
export function getOrder(client: ApiClient, orderId: string, token: string, signal?: AbortSignal): Promise<GetOrderResponse> {
  return client.get(`/api/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`, signal ? { signal } : {});
}

/** POST /api/orders/:id/cancel: a guest cancels their own order with its secret (where the restaurant allows it); the order again. */
export function cancelGuestOrder(client: ApiClient, orderId: string, token: string): Promise<GetOrderResponse> {
  const body: CancelGuestOrderRequest = { token };
  return client.request(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body });
}
