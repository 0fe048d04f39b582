/**
 * GET /api/orders/:id for the confirmation screen: an order is shown only with its own secret (the
 * access token returned at placement), and only at its restaurant.
 */
import type { GetOrderResponse, OrderView } from '@servery/contracts/orders';
import { addOrderTokens } from '../../db/data-scope';
import { findOrder } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { sameSecret } from '../../lib/same-secret';
import { hashToken } from '../../lib/session-tokens';
import type { Executor } from '../../kernel/executor';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { orderLines, orderView } from './order-view';

export async function getOrderForDiner(db: Executor, restaurant: Restaurant, orderId: string, token: string): Promise<OrderView> {
  // The secret opens its own order to this request, a school order included (db/data-scope.ts): on
  // PostgreSQL the restaurant's scope alone does not show one.
  addOrderTokens([token]);
  const row = await findOrder(db, restaurant.id, orderId);
  // Unknown, another tenant's, or the wrong token: the same answer, so ids cannot be probed.
  if (!row?.access_token_hash || !sameSecret(row.access_token_hash, hashToken(token))) throw new AppError('ORDER_NOT_FOUND');
  return orderView(row);
}

/**
 * The order with its lines named, under the same access rule. Names come from the restaurant's
 * published menus (as the staff tickets and the profile's order detail read them): the order keeps ids.
 */
export async function showOrderToDiner(
  db: Executor,
  restaurant: Restaurant,
  orderId: string,
  token: string,
  now: Date,
): Promise<GetOrderResponse> {
  const order = await getOrderForDiner(db, restaurant, orderId, token);
  return { order, lines: orderLines(order, await publishedMenuLookup(db, restaurant.id, now)) };
}
