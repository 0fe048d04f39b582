import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Kitchen ticket printing (issue 31 item 3; docs/kitchen-printing.md,
 * docs/decisions/0099-network-ticket-printer.md):
 *
 * - `kitchen_printers`: a restaurant's one network ESC/POS printer (host, port, columns, on or off,
 *   which order event prints), set by its owners and managers.
 * - `kitchen_tickets`: one row per ticket to print, an outbox like `webhook_deliveries`: written in
 *   the transaction of the order event that asks for it, claimed with a lease by one process at a
 *   time, retried with backoff, kept as sent or failed for staff to see. `dedupe_key` is unique per
 *   restaurant: an order's automatic ticket is `auto:<order id>`, so it is queued at most once
 *   whatever happens to its events; a reprint or a test print has a key of its own.
 *
 * Tenant tables: row-level security as migration 0023's on PostgreSQL.
 */
export const KITCHEN_PRINTER_TABLES = ['kitchen_printers', 'kitchen_tickets'] as const;

const TENANT = `restaurant_id = any (string_to_array(current_setting('app.tenant', true), ',')::integer[])`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kitchen_printers')
    .addColumn('restaurant_id', 'integer', (col) => col.primaryKey().references('restaurants.id').onDelete('cascade'))
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('port', 'integer', (col) => col.notNull())
    .addColumn('columns', 'integer', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('print_on', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('kitchen_tickets')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('dedupe_key', 'text', (col) => col.notNull())
    /** `placed`, `accepted` (automatic), `reprint` or `test`. */
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('printed_at', 'text')
    .addPrimaryKeyConstraint('kitchen_tickets_pk', ['restaurant_id', 'id'])
    .addUniqueConstraint('kitchen_tickets_dedupe_uq', ['restaurant_id', 'dedupe_key'])
    .execute();
  await db.schema.createIndex('kitchen_tickets_due_idx').on('kitchen_tickets').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('kitchen_tickets_order_idx').on('kitchen_tickets').columns(['restaurant_id', 'order_id']).execute();

  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of KITCHEN_PRINTER_TABLES) {
    await sql`grant select, insert, update, delete on ${sql.table(table)} to servery_app`.execute(db);
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(table)} force row level security`.execute(db);
    await sql`create policy servery_app_rows on ${sql.table(table)} to servery_app using (${sql.raw(TENANT)}) with check (${sql.raw(TENANT)})`.execute(
      db,
    );
    await sql`create policy servery_owner_rows on ${sql.table(table)} to current_user using (true) with check (true)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...KITCHEN_PRINTER_TABLES].reverse()) await db.schema.dropTable(table).execute();
}
