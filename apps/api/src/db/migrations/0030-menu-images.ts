import { PostgresAdapter, type Kysely } from 'kysely';
import { guardTenantTables } from './tenant-row-security';

/**
 * Menu photos uploaded in the menu editor (issue 32 item 3; docs/decisions/0102-menu-images-in-the-database.md):
 *
 * - `menu_images`: one row per resized variant of one uploaded photo, in the database so that every
 *   server process serves it. Content-addressed: `hash` is the SHA-256 of the uploaded bytes, so the
 *   same photo uploaded again by the same restaurant stores nothing new. `variant` names the size
 *   (`card-96`, `card-192`, `wide-480`, `wide-960`); `bytes` is the encoded WebP.
 *
 * Tenant table: row-level security as migration 0023's on PostgreSQL (tenant-row-security.ts).
 */
export const MENU_IMAGE_TABLES = ['menu_images'] as const;

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

  await guardTenantTables(db, MENU_IMAGE_TABLES);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...MENU_IMAGE_TABLES].reverse()) await db.schema.dropTable(table).execute();
}
