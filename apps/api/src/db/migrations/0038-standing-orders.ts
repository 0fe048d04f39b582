import type { Kysely } from 'kysely';
import { guardTenantTables } from './tenant-row-security';

/**
 * K-12 standing weekly orders (issue 30 item 3; docs/decisions/0118-standing-weekly-orders.md).
 *
 * `standing_orders`: one per (parent, child) at a school: the weekly pattern (JSON, per weekday the
 * meals and their choices), the saved card it pays with, paused or not, and the days and weeks skipped.
 *
 * `standing_order_placements`: one row per (standing order, school date) the job handled. The primary
 * key is the claim: the job inserts the row before it places the day, so two processes (or a run after
 * a restart) never place a day twice; its outcome (placed with the order and the checkout, or failed
 * with the reason) is written on it. A failed day is never retried: no second charge.
 */
export const STANDING_ORDER_TABLES = ['standing_orders', 'standing_order_placements'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standing_orders')
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (col) => col.notNull())
    /** The parent's saved card (payment_methods.id); the job pays with it. */
    .addColumn('payment_method_id', 'text', (col) => col.notNull())
    /** { weekday: [{ itemId, menuId, sectionId, quantity, orderOptions }] } */
    .addColumn('pattern', 'text', (col) => col.notNull())
    .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('skipped_dates', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('skipped_weeks', 'text', (col) => col.notNull().defaultTo('[]'))
    /** The first school date it covers (the school's date the day it was made). */
    .addColumn('start_date', 'text', (col) => col.notNull())
    /** The parent's language: its receipts and notices. */
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    // restaurant_id first in every key: the tables shard by restaurant (decision 0063).
    .addPrimaryKeyConstraint('standing_orders_pk', ['restaurant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('standing_orders_child')
    .on('standing_orders')
    .columns(['restaurant_id', 'user_id', 'student_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('standing_order_placements')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('standing_order_id', 'text', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    /** placing (claimed), placed, failed */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('order_number', 'integer')
    .addColumn('amount_cents', 'integer')
    /** The error's stable name (PAYMENT_DECLINED, ITEM_UNAVAILABLE, MAX_MEALS_PER_CART, ...). */
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('standing_order_placements_pk', ['restaurant_id', 'standing_order_id', 'date'])
    .addForeignKeyConstraint(
      'standing_order_placements_order',
      ['restaurant_id', 'standing_order_id'],
      'standing_orders',
      ['restaurant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await guardTenantTables(db, STANDING_ORDER_TABLES);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('standing_order_placements').execute();
  await db.schema.dropTable('standing_orders').execute();
}
