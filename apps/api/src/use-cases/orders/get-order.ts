/**
 * GET /api/orders/:id for the confirmation screen: an order is shown only with its own secret (the
 * access token returned at placement), and only at its restaurant. Its answer says whether the guest
 * may still cancel it (cancel-guest-order.ts).
 */
import type { GetOrderResponse, OrderView } from '@servery/contracts/orders';
import type { OrderSuite, OrderSuitePlace } from '@servery/contracts/suites';
import { creditedForOrders } from '../../db/accounts-repository';
import { addOrderTokens } from '../../db/data-scope';
import { findOrder, type OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant, RestaurantSettings } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { sameSecret } from '../../lib/same-secret';
import { hashToken } from '../../lib/session-tokens';
import type { Executor } from '../../kernel/executor';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { isCancellable } from './order-cancellation';
import { orderLines, orderView } from './order-view';
import { eventNameIn, suiteIn } from '../suites/suite-name';

/** The order this secret opens at this restaurant; the same ORDER_NOT_FOUND for an unknown id, another tenant's or a wrong token. */
export async function dinerOrderRow(db: Executor, restaurant: Restaurant, orderId: string, token: string): Promise<OrderRow> {
  // The secret opens its own order to this request, a school order included (db/data-scope.ts): on
  // PostgreSQL the restaurant's scope alone does not show one.
  addOrderTokens([token]);
  const row = await findOrder(db, restaurant.id, orderId);
  // Unknown, another tenant's, or the wrong token: the same answer, so ids cannot be probed.
  if (!row?.access_token_hash || !sameSecret(row.access_token_hash, hashToken(token))) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

export async function getOrderForDiner(db: Executor, restaurant: Restaurant, orderId: string, token: string): Promise<OrderView> {
  return orderView(await dinerOrderRow(db, restaurant, orderId, token));
}

/**
 * A guest's order the guest may cancel themselves: the restaurant allows it (its `guest_order_cancellation`),
 * the order was placed without an account (an account's orders are cancelled for credit from the
 * profile, cancel-scheduled-order.ts), and it is still cancellable by the diners' rule.
 */
export function guestMayCancel(row: OrderRow, restaurant: Restaurant, now: Date): boolean {
  return restaurant.settings.guest_order_cancellation && row.user_id === null && isCancellable(row, restaurant, now);
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
  const row = await dinerOrderRow(db, restaurant, orderId, token);
  const order = await withCredit(db, row, orderView(row));
  return {
    order,
    lines: orderLines(order, await publishedMenuLookup(db, restaurant.id, now)),
    guestCancellable: guestMayCancel(row, restaurant, now),
    suitePlace: suitePlaceOf(restaurant.settings, order.suite),
    now: now.toISOString(),
  };
}

/**
 * A signed-in diner's cancelled order with the account credit it became, when it was cancelled for
 * credit: the status page then says so rather than a card refund (domain money-back.ts).
 */
async function withCredit(db: Executor, row: OrderRow, order: OrderView): Promise<OrderView> {
  if (row.user_id === null || order.status !== 'cancelled') return order;
  const credited = (await creditedForOrders(db, { userId: row.user_id }, [row.id])).get(row.id);
  return credited ? { ...order, credited } : order;
}

/**
 * A suite order's event and suite (each in both languages, the base name where the venue did not
 * translate it), from the venue's tenant data: the order keeps only their ids (use-cases/suites/suite-orders.ts).
 * Null for any other order, and where a later import no longer lists them.
 */
export function suitePlaceOf(
  settings: Pick<RestaurantSettings, 'events' | 'suites'>,
  suite: Pick<OrderSuite, 'eventId' | 'suiteId'> | null | undefined,
): OrderSuitePlace | null {
  if (!suite) return null;
  const event = settings.events.find((entry) => entry.id === suite.eventId);
  const room = settings.suites.find((entry) => entry.id === suite.suiteId);
  if (!event || !room) return null;
  const [english, french] = [suiteIn(room, 'en-CA'), suiteIn(room, 'fr-CA')];
  return {
    event: { 'en-CA': eventNameIn(event, 'en-CA'), 'fr-CA': eventNameIn(event, 'fr-CA') },
    startsAt: event.starts_at,
    suite: { 'en-CA': english.name, 'fr-CA': french.name },
    location: { 'en-CA': english.location, 'fr-CA': french.location },
  };
}
