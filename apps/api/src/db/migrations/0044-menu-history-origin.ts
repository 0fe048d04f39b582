import type { Kysely } from 'kysely';

/**
 * Where a menu history entry came from (docs/menu-drafts.md, "History and restore"): `console` for a
 * staff member's publish or import from the staff console; `tenants_import` for the data the server's
 * import wrote (`npm run tenants:import`, or the start-up import), recorded by the restaurant's first
 * publish from the console so that what diners saw before it can be restored. Entries written before
 * this migration are all the console's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('menu_history')
    .addColumn('origin', 'text', (col) => col.notNull().defaultTo('console'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('menu_history').dropColumn('origin').execute();
}
