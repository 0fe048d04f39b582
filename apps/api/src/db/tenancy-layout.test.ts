/**
 * Where each table would go past one PostgreSQL (docs/decisions/0063-past-one-postgresql.md): tenants
 * sharded by restaurant_id on Citus. This test holds the migrated schema, on the database the tests
 * run on (SQLite, or PostgreSQL with DATABASE_URL), to that layout, so that a new table, key or
 * foreign key cannot quietly close the step:
 *
 * 1. every table is placed below, and every table placed exists;
 * 2. a `by-restaurant` table has restaurant_id, not null;
 * 3. its primary key and every unique index include restaurant_id (Citus needs the distribution
 *    column in each), but for the keys listed in KEYS_WITHOUT_RESTAURANT, a list that only shrinks;
 * 4. a foreign key goes where Citus allows it: from a `by-restaurant` table to a reference table, or
 *    to another `by-restaurant` table through restaurant_id (but for FOREIGN_KEYS_WITHOUT_RESTAURANT);
 *    from a reference table only to a reference table; from a local table to a reference or local
 *    one; none from a `by-own-key` table.
 *
 * Placements:
 * - `by-restaurant`: a distributed table, sharded by restaurant_id and co-located with every other
 *   one: a restaurant's orders, menus, payments and events sit on one node, and an order's
 *   transaction touches one node.
 * - `reference`: small, read everywhere, written rarely; copied to every node, so a distributed
 *   table may keep a foreign key to it.
 * - `local`: stays on the coordinator: accounts and what hangs off them, which span restaurants and
 *   are looked up by user or token, never by restaurant.
 * - `by-own-key`: distributed by its own column, co-located with nothing (rate_limits by bucket).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

type Placement = 'by-restaurant' | 'reference' | 'local' | 'by-own-key';

const TABLE_PLACEMENT: Readonly<Record<string, Placement>> = {
  // A restaurant's menu (read from the replicas of its node; written by tenant imports).
  menu_groups: 'by-restaurant',
  menus: 'by-restaurant',
  sections: 'by-restaurant',
  items: 'by-restaurant',
  option_groups: 'by-restaurant',
  option_values: 'by-restaurant',
  // Its drafts and publishes (migration 0028): the staff console's menu editor.
  menu_drafts: 'by-restaurant',
  menu_draft_revisions: 'by-restaurant',
  menu_history: 'by-restaurant',
  // Placing an order: everything its one transaction writes.
  orders: 'by-restaurant',
  order_numbers: 'by-restaurant',
  idempotency_keys: 'by-restaurant',
  slot_locks: 'by-restaurant',
  payments: 'by-restaurant',
  card_tokens: 'by-restaurant',
  gift_cards: 'by-restaurant',
  discount_code_counters: 'by-restaurant',
  discount_code_uses: 'by-restaurant',
  user_credits: 'by-restaurant',
  order_events: 'by-restaurant',
  order_notifications: 'by-restaurant',
  outbox: 'by-restaurant',
  webhook_endpoints: 'by-restaurant',
  webhook_deliveries: 'by-restaurant',
  // The kitchen printer and its tickets (migration 0029): an outbox like the webhooks'.
  kitchen_printers: 'by-restaurant',
  kitchen_tickets: 'by-restaurant',
  // Uploaded menu photos (migration 0030), served to diners by hash.
  menu_images: 'by-restaurant',
  // Stock counts (migration 0033): taken in the order's transaction, by restaurant.
  item_stock: 'by-restaurant',
  // Kitchen stations' bumps (migration 0035): by restaurant, order line and station.
  standing_order_placements: 'by-restaurant',
  standing_orders: 'by-restaurant',
  station_bumps: 'by-restaurant',
  // Staff, suites and schools: a restaurant's own people and tabs.
  restaurant_staff: 'by-restaurant',
  staff_invitations: 'by-restaurant',
  staff_audit: 'by-restaurant',
  event_suite_tabs: 'by-restaurant',
  suite_tab_changes: 'by-restaurant',
  suite_roles: 'by-restaurant',
  suite_audit: 'by-restaurant',
  // Pre-order reminders sent (migration 0034), claimed by (restaurant, event suite, owner).
  suite_reminders: 'by-restaurant',
  students: 'by-restaurant',
  user_subsidy_codes: 'by-restaurant',
  // Read on every request, or the target of the tenant tables' foreign keys.
  restaurants: 'reference',
  restaurant_hosts: 'reference',
  users: 'reference',
  // Accounts: one diner across every restaurant.
  sessions: 'local',
  password_resets: 'local',
  sign_in_addresses: 'local',
  social_token_uses: 'local',
  user_identities: 'local',
  social_sign_in_flows: 'local',
  payment_methods: 'local',
  // The built-in sandbox processor's vault, a stand-in for a processor outside our database.
  sandbox_saved_cards: 'local',
  rate_limits: 'by-own-key',
};

/**
 * Keys of `by-restaurant` tables that do not start from restaurant_id yet. Citus needs the
 * distribution column in every primary key and unique index; each of these becomes
 * (restaurant_id, ...) in the migration that distributes its table. The list only shrinks: a new
 * table or index keyed without restaurant_id fails the test.
 */
const KEYS_WITHOUT_RESTAURANT: readonly string[] = [
  'card_tokens(token)',
  'order_events(id)',
  'order_notifications(id)',
  'orders(id)',
  'outbox(id)',
  'payments(id)',
  'staff_audit(id)',
  'staff_invitations(id)',
  'staff_invitations(token_hash)',
  'students(id)',
  'suite_audit(id)',
  'suite_tab_changes(seq)',
  'user_credits(id)',
  'user_credits(order_id)',
  'webhook_deliveries(endpoint_id,event_id)',
  'webhook_deliveries(id)',
  'webhook_endpoints(id)',
];

/** Foreign keys between two `by-restaurant` tables that do not carry restaurant_id (Citus refuses them); the same rule. */
const FOREIGN_KEYS_WITHOUT_RESTAURANT: readonly string[] = ['webhook_deliveries(endpoint_id) -> webhook_endpoints(id)'];

interface Table {
  columns: Map<string, { notNull: boolean }>;
  /** The primary key and each unique index, by their columns (an expression's column is named '(expression)'). */
  keys: string[][];
  foreignKeys: Array<{ columns: string[]; table: string; references: string[] }>;
}

async function sqliteSchema(database: TestDatabase): Promise<Map<string, Table>> {
  const db = database.db;
  const schema = new Map<string, Table>();
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
  for (const { name } of tables.rows) {
    const columns = await sql<{
      name: string;
      pk: number;
      notnull: number;
    }>`select name, pk, "notnull" from pragma_table_info(${name})`.execute(db);
    const primary = columns.rows.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    const keys = primary.length > 0 ? [primary.map((column) => column.name)] : [];
    const indexes = await sql<{
      name: string;
      unique: number;
      origin: string;
    }>`select name, "unique", origin from pragma_index_list(${name})`.execute(db);
    for (const index of indexes.rows.filter((row) => row.unique && row.origin !== 'pk')) {
      const parts = await sql<{ name: string | null }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      keys.push(parts.rows.map((part) => part.name ?? '(expression)'));
    }
    const references = await sql<{ id: number; table: string; from: string; to: string }>`
      select id, "table", "from", "to" from pragma_foreign_key_list(${name}) order by id, seq`.execute(db);
    const foreignKeys = new Map<number, Table['foreignKeys'][number]>();
    for (const row of references.rows) {
      const key = foreignKeys.get(row.id) ?? { columns: [], table: row.table, references: [] };
      key.columns.push(row.from);
      key.references.push(row.to);
      foreignKeys.set(row.id, key);
    }
    schema.set(name, {
      // SQLite lets a primary key column other than an integer rowid hold null; PostgreSQL does not.
      columns: new Map(columns.rows.map((column) => [column.name, { notNull: column.notnull === 1 || column.pk > 0 }])),
      keys,
      foreignKeys: [...foreignKeys.values()],
    });
  }
  return schema;
}

async function postgresSchema(database: TestDatabase): Promise<Map<string, Table>> {
  const db = database.db;
  const schema = new Map<string, Table>();
  const columns = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_%'`.execute(db);
  for (const row of columns.rows) {
    const table = schema.get(row.table_name) ?? { columns: new Map(), keys: [], foreignKeys: [] };
    table.columns.set(row.column_name, { notNull: row.is_nullable === 'NO' });
    schema.set(row.table_name, table);
  }
  const keys = await sql<{ table_name: string; columns: string[] }>`
    select i.indrelid::regclass::text as table_name,
      array(select coalesce(a.attname, '(expression)') from unnest(i.indkey) with ordinality as k(attnum, n)
            left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and i.indisunique`.execute(db);
  for (const row of keys.rows) schema.get(row.table_name)?.keys.push(row.columns);
  const foreignKeys = await sql<{ table_name: string; target: string; columns: string[]; references: string[] }>`
    select f.conrelid::regclass::text as table_name, f.confrelid::regclass::text as target,
      array(select a.attname from unnest(f.conkey) with ordinality as k(attnum, n)
            join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum order by k.n)::text[] as columns,
      array(select a.attname from unnest(f.confkey) with ordinality as k(attnum, n)
            join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum order by k.n)::text[] as references
    from pg_constraint f join pg_namespace s on s.oid = f.connamespace
    where f.contype = 'f' and s.nspname = 'public'`.execute(db);
  for (const row of foreignKeys.rows)
    schema.get(row.table_name)?.foreignKeys.push({ columns: row.columns, table: row.target, references: row.references });
  return schema;
}

let database: TestDatabase;
let schema: Map<string, Table>;
beforeAll(async () => {
  database = await createTestDatabase();
  schema = database.dialect === 'postgres' ? await postgresSchema(database) : await sqliteSchema(database);
});
afterAll(() => database?.drop());

const placed = (placement: Placement) =>
  Object.entries(TABLE_PLACEMENT)
    .filter(([, where]) => where === placement)
    .map(([name]) => name);

describe('the schema keeps the step past one PostgreSQL open (decision 0063)', () => {
  it('places every table, and only tables that exist', () => {
    expect([...schema.keys()].sort()).toEqual(Object.keys(TABLE_PLACEMENT).sort());
  });

  it('gives every table sharded by restaurant a restaurant_id that is never null', () => {
    const missing = placed('by-restaurant').filter((name) => !schema.get(name)?.columns.get('restaurant_id')?.notNull);
    expect(missing).toEqual([]);
  });

  it('has restaurant_id in every key of a table sharded by restaurant, but for the listed ones', () => {
    const without = placed('by-restaurant').flatMap((name) =>
      (schema.get(name)?.keys ?? []).filter((key) => !key.includes('restaurant_id')).map((key) => `${name}(${key.join(',')})`),
    );
    expect([...new Set(without)].sort()).toEqual([...KEYS_WITHOUT_RESTAURANT].sort());
  });

  it('has only the foreign keys Citus takes between placements, but for the listed ones', () => {
    const refused: string[] = [];
    for (const [name, table] of schema) {
      const from = TABLE_PLACEMENT[name];
      for (const key of table.foreignKeys) {
        const to = TABLE_PLACEMENT[key.table];
        const described = `${name}(${key.columns.join(',')}) -> ${key.table}(${key.references.join(',')})`;
        const throughRestaurant = key.columns.some(
          (column, index) => column === 'restaurant_id' && key.references[index] === 'restaurant_id',
        );
        const allowed =
          from === 'by-restaurant'
            ? to === 'reference' || (to === 'by-restaurant' && throughRestaurant)
            : from === 'reference'
              ? to === 'reference'
              : from === 'local'
                ? to === 'reference' || to === 'local'
                : false;
        if (!allowed) refused.push(described);
      }
    }
    expect(refused.sort()).toEqual([...FOREIGN_KEYS_WITHOUT_RESTAURANT].sort());
  });
});
