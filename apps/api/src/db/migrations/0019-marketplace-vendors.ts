import type { Kysely } from 'kysely';

/**
 * Marketplace hubs (packages/domain/src/marketplace.ts, use-cases/checkout/vendor-orders.ts).
 * - orders.vendor_id: the hub's vendor an order is for (null for any other order). One checkout
 *   (orders.checkout_id, migration 0011) makes one order per vendor; a vendor's slot capacity is
 *   counted over its own orders, and its staff see only them.
 * - restaurant_staff.vendor_id: a team member who works one vendor's counter (null: the whole
 *   restaurant, as before).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('vendor_id', 'integer').execute();
  await db.schema.alterTable('restaurant_staff').addColumn('vendor_id', 'integer').execute();
  await db.schema
    .createIndex('orders_restaurant_vendor_slot_idx')
    .on('orders')
    .columns(['restaurant_id', 'vendor_id', 'pickup_slot'])
    .execute();
}
