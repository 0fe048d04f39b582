/**
 * A diner cancels a scheduled order for a credit refund (spec section 4, "Scheduled orders").
 *
 * Only the owner's order, still `placed` (the lifecycle's `canDinerCancel`) and with its pickup in
 * the future (a school order: its date not yet past the cut-off), can be cancelled; otherwise 443 (SCHEDULED_ORDER_NOT_CANCELLABLE), which the web reads
 * as "remove it from the list". Another user's order is ORDER_NOT_FOUND, like a missing one. The
 * status moves through the lifecycle table, and the whole total becomes account credit at the order's
 * restaurant, expiring after one year (the spec does not give the rule; this is ours). The status
 * change is a compare-and-set and the credit is unique per order, so two cancels at once refund once.
 */
import { addTenant } from '../../db/data-scope';
import type { CancelScheduledOrderResponse } from '@servery/contracts/accounts';
import { isOrderStatus, transition } from '@servery/domain/order-lifecycle';
import { compareAndSetOrderStatus, findUserOrder, insertCredit } from '../../db/accounts-repository';
import { findRestaurantById } from '../../db/restaurants-repository';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from '../../db/order-events-repository';
import { accountOrderIn, restaurantZones } from '../accounts/account-orders';
import { isCancellable } from './order-cancellation';

export const CREDIT_EXPIRY_DAYS = 365;
export const CANCEL_REFUND_REASON = 'scheduled_order_cancelled';

export async function cancelScheduledOrder(
  database: Db,
  userId: number,
  orderId: string,
  now: Date,
): Promise<CancelScheduledOrderResponse> {
  // The person's own order names the restaurant this request acts at (db/data-scope.ts): its events
  // and credits are written there. Named before the transaction, whose connection takes the scope.
  const owned = await findUserOrder(database.db, userId, orderId);
  if (!owned) throw new AppError('ORDER_NOT_FOUND');
  addTenant(owned.restaurant_id);
  return database.db.transaction().execute(async (trx) => {
    const order = await findUserOrder(trx, userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const restaurant = await findRestaurantById(trx, order.restaurant_id);
    if (!isCancellable(order, restaurant, now) || !isOrderStatus(order.status)) throw new AppError('SCHEDULED_ORDER_NOT_CANCELLABLE');
    const moved = transition({ status: order.status }, 'cancelled', now);
    if (!moved.ok) throw new AppError('SCHEDULED_ORDER_NOT_CANCELLABLE');
    if (!(await compareAndSetOrderStatus(trx, order.id, order.status, moved.order.status, now))) {
      throw new AppError('SCHEDULED_ORDER_NOT_CANCELLABLE');
    }
    // Why, as every cancellation's event says it (the school closure's names its own): the credit's reason.
    await recordOrderEvent(
      trx,
      { restaurantId: order.restaurant_id, orderId: order.id, type: 'cancelled', actorUserId: userId, reason: CANCEL_REFUND_REASON },
      now,
    );
    const expiresAt = new Date(now.getTime() + CREDIT_EXPIRY_DAYS * 86400 * 1000);
    if (order.total_cents > 0) {
      await insertCredit(trx, {
        restaurantId: order.restaurant_id,
        userId,
        amountCents: order.total_cents,
        reason: CANCEL_REFUND_REASON,
        orderId: order.id,
        now,
        expiresAt,
      });
    }
    const zones = await restaurantZones(trx, [order.restaurant_id]);
    return {
      order: accountOrderIn({ ...order, status: moved.order.status }, zones.get(order.restaurant_id)),
      credit: { amount: order.total_cents, expiresAt: expiresAt.toISOString(), reason: CANCEL_REFUND_REASON, orderId: order.id },
    };
  });
}
