import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A school order copies its child's name, school, grade, classroom and teacher into the order's data
 * (use-cases/checkout/school-days.ts), and its receipt and notices copy the name into the outbox. Under
 * migration 0023 both were guarded per restaurant only: a query that forgot its person, run for
 * another parent of the same school, would have read another family's child. PostgreSQL only, as
 * 0023 (docs/decisions/0039-row-level-security.md, addendum "School orders"):
 *
 * - `orders`: a school order shows to, and may be written by, its parent (`app.user`), the guest
 *   holding its access token (`app.order_tokens`, named by the scope once the guest gave it or the
 *   guest's checkout made it, db/data-scope.ts `addOrderTokens`) at that restaurant, or that school's
 *   verified staff (`app.staff`). Any other order keeps 0023's rule (its restaurant, or its person).
 * - `outbox`: a message about an order shows only where that order does (the school receipt, the
 *   closure and menu-change notices name the child); a message about no order keeps its restaurant.
 * - `servery_booked_school_meals`: the day's meal count for the cap must see every order of a student
 *   and day, whoever placed it, inside the checkout's own transaction and after its lock
 *   (school-orders-repository.ts `bookedSchoolMeals`). A SECURITY DEFINER function owned by the owner
 *   answers sums only, never a row, and only for a restaurant in the caller's scope.
 */

const TENANT = `restaurant_id = any (string_to_array(current_setting('app.tenant', true), ',')::integer[])`;
const PERSON = `user_id = nullif(current_setting('app.user', true), '')::integer`;
const STAFF = `restaurant_id = any (string_to_array(current_setting('app.staff', true), ',')::integer[])`;
const TOKEN = `access_token = any (string_to_array(nullif(current_setting('app.order_tokens', true), ''), ','))`;

/** A school order: its parent, the holder of its token at its restaurant, its school's verified staff; any other order as in 0023. */
export const ORDERS_POLICY = `(order_type <> 'school' and ${TENANT}) or ${PERSON} or ${STAFF} or (${TENANT} and ${TOKEN})`;

/** A message about an order where that order shows (the subquery runs under the orders policy); one about no order, its restaurant's. */
export const OUTBOX_POLICY = `${TENANT} and (order_id is null or exists (select from orders o where o.id = outbox.order_id))`;

/** Migration 0023's rules, which `down` puts back. */
const BEFORE = { orders: `${TENANT} or ${PERSON}`, outbox: TENANT };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function replacePolicy(db: Kysely<any>, table: string, rule: string): Promise<void> {
  await sql`drop policy servery_app_rows on ${sql.table(table)}`.execute(db);
  await sql`create policy servery_app_rows on ${sql.table(table)} to servery_app using (${sql.raw(rule)}) with check (${sql.raw(rule)})`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await replacePolicy(db, 'orders', ORDERS_POLICY);
  await replacePolicy(db, 'outbox', OUTBOX_POLICY);
  // Runs as its owner (the role running this migration), whose policy lets every order through; the
  // caller's own scope still decides the restaurant: the application's role (which SETs ROLE
  // servery_app, db/database.ts) only for a restaurant in app.tenant, the owner's named work for any.
  await sql`
    create function servery_booked_school_meals(restaurant integer, dates text[], students integer[], statuses text[])
    returns table (school_date text, student_id integer, meals bigint)
    language sql stable security definer
    set search_path = pg_catalog, pg_temp
    as $$
      select o.school_date, o.student_id, coalesce(sum(o.meal_count), 0)::bigint
      from public.orders o
      where o.restaurant_id = restaurant
        and (current_setting('role') <> 'servery_app'
          or restaurant = any (string_to_array(current_setting('app.tenant', true), ',')::integer[]))
        and o.order_type = 'school'
        and o.status = any (statuses)
        and o.school_date = any (dates)
        and o.student_id = any (students)
      group by o.school_date, o.student_id
    $$`.execute(db);
  await sql`revoke all on function servery_booked_school_meals(integer, text[], integer[], text[]) from public`.execute(db);
  await sql`grant execute on function servery_booked_school_meals(integer, text[], integer[], text[]) to servery_app`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists servery_booked_school_meals(integer, text[], integer[], text[])`.execute(db);
  await replacePolicy(db, 'orders', BEFORE.orders);
  await replacePolicy(db, 'outbox', BEFORE.outbox);
}
