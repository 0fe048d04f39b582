import type { Kysely } from 'kysely';

/**
 * Placing and paying for orders (docs/decisions/0009-placing-orders.md). Every row carries its restaurant. Card data is only
 * ever a token with brand, last four and expiry: the number and the CVD have no column anywhere.
 *
 * - idempotency_keys: the first row written by a placement; its primary key makes a second request
 *   with the same key wait (PostgreSQL) or run after (SQLite) the first, then see it.
 * - order_numbers and slot_locks: single rows that placements update to take a row lock, so order
 *   numbers and slot capacity stay right with several API processes on one PostgreSQL.
 * - discount_code_counters: uses of a promo code with a limit, checked and counted in one statement.
 * - outbox: e-mails and SMS written in the order's transaction, so a crash cannot lose a receipt.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('number', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('pickup_slot', 'text').execute();
  await db.schema.alterTable('orders').addColumn('pickup_time', 'text').execute();
  await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('orders').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('orders').addColumn('access_token', 'text').execute();
  await db.schema.alterTable('orders').addColumn('locale', 'text').execute();
  await db.schema.createIndex('orders_restaurant_number_idx').unique().on('orders').columns(['restaurant_id', 'number']).execute();
  await db.schema.createIndex('orders_restaurant_slot_idx').on('orders').columns(['restaurant_id', 'pickup_slot']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['restaurant_id', 'key'])
    .execute();

  await db.schema
    .createTable('order_numbers')
    .addColumn('restaurant_id', 'integer', (col) => col.primaryKey().references('restaurants.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('slot_locks')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('slot', 'text', (col) => col.notNull())
    .addColumn('placements', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('slot_locks_pk', ['restaurant_id', 'slot'])
    .execute();

  await db.schema
    .createTable('discount_code_counters')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('uses', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('discount_code_counters_pk', ['restaurant_id', 'code'])
    .execute();

  await db.schema
    .createTable('card_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('processor', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('expiry', 'text', (col) => col.notNull())
    .addColumn('postal_code', 'text')
    .addColumn('sandbox_outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('processor', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('card_token', 'text')
    .addColumn('brand', 'text')
    .addColumn('last4', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('captured_cents', 'integer', (col) => col.notNull())
    .addColumn('refunded_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payments_restaurant_order_idx').on('payments').columns(['restaurant_id', 'order_id']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_created_idx').on('outbox').columns(['created_at']).execute();

  await db.schema
    .createTable('order_notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('notified_at', 'text')
    .execute();
  await db.schema.createIndex('order_notifications_order_idx').on('order_notifications').columns(['restaurant_id', 'order_id']).execute();
}
