/**
 * What a marketplace hub's checkout reads and writes (use-cases/checkout/vendor-orders.ts): each
 * vendor's slot counted over that vendor's own orders, under a lock row of its own.
 */
import { OPEN_STATUSES } from '@servery/domain/order-lifecycle';
import type { Executor } from '../kernel/executor';

/**
 * Takes the lock row of one vendor's slot (the slot_locks table, under a key of its own) and counts
 * that vendor's open orders in it. On PostgreSQL the upsert holds the row until commit, so
 * concurrent checkouts for the vendor's slot count one after the other; on SQLite the transaction is
 * the only writer. Callers take the locks in the vendors' order so two checkouts never wait in a circle.
 */
export async function lockAndCountVendorSlot(db: Executor, restaurantId: number, vendorId: number | null, slot: string): Promise<number> {
  await db
    .insertInto('slot_locks')
    .values({ restaurant_id: restaurantId, slot: `vendor:${vendorId ?? 'hub'}:${slot}`, placements: 1 })
    .onConflict((conflict) =>
      conflict.columns(['restaurant_id', 'slot']).doUpdateSet((eb) => ({ placements: eb('slot_locks.placements', '+', 1) })),
    )
    .execute();
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .where('vendor_id', vendorId === null ? 'is' : '=', vendorId)
    .where('pickup_slot', '=', slot)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Each vendor's open orders per slot start (ISO) from `from` on, for a hub's scheduling: a vendor's
 * capacity counts its own orders only (the same rows `lockAndCountVendorSlot` counts). Key null: the
 * hub's own orders.
 */
export async function bookedVendorSlots(db: Executor, restaurantId: number, from: Date): Promise<Map<number | null, Map<string, number>>> {
  const rows = await db
    .selectFrom('orders')
    .select(['vendor_id', 'pickup_slot', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', OPEN_STATUSES)
    .where('pickup_slot', '>=', from.toISOString())
    .groupBy(['vendor_id', 'pickup_slot'])
    .execute();
  const booked = new Map<number | null, Map<string, number>>();
  for (const row of rows) {
    if (!row.pickup_slot) continue;
    const vendor = booked.get(row.vendor_id) ?? new Map<string, number>();
    vendor.set(row.pickup_slot, Number(row.count));
    booked.set(row.vendor_id, vendor);
  }
  return booked;
}

/** The vendor a team member works for at a hub; null for the whole restaurant (or not on the team). */
export async function findStaffVendor(db: Executor, restaurantId: number, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('restaurant_staff')
    .select('vendor_id')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.vendor_id ?? null;
}
