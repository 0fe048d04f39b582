import type { OrderView } from '@servery/contracts/orders';
import type { ApiClient } from '../../lib/api';

/** GET /api/orders/:id?token=: the order again, for the confirmation after a reload. */
export function getOrder(client: ApiClient, orderId: string, token: string): Promise<{ order: OrderView }> {
  return client.get(`/api/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`);
}
