import type { Kysely } from 'kysely';

/**
 * Restaurant staff: the users who run a restaurant's orders (the kitchen and the
 * counter). One row per user and restaurant; `role` is 'staff' for now (a manager role can follow).
 * A staff member signs in like any user; the staff routes check this table for the request's restaurant.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('restaurant_staff')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('restaurant_staff_pk', ['restaurant_id', 'user_id'])
    .execute();
  await db.schema.createIndex('restaurant_staff_user_idx').on('restaurant_staff').columns(['user_id']).execute();
  // Today's orders of a restaurant, by status, for the staff list.
  await db.schema.createIndex('orders_restaurant_placed_idx').on('orders').columns(['restaurant_id', 'placed_at']).execute();
}
