import type { GetOrderResponse } from '@servery/contracts/orders';
import type { ApiClient } from '../../lib/api';

/** GET /api/orders/:id?token=: the order again with its named lines, for the confirmation (also after a reload). */
export function getOrder(client: ApiClient, orderId: string, token: string, signal?: AbortSignal): Promise<GetOrderResponse> {
  return client.get(`/api/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`, signal ? { signal } : {});
}
