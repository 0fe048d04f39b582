import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter } from 'kysely';

const MENU_TABLES = ['menu_groups', 'menus', 'sections', 'items', 'option_groups', 'option_values'] as const;

// Kysely<any> is how migrations are written: they must not depend on today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('restaurants')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('group_slug', 'text')
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('menu_version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('restaurants_group_idx').on('restaurants').column('group_slug').execute();

  await db.schema
    .createTable('restaurant_hosts')
    .addColumn('host', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .execute();

  for (const table of MENU_TABLES) {
    let builder = db.schema
      .createTable(table)
      .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('id', 'integer', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull());
    if (table === 'menus') builder = builder.addColumn('menu_group_id', 'integer', (col) => col.notNull()).addColumn('deleted_at', 'text');
    if (table === 'sections') builder = builder.addColumn('menu_id', 'integer', (col) => col.notNull());
    if (table === 'items') {
      builder = builder
        .addColumn('menu_id', 'integer', (col) => col.notNull())
        .addColumn('section_id', 'integer')
        .addColumn('price_cents', 'integer', (col) => col.notNull())
        .addColumn('sold_out', 'integer', (col) => col.notNull().defaultTo(0));
    }
    if (table === 'option_groups')
      builder = builder.addColumn('item_id', 'integer', (col) => col.notNull()).addColumn('parent_value_id', 'integer');
    if (table === 'option_values') {
      builder = builder
        .addColumn('option_group_id', 'integer', (col) => col.notNull())
        .addColumn('price_cents', 'integer', (col) => col.notNull());
    }
    if (table !== 'option_groups') builder = builder.addColumn('published_at', 'text');
    await builder.addPrimaryKeyConstraint(`${table}_pk`, ['restaurant_id', 'id']).execute();
  }

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('students')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('school', 'text', (col) => col.notNull())
    .addColumn('grade', 'text', (col) => col.notNull())
    .addColumn('classroom', 'text', (col) => col.notNull())
    .addColumn('teacher', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('students_user_idx').on('students').columns(['restaurant_id', 'user_id']).execute();

  await db.schema
    .createTable('suite_roles')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('suite_roles_pk', ['restaurant_id', 'user_id', 'role'])
    .execute();
}

/** A generated integer key: SQLite's rowid alias, PostgreSQL's identity column. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function autoId(db: Kysely<any>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return (col: ColumnDefinitionBuilder) => (sqlite ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity());
}
