import type { Kysely } from 'kysely';

/**
 * Event suites (spec accounts-and-suites.md section 4, "Suite flow"; use-cases/suites/suite-tabs.ts):
 * - event_suite_tabs: one row per event suite, made from the tenant file the first time it is needed
 *   and never overwritten by a later import, so the operator's event-day settings stay. `spent_cents`
 *   is what the suite's live orders have taken from the tab; every suite order takes this row's lock
 *   first, which is what holds the tab limit under concurrent orders on both databases.
 * - orders: the event suite an order is for, whether it is a pre-order or an event-day order, and the
 *   operator who placed it (login-as); indexed for the suite's lists.
 * - suite_audit: login-as sessions and event-day setting changes: who, for which suite, when.
 * - sessions: a login-as session (use-cases/suites/login-as.ts) is the owner's user session that names the
 *   operator acting in it and the one event suite it may order for.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_suite_tabs')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('event_suite_id', 'integer', (col) => col.notNull())
    .addColumn('limit_cents', 'integer')
    .addColumn('spent_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('payment_preference', 'text')
    .addColumn('preference_submitted_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('event_suite_tabs_pk', ['restaurant_id', 'event_suite_id'])
    .execute();
  await db.schema.alterTable('orders').addColumn('event_suite_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('suite_order_kind', 'text').execute();
  await db.schema.alterTable('orders').addColumn('operator_user_id', 'integer').execute();
  await db.schema.createIndex('orders_event_suite_idx').on('orders').columns(['restaurant_id', 'event_suite_id']).execute();
  await db.schema
    .createTable('suite_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('event_suite_id', 'integer', (col) => col.notNull())
    .addColumn('actor_user_id', 'integer', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('sessions').addColumn('login_as_operator_id', 'integer').execute();
  await db.schema.alterTable('sessions').addColumn('login_as_event_suite_id', 'integer').execute();
  await db.schema.createIndex('suite_audit_suite_idx').on('suite_audit').columns(['restaurant_id', 'event_suite_id']).execute();
}
