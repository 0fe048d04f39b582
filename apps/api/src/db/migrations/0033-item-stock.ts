import { sql, type Kysely } from 'kysely';
import { guardTenantTables } from './tenant-row-security';

/**
 * Stock counts (issue 31 item 3; docs/decisions/0105-stock-counts.md): `item_stock` holds how many
 * of an item are left, for the items staff count. An order takes its quantities in its own
 * transaction (UPDATE … WHERE remaining >= quantity); at zero the item is sold out by itself. The
 * counts live apart from the menu tables because an import or a publish rewrites those whole
 * (restaurants-repository.ts upsertTenant), and a count is the kitchen's, not the menu's.
 */
export const ITEM_STOCK_TABLES = ['item_stock'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('item_stock')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('remaining', 'integer', (col) => col.notNull().check(sql`remaining >= 0`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('item_stock_pk', ['restaurant_id', 'item_id'])
    .execute();
  await guardTenantTables(db, ITEM_STOCK_TABLES);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('item_stock').execute();
}
