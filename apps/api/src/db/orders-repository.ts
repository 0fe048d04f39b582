import type { Kysely } from 'kysely';
import { QUEUED_STATUSES } from '@servery/domain/queue';
import type { Executor } from '../kernel/executor';
import { runCompiled } from './compiled-queries';
import type { Database } from '../kernel/schema';

/**
 * The open orders of one restaurant that are ahead of a new as-soon-as-possible order (domain
 * queue.ts states the rule): `{ asap: true }` counts those due now, asked for as soon as possible or
 * with no time; `{ scheduledBefore }` those for a chosen time (a slot, a school day, a suite's
 * delivery time) strictly before that instant (ISO, the server's clock). Only orders placed (as soon
 * as possible) or due (a chosen time) at or after `since` count, and at most `limit` of them: the
 * inner query stops at `limit` rows, so the count's cost stays flat however far the kitchen falls
 * behind (decision 0136).
 */
export async function countOrdersAhead(
  db: Kysely<Database>,
  restaurantId: number,
  which: OrdersAhead,
  bounds: { since: string; limit: number },
): Promise<number> {
  if (bounds.limit <= 0) return 0;
  // Every order placed as soon as possible runs this: compiled once per dialect (compiled-queries.ts).
  const [row] =
    'asap' in which
      ? await runCompiled(db, 'ordersAhead.asap', () => ordersAheadCount(db, restaurantId, which, bounds), [
          restaurantId,
          ...QUEUED_STATUSES,
          bounds.since,
          bounds.limit,
        ])
      : await runCompiled(db, 'ordersAhead.scheduled', () => ordersAheadCount(db, restaurantId, which, bounds), [
          restaurantId,
          ...QUEUED_STATUSES,
          bounds.since,
          which.scheduledBefore,
          bounds.limit,
        ]);
  return Number(row?.count ?? 0);
}

export type OrdersAhead = { asap: true } | { scheduledBefore: string };

/** The count's query: the inner select stops at `limit` rows. */
function ordersAheadCount(db: Kysely<Database>, restaurantId: number, which: OrdersAhead, bounds: { since: string; limit: number }) {
  const ahead = db
    .selectFrom('orders')
    .select('restaurant_id')
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', QUEUED_STATUSES)
    .where((eb) => {
      const chosenTime = eb.and([
        eb('pickup_time', 'is not', null),
        eb.or([eb('pickup_slot', 'is not', null), eb('school_date', 'is not', null), eb('event_suite_id', 'is not', null)]),
      ]);
      return 'asap' in which
        ? eb.and([eb('placed_at', '>=', bounds.since), eb.not(chosenTime)])
        : eb.and([eb('pickup_time', '>=', bounds.since), eb('pickup_time', '<', which.scheduledBefore), chosenTime]);
    })
    .limit(bounds.limit)
    .as('ahead');
  return db.selectFrom(ahead).select((eb) => eb.fn.countAll<string | number>().as('count'));
}

/**
 * Moves an order to a status only if it still has the one it was read with (use-cases/staff/change-order-status.ts,
 * use-cases/orders/order-notifications.ts):
 * false when another change came first. On PostgreSQL a second change waits on the row's lock here.
 */
export async function moveOrderStatus(
  db: Executor,
  restaurantId: number,
  orderId: string,
  from: string,
  values: { status: string; updated_at: string; data?: string },
): Promise<boolean> {
  const changed = await db
    .updateTable('orders')
    .set(values)
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/**
 * The staff board's orders of one restaurant day (use-cases/staff/list-staff-orders.ts): those due in it or
 * later, and those placed in it without a pickup time; of one status and one hub vendor when given.
 */
export async function listDayOrders(
  db: Executor,
  restaurantId: number,
  filter: { start: string; end: string; status: string | null; vendorId: number | null; limit: number },
) {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where((eb) =>
      eb.or([
        eb('pickup_time', '>=', filter.start),
        eb.and([eb('pickup_time', 'is', null), eb('placed_at', '>=', filter.start), eb('placed_at', '<', filter.end)]),
      ]),
    );
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.vendorId !== null) query = query.where('vendor_id', '=', filter.vendorId);
  return query.orderBy('placed_at').orderBy('id').limit(filter.limit).execute();
}

/** Whether the order is of the hub vendor's counter (use-cases/staff/list-staff-orders.ts). */
export async function isVendorOrder(db: Executor, restaurantId: number, orderId: string, vendorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return row !== undefined;
}
