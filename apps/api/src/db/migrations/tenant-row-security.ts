import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A tenant table's guard on PostgreSQL, as migration 0023 set it for the first ones: the app's role
 * reads and writes only the rows of the restaurants its transaction names (`app.tenant`), the
 * owner (migrations, system work) every row. Nothing on SQLite. For the migrations after 0029 that
 * add tenant tables; db/row-level-security.test.ts fails for a tenant table without it.
 */
const TENANT = `restaurant_id = any (string_to_array(current_setting('app.tenant', true), ',')::integer[])`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function guardTenantTables(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of tables) {
    await sql`grant select, insert, update, delete on ${sql.table(table)} to servery_app`.execute(db);
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(table)} force row level security`.execute(db);
    await sql`create policy servery_app_rows on ${sql.table(table)} to servery_app using (${sql.raw(TENANT)}) with check (${sql.raw(TENANT)})`.execute(
      db,
    );
    await sql`create policy servery_owner_rows on ${sql.table(table)} to current_user using (true) with check (true)`.execute(db);
  }
}
