/**
 * What the restaurant's staff see: who is staff where, and today's orders. "Today"
 * is the restaurant's calendar day: an order belongs to it by its pickup time, or by the time it was
 * placed when it has none (dine-in, ASAP without a time).
 */
import type { StaffOrder } from '@servery/contracts/staff';
import { TRANSITIONS, isOrderStatus, type OrderStatus } from '@servery/domain/order-lifecycle';
import { localDateTime, zonedInstant } from '@servery/domain/price-schedule';
import type { OrderRow } from '../db/placed-orders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import type { Executor } from '../ports/payments';
import { orderView } from './order-view';

/** At most this many orders in one list: a busy day's orders, not a report. */
export const STAFF_LIST_LIMIT = 500;

export async function isRestaurantStaff(db: Executor, restaurantId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('restaurant_staff')
    .select('role')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The order as staff see it: the diner's view, whether its card is captured yet, and its possible moves. */
export function staffOrderView(row: OrderRow): StaffOrder {
  const payment = (JSON.parse(row.data) as { payment?: { paymentId?: string | null; captured?: boolean } }).payment;
  const status: OrderStatus = isOrderStatus(row.status) ? row.status : 'placed';
  return {
    ...orderView(row),
    // Orders stored before the flag existed were captured at placement.
    payment_captured: payment?.paymentId ? payment.captured !== false : null,
    next_statuses: [...TRANSITIONS[status]],
  };
}

/** [start, end) of the restaurant's calendar day that contains `now`, as ISO instants. */
export function restaurantDay(now: Date, zone: string): { start: string; end: string } {
  const today = localDateTime(now, zone);
  return {
    start: zonedInstant(zone, today.year, today.month, today.day, 0, 0).toISOString(),
    end: zonedInstant(zone, today.year, today.month, today.day + 1, 0, 0).toISOString(),
  };
}

export async function listStaffOrders(db: Executor, restaurant: Restaurant, status: OrderStatus | null, now: Date): Promise<StaffOrder[]> {
  const { start, end } = restaurantDay(now, restaurant.settings.zone);
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurant.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('pickup_time', '>=', start), eb('pickup_time', '<', end)]),
        eb.and([eb('pickup_time', 'is', null), eb('placed_at', '>=', start), eb('placed_at', '<', end)]),
      ]),
    );
  if (status) query = query.where('status', '=', status);
  const rows = await query.orderBy('placed_at').orderBy('id').limit(STAFF_LIST_LIMIT).execute();
  return rows.map(staffOrderView);
}
