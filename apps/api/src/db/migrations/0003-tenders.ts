import type { Kysely } from 'kysely';

/**
 * Gift-card balances and promo-code uses change as orders are placed, so they live in tables of their
 * own: re-importing a tenant file adds new cards but never resets a balance.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_cards')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('balance_cents', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('gift_cards_pk', ['restaurant_id', 'number'])
    .execute();
  await db.schema
    .createTable('discount_code_uses')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('discount_code_uses_pk', ['restaurant_id', 'code', 'order_id'])
    .execute();
}
