import { type Kysely, sql } from 'kysely';

/**
 * Saved cards (docs/decisions/0011-saved-cards.md).
 *
 * - payment_methods: a signed-in user's saved cards. Only the processor's lasting reference, brand,
 *   last four and expiry are kept, never the number or the CVD. Cards belong to the user, not to a
 *   restaurant: a saved card pays at any restaurant on the same processor. At most one default per
 *   user (a partial unique index, so two first cards added at once cannot both become the default).
 * - sandbox_saved_cards: the sandbox processor's own vault of lasting references (what a real
 *   processor keeps on its side), with the outcome its test card gives; no restaurant, no expiry.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('processor', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('expiry', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_methods_user_idx').on('payment_methods').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('payment_methods_one_default')
    .on('payment_methods')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .createTable('sandbox_saved_cards')
    .addColumn('reference', 'text', (col) => col.primaryKey())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('expiry', 'text', (col) => col.notNull())
    .addColumn('postal_code', 'text')
    .addColumn('sandbox_outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}
