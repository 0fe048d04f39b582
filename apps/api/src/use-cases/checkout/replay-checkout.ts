/** Idempotent placement (ARCHITECTURE.md rule 7): a request whose key already placed a checkout gets its orders again. */
import type { PlaceOrderResponse } from '@servery/contracts/orders';
import { findIdempotencyKey, findOrder, type OrderRow } from '../../db/placed-orders-repository';
import { listCheckoutOrders } from '../../db/school-orders-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { replayedOrder } from '../orders/order-view';

/** The order placed under this key, or null when the key is new; the same key with another body is refused. */
export async function replayOrder(db: Executor, restaurantId: number, key: string, hash: string): Promise<PlaceOrderResponse | null> {
  const order = await orderUnderKey(db, restaurantId, key, hash);
  return order ? replayedOrder(order) : null;
}

/**
 * The (first) order stored under this key, or null when the key is new; the same key with another
 * body, or a key whose placement is not committed, is IDEMPOTENCY_KEY_REUSED. A school checkout
 * or hub checkout (several-orders.ts) lists the rest of its orders from this one's checkout.
 */
export async function orderUnderKey(db: Executor, restaurantId: number, key: string, hash: string): Promise<OrderRow | null> {
  const existing = await findIdempotencyKey(db, restaurantId, key);
  if (!existing) return null;
  if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  const order = existing.order_id ? await findOrder(db, restaurantId, existing.order_id) : null;
  if (!order) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return order;
}

/** The orders an earlier checkout under the same key placed, from its first one; none: the key was reused. */
export async function checkoutOrdersOf(db: Executor, restaurantId: number, first: OrderRow): Promise<OrderRow[]> {
  const rows = first.checkout_id ? await listCheckoutOrders(db, restaurantId, first.checkout_id) : [];
  if (rows.length === 0) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return rows;
}
