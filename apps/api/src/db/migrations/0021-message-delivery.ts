import type { Kysely } from 'kysely';

/**
 * Messages that leave (docs/decisions/0033-message-relay.md): each outbox row gets a delivery state
 * (queued, retrying, sent, failed), its attempts, when it may be tried next and a lease that one
 * relay process holds while it sends it. Rows already marked sent stay sent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
  await db.updateTable('outbox').set({ status: 'sent' }).where('sent_at', 'is not', null).execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_order_idx').on('outbox').columns(['restaurant_id', 'order_id']).execute();
}
