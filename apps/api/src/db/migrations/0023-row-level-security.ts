import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Tenant isolation as defence in depth on PostgreSQL (docs/decisions/0039-row-level-security.md).
 * The application's queries run as `servery_app` (db/database.ts SETs that ROLE on each connection),
 * a role that owns nothing and is not a superuser. Every table with a tenant column has row-level
 * security enabled and forced, and a policy that shows `servery_app` only the rows of the restaurants
 * in `app.tenant` (set per connection from the work's scope, db/data-scope.ts); rows that carry a
 * person also show to that person (`app.user`). A child's row (students) is stricter: their parent,
 * or the staff of that school whose session was verified (`app.staff`). The owner, which runs the
 * migrations and the named work across tenants, has a policy of its own that lets it through.
 * SQLite has no row-level security: nothing changes there.
 */

/** Tables whose rows belong to one restaurant, by their `restaurant_id`. db/row-level-security.test.ts fails on a tenant table missing here. */
export const TENANT_TABLES = [
  'menu_groups',
  'menus',
  'sections',
  'items',
  'option_groups',
  'option_values',
  'gift_cards',
  'discount_code_uses',
  'idempotency_keys',
  'order_numbers',
  'slot_locks',
  'discount_code_counters',
  'card_tokens',
  'payments',
  'outbox',
  'order_notifications',
  'event_suite_tabs',
  'suite_audit',
  'staff_invitations',
  'staff_audit',
  'order_events',
  'webhook_endpoints',
  'webhook_deliveries',
] as const;

/** Tenant tables whose rows also belong to a person (`user_id`): that person sees their own in any restaurant. */
export const PERSON_TABLES = ['orders', 'user_credits', 'user_subsidy_codes', 'suite_roles', 'restaurant_staff'] as const;

/** The directory that finds a request's tenant by its host name, before the tenant is known: readable by all, written by the tenant. */
export const DIRECTORY_TABLES = ['restaurant_hosts'] as const;

/** A child's name, grade and allergens: their parent, or their school's verified staff. */
export const CHILD_TABLES = ['students'] as const;

const TENANT = `restaurant_id = any (string_to_array(current_setting('app.tenant', true), ',')::integer[])`;
const PERSON = `user_id = nullif(current_setting('app.user', true), '')::integer`;
const STAFF = `restaurant_id = any (string_to_array(current_setting('app.staff', true), ',')::integer[])`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Roles belong to the whole cluster: another database on it may have made this one already (two
  // migrations at once race, hence the exception handler).
  await sql`
    do $$ begin
      if not exists (select from pg_roles where rolname = 'servery_app') then
        create role servery_app nologin noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  // A login that is not a superuser SETs ROLE servery_app, so it must be a member.
  await sql`
    do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) and not pg_has_role(current_user, 'servery_app', 'member') then
        grant servery_app to current_user;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  await sql`grant usage on schema public to servery_app`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema public to servery_app`.execute(db);
  await sql`revoke all on kysely_migration, kysely_migration_lock from servery_app`.execute(db);
  await sql`grant usage, select on all sequences in schema public to servery_app`.execute(db);
  await sql`alter default privileges in schema public grant select, insert, update, delete on tables to servery_app`.execute(db);
  await sql`alter default privileges in schema public grant usage, select on sequences to servery_app`.execute(db);

  const guard = async (table: string, using: string, check: string = using) => {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(table)} force row level security`.execute(db);
    await sql`create policy servery_app_rows on ${sql.table(table)} to servery_app using (${sql.raw(using)}) with check (${sql.raw(check)})`.execute(
      db,
    );
    // The owner runs the migrations and the named work across tenants (data-scope.ts `asSystem`).
    await sql`create policy servery_owner_rows on ${sql.table(table)} to current_user using (true) with check (true)`.execute(db);
  };
  for (const table of TENANT_TABLES) await guard(table, TENANT);
  // A marketplace vendor (orders.vendor_id, restaurant_staff.vendor_id) is a counter inside its hub's
  // tenant, not a restaurant: its rows are the hub's.
  for (const table of PERSON_TABLES) await guard(table, `${TENANT} or ${PERSON}`);
  for (const table of DIRECTORY_TABLES) await guard(table, 'true', TENANT);
  for (const table of CHILD_TABLES) await guard(table, `${PERSON} or ${STAFF}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of [...TENANT_TABLES, ...PERSON_TABLES, ...DIRECTORY_TABLES, ...CHILD_TABLES]) {
    await sql`drop policy if exists servery_app_rows on ${sql.table(table)}`.execute(db);
    await sql`drop policy if exists servery_owner_rows on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} no force row level security`.execute(db);
    await sql`alter table ${sql.table(table)} disable row level security`.execute(db);
  }
}
