import type { Kysely } from 'kysely';
import { guardTenantTables } from './tenant-row-security';

/**
 * Pre-order reminders to suite owners (issue 31 item 2; docs/decisions/0106-suite-pre-order-reminders.md):
 * one row per (event suite, owner e-mail) that was reminded. The primary key is the claim: the sweep
 * inserts the row and queues the e-mail in one transaction, and a second process (or a sweep after a
 * restart) that tries the same key inserts nothing and sends nothing. The e-mail is an outbox row
 * like every other: the message relay sends it (retries and SMTP faults are the relay's).
 */
export const SUITE_REMINDER_TABLES = ['suite_reminders'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('suite_reminders')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('event_suite_id', 'integer', (col) => col.notNull())
    /** The owner's e-mail, normalised: an owner changed in the tenant file is reminded too. */
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('event_id', 'integer', (col) => col.notNull())
    /** The lock the reminder named (ISO), as the e-mail said it. */
    .addColumn('lock_at', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('suite_reminders_pk', ['restaurant_id', 'event_suite_id', 'recipient'])
    .execute();
  await guardTenantTables(db, SUITE_REMINDER_TABLES);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('suite_reminders').execute();
}
