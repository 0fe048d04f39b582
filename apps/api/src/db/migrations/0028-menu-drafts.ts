import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Menu drafts, publishes and their history (issue 32, items 4 and 6; docs/menu-drafts.md,
 * docs/decisions/0091-whole-file-menu-drafts.md):
 *
 * - `menu_drafts`: one row per restaurant that has ever had a draft. `revision` only grows, so a save
 *   based on an older revision is told apart from one based on the current one by a conditional
 *   UPDATE (`where revision = base`); `file` is the whole draft tenant file as JSON text, null when
 *   there is no draft (it was published): the row stays to keep the revision counting up.
 * - `menu_draft_revisions`: the last few saved files of the current draft, so a refused save can name
 *   the paths that changed since the revision it was based on. Emptied on publish.
 * - `menu_history`: one row per publish, keyed by the menu version it made, with who, when, a short
 *   summary (JSON) and the whole file published (JSON), which is all a restore needs.
 *
 * Tenant tables: row-level security as migration 0023's on PostgreSQL.
 */
export const MENU_DRAFT_TABLES = ['menu_drafts', 'menu_draft_revisions', 'menu_history'] as const;

const TENANT = `restaurant_id = any (string_to_array(current_setting('app.tenant', true), ',')::integer[])`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('menu_drafts')
    .addColumn('restaurant_id', 'integer', (col) => col.primaryKey().references('restaurants.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('file', 'text')
    .addColumn('saved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('saved_at', 'text')
    .execute();
  await db.schema
    .createTable('menu_draft_revisions')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('file', 'text', (col) => col.notNull())
    .addColumn('saved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('menu_draft_revisions_pk', ['restaurant_id', 'revision'])
    .execute();
  await db.schema
    .createTable('menu_history')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('published_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('file', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('menu_history_pk', ['restaurant_id', 'version'])
    .execute();

  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of MENU_DRAFT_TABLES) {
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
  for (const table of [...MENU_DRAFT_TABLES].reverse()) await db.schema.dropTable(table).execute();
}
