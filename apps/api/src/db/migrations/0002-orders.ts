import type { Kysely } from 'kysely';

/**
 * Orders, as far as the menu needs them (the queue banner counts open orders). The checkout issue
 * adds what placing and paying needs in its own migration.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_type', 'text', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('placed_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_restaurant_status_idx').on('orders').columns(['restaurant_id', 'status']).execute();
}
