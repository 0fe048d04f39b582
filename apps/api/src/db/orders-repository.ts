import type { Kysely } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { Database } from '../kernel/schema';

/**
 * The open orders of one restaurant that are ahead of a new as-soon-as-possible order (domain
 * queue.ts states the rule): `{ asap: true }` counts those due now, asked for as soon as possible or
 * with no time; `{ scheduledBefore }` those for a chosen time (a slot, a school day, a suite's
 * delivery time) strictly before that instant (ISO, the server's clock).
 */
export async function countOrdersAhead(
  db: Kysely<Database>,
  restaurantId: number,
  statuses: readonly string[],
  which: { asap: true } | { scheduledBefore: string },
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', statuses)
    .where((eb) => {
      const chosenTime = eb.and([
        eb('pickup_time', 'is not', null),
        eb.or([eb('pickup_slot', 'is not', null), eb('school_date', 'is not', null), eb('event_suite_id', 'is not', null)]),
      ]);
      return 'asap' in which ? eb.not(chosenTime) : eb.and([chosenTime, eb('pickup_time', '<', which.scheduledBefore)]);
    })
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
