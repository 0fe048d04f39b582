import type { Kysely } from 'kysely';

/**
 * Gift cards issued from the staff console (issue 32 item 2; docs/decisions/0112-gift-cards-issued-from-the-console.md).
 * `gift_cards` gains what the console lists beside the balance: where the card came from (`staff`, or
 * `file` for a tenant file's card), the amount it was issued for, when, by whom (a user id, no foreign
 * key: an erased account leaves the card), for whom and why. An issued card also keeps its issue's id
 * (the number is derived from it under the server's key, lib/secret-digests.ts) and its Idempotency-Key,
 * unique per restaurant, so a retried issue finds its card instead of making a second one.
 * Cards already there are the files' cards; what they were issued for was not kept (null).
 * Row-level security (0023) already covers the table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const columns: Array<[string, 'text' | 'integer']> = [
    ['issued_cents', 'integer'],
    ['issued_at', 'text'],
    ['issued_by', 'integer'],
    ['recipient', 'text'],
    ['note', 'text'],
    ['issue_id', 'text'],
    ['issue_key', 'text'],
  ];
  await db.schema
    .alterTable('gift_cards')
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('file'))
    .execute();
  for (const [name, type] of columns) await db.schema.alterTable('gift_cards').addColumn(name, type).execute();
  await db.schema.createIndex('gift_cards_issue_key').on('gift_cards').columns(['restaurant_id', 'issue_key']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gift_cards_issue_key').execute();
  for (const name of ['issue_key', 'issue_id', 'note', 'recipient', 'issued_by', 'issued_at', 'issued_cents', 'source'])
    await db.schema.alterTable('gift_cards').dropColumn(name).execute();
}
