import type { Kysely } from 'kysely';

/**
 * A standing order's version (docs/decisions/0122-standing-order-patterns-per-rotation-week.md, as
 * amended): every change of the row adds one; a day's save names the version the page read and is
 * refused (STANDING_ORDER_CHANGED) when another tab or parent saved in between. The check and the write
 * are one UPDATE ... WHERE version = ?, so two saves at once from the same version: exactly one wins.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('standing_orders')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('standing_orders').dropColumn('version').execute();
}
