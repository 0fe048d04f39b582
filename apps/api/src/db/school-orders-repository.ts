/**
 * What school orders (one per school day and student, migration 0011) read and write beyond any
 * order. Every function takes the executor and the tenant first. On PostgreSQL the lists below show
 * only the school orders the scope may see (migration 0024): the school's verified staff (the
 * production list), the parent or guest of a checkout (its replay), the named import (closures and
 * menu changes).
 */
import { OPEN_STATUSES } from '@servery/domain/order-lifecycle';
import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { OrderRow } from './placed-orders-repository';

const dayKey = (date: string, studentId: number) => `${date}/${studentId}`;

/**
 * Meal packages already in open school orders, per `date/studentId`, whoever placed them: the day's
 * cap counts every order of the student. On PostgreSQL a school order shows only to its parent, its
 * token's holder and the school's staff (migration 0024), so the count goes through
 * `servery_booked_school_meals`, a SECURITY DEFINER function that answers sums only, in the caller's
 * own transaction (after its lock rows, lockSchoolDay) and only for a restaurant in its scope. SQLite
 * has no row-level security and reads the orders as before.
 */
export async function bookedSchoolMeals(
  db: Executor,
  restaurantId: number,
  days: ReadonlyArray<{ date: string; studentId: number }>,
): Promise<Map<string, number>> {
  const booked = new Map<string, number>();
  if (days.length === 0) return booked;
  const dates = [...new Set(days.map((day) => day.date))];
  const students = [...new Set(days.map((day) => day.studentId))];
  const rows =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (
          await sql<{ school_date: string | null; student_id: number | null; meals: string | number | null }>`
            select school_date, student_id, meals
            from servery_booked_school_meals(${restaurantId}, ${dates}::text[], ${students}::integer[], ${[...OPEN_STATUSES]}::text[])`.execute(
            db,
          )
        ).rows
      : await db
          .selectFrom('orders')
          .select(['school_date', 'student_id', (eb) => eb.fn.sum<string | number>('meal_count').as('meals')])
          .where('restaurant_id', '=', restaurantId)
          .where('order_type', '=', 'school')
          .where('status', 'in', OPEN_STATUSES)
          .where('school_date', 'in', dates)
          .where('student_id', 'in', students)
          .groupBy(['school_date', 'student_id'])
          .execute();
  for (const row of rows)
    if (row.school_date && row.student_id !== null) booked.set(dayKey(row.school_date, row.student_id), Number(row.meals ?? 0));
  return booked;
}

export const bookedKey = dayKey;

/**
 * Takes the lock row of one student's school day (the slot_locks table, under a key of its own), so
 * that concurrent checkouts for that student and day count their meals one after the other: on
 * PostgreSQL the upsert holds the row until commit; on SQLite the transaction is the only writer.
 * Callers take the locks in a fixed order (date, then student) so two checkouts never wait on each other in a circle.
 */
export async function lockSchoolDay(db: Executor, restaurantId: number, date: string, studentId: number): Promise<void> {
  await db
    .insertInto('slot_locks')
    .values({ restaurant_id: restaurantId, slot: `school:${dayKey(date, studentId)}`, placements: 1 })
    .onConflict((conflict) =>
      conflict.columns(['restaurant_id', 'slot']).doUpdateSet((eb) => ({ placements: eb('slot_locks.placements', '+', 1) })),
    )
    .execute();
}

/** Every order of one school checkout, in the order they were numbered. */
export async function listCheckoutOrders(db: Executor, restaurantId: number, checkoutId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('checkout_id', '=', checkoutId)
    .orderBy('number')
    .execute();
}

/**
 * The access tokens' hashes of the orders of the checkout whose first order is `firstOrderId`, placed
 * with this request hash (a guest's replay, checkout/school-days.ts `openGuestCheckout`; on the owner's path).
 */
export async function checkoutTokenHashes(db: Executor, restaurantId: number, firstOrderId: string, hash: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('access_token_hash')
    .where('restaurant_id', '=', restaurantId)
    .where('request_hash', '=', hash)
    .where('checkout_id', '=', (eb) =>
      eb.selectFrom('orders').select('checkout_id').where('restaurant_id', '=', restaurantId).where('id', '=', firstOrderId),
    )
    .execute();
  return rows.flatMap((row) => (row.access_token_hash ? [row.access_token_hash] : []));
}

/** The open school orders of one date (the production list). */
export async function listSchoolOrdersOn(db: Executor, restaurantId: number, date: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('order_type', '=', 'school')
    .where('school_date', '=', date)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('number')
    .execute();
}

/** The school orders still placed (not yet prepared) on any of these dates (a closure day). */
export async function listPlacedSchoolOrdersOn(db: Executor, restaurantId: number, dates: readonly string[]): Promise<OrderRow[]> {
  if (dates.length === 0) return [];
  return db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('order_type', '=', 'school')
    .where('school_date', 'in', [...dates])
    .where('status', '=', 'placed')
    .orderBy('number')
    .execute();
}

/** The school orders still placed from this date on (a menu change on import). */
export async function listPlacedSchoolOrdersFrom(db: Executor, restaurantId: number, from: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('order_type', '=', 'school')
    .where('school_date', '>=', from)
    .where('status', '=', 'placed')
    .orderBy('number')
    .execute();
}

/**
 * One parent's open school orders for one of their students, on these dates (the month calendar names
 * what they hold) or in a date range (a week to repeat or to make standing), by date then number.
 */
export async function listStudentSchoolOrders(
  db: Executor,
  restaurantId: number,
  userId: number,
  studentId: number,
  on: readonly string[] | { from: string; to: string },
): Promise<OrderRow[]> {
  if (Array.isArray(on) && on.length === 0) return [];
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .where('order_type', '=', 'school')
    .where('student_id', '=', studentId)
    .where('status', 'in', OPEN_STATUSES);
  query = Array.isArray(on)
    ? query.where('school_date', 'in', [...(on as readonly string[])])
    : query.where('school_date', '>=', (on as { from: string }).from).where('school_date', '<=', (on as { to: string }).to);
  return query.orderBy('school_date').orderBy('number').execute();
}
