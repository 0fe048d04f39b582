/**
 * GET /api/orders/:id for the confirmation screen: an order is shown only with its own secret (the
 * access token returned at placement), and only at its restaurant.
 */
import { timingSafeEqual } from 'node:crypto';
import type { OrderView } from '@servery/contracts/orders';
import { findOrder } from '../db/placed-orders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import { AppError } from '../lib/app-error';
import type { Executor } from '../ports/payments';
import { orderView } from './order-view';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function getOrderForDiner(db: Executor, restaurant: Restaurant, orderId: string, token: string): Promise<OrderView> {
  const row = await findOrder(db, restaurant.id, orderId);
  // Unknown, another tenant's, or the wrong token: the same answer, so ids cannot be probed.
  if (!row?.access_token || !sameSecret(row.access_token, token)) throw new AppError('ORDER_NOT_FOUND');
  return orderView(row);
}
