import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Menu photos uploaded in the menu editor (issue 32 item 3; docs/decisions/0102-menu-images-in-the-database.md):
 *
 * - `menu_images`: one row per resized variant of one uploaded photo, in the database so that every
 *   server process serves it. Content-addressed: `hash` is the SHA-256 of the uploaded bytes, so the
 *   same photo uploaded again by the same restaurant stores nothing new. `variant` names the size
 *   (`card-96`, `card-192`, `wide-480`, `wide-960`); `bytes` is the encoded WebP.
 *
 * Tenant table: row-level security as migration 0023's on PostgreSQL.
 */
export const MENU_IMAGE_TABLES = ['menu_images'] as const;

const TENANT = `restaurant_id = any (string_to_array(current_setting('app.tenant', true), ',')::integer[])`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('menu_images')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('variant', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('menu_images_pk', ['restaurant_id', 'hash', 'variant'])
    .execute();

  if (!postgres) return;
  for (const table of MENU_IMAGE_TABLES) {
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
  for (const table of [...MENU_IMAGE_TABLES].reverse()) await db.schema.dropTable(table).execute();
}
