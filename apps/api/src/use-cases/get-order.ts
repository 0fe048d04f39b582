/**
 * GET /api/orders/:id for the confirmation screen: an order is shown only with its own secret (the
 * access token returned at placement), and only at its restaurant.
 */
import type { OrderView } from '@servery/contracts/orders';
import { findOrder } from '../db/placed-orders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import { AppError } from '../lib/app-error';
import { sameSecret } from '../lib/same-secret';
import type { Executor } from '../ports/payments';
import { orderView } from './order-view';

export async function getOrderForDiner(db: Executor, restaurant: Restaurant, orderId: string, token: string): Promise<OrderView> {
  const row = await findOrder(db, restaurant.id, orderId);
  // Unknown, another tenant's, or the wrong token: the same answer, so ids cannot be probed.
  if (!row?.access_token || !sameSecret(row.access_token, token)) throw new AppError('ORDER_NOT_FOUND');
  return orderView(row);
}
