/**
 * K-12 standing weekly orders (migration 0038). Every query names the restaurant; a parent's own
 * queries name the parent too. A placement's key (standing order, date) is the claim: `claimPlacement`
 * inserts it or, when another process or an earlier run already did, inserts nothing (ON CONFLICT DO
 * NOTHING), so the caller places the day only when it won.
 *
 * Every change of a standing order adds one to its `version` (migration 0043). A change that names the
 * version it was made from (`expectedVersion`) is a compare-and-set: the check is the UPDATE's own
 * WHERE, so of two saves from the same version exactly one changes the row (the other changes nothing).
 */
import { OPEN_STATUSES } from '@servery/domain/order-lifecycle';
import { type Selectable, sql } from 'kysely';
import type { OrderRow } from './placed-orders-repository';
import type { Executor } from '../kernel/executor';
import type { StandingOrderPlacementsTable, StandingOrdersTable } from '../kernel/schema';

export type StandingOrderRow = Selectable<StandingOrdersTable>;
export type StandingPlacementRow = Selectable<StandingOrderPlacementsTable>;

export function parentStandingOrders(db: Executor, restaurantId: number, userId: number): Promise<StandingOrderRow[]> {
  return db
    .selectFrom('standing_orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function findStandingOrder(
  db: Executor,
  restaurantId: number,
  userId: number,
  studentId: number,
): Promise<StandingOrderRow | null> {
  const row = await db
    .selectFrom('standing_orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row ?? null;
}

/** Every standing order of a school that is not paused (the job's work). */
export function activeStandingOrders(db: Executor, restaurantId: number): Promise<StandingOrderRow[]> {
  return db
    .selectFrom('standing_orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('paused', '=', 0)
    .orderBy('id')
    .execute();
}

const nextVersion = sql<number>`version + 1`;

/**
 * Inserts the child's standing order, or changes it (one per parent and child). With
 * `expectedVersion`, an existing row is changed only while it still has that version; false: it had
 * another (nothing changed).
 */
export async function upsertStandingOrder(
  db: Executor,
  row: Omit<StandingOrderRow, 'version'>,
  expectedVersion?: number,
): Promise<boolean> {
  const result = await db
    .insertInto('standing_orders')
    .values(row)
    .onConflict((conflict) => {
      const update = conflict.columns(['restaurant_id', 'user_id', 'student_id']).doUpdateSet({
        payment_method_id: row.payment_method_id,
        pattern: row.pattern,
        paused: row.paused,
        locale: row.locale,
        updated_at: row.updated_at,
        version: sql<number>`standing_orders.version + 1`,
      });
      return expectedVersion === undefined ? update : update.where('standing_orders.version', '=', expectedVersion);
    })
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Changes a standing order's card, pause or patterns (what the parent changed, the rest as it was).
 * With `expectedVersion`, only while the row still has that version; false: it had another.
 */
export async function updateStandingOrder(
  db: Executor,
  restaurantId: number,
  id: string,
  changes: Partial<Pick<StandingOrderRow, 'payment_method_id' | 'paused' | 'pattern' | 'locale'>>,
  now: Date,
  expectedVersion?: number,
): Promise<boolean> {
  let update = db
    .updateTable('standing_orders')
    .set({ ...changes, updated_at: now.toISOString(), version: nextVersion })
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', id);
  if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setSkips(
  db: Executor,
  restaurantId: number,
  id: string,
  skips: { skipped_dates: string; skipped_weeks: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('standing_orders')
    .set({ ...skips, updated_at: now.toISOString(), version: nextVersion })
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteStandingOrder(db: Executor, restaurantId: number, id: string): Promise<void> {
  await db.deleteFrom('standing_orders').where('restaurant_id', '=', restaurantId).where('id', '=', id).execute();
}

export function placementsOf(db: Executor, restaurantId: number, standingOrderIds: readonly string[]): Promise<StandingPlacementRow[]> {
  if (standingOrderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('standing_order_placements')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('standing_order_id', 'in', [...standingOrderIds])
    .orderBy('date', 'desc')
    .execute();
}

/** Whether this call made the row (and so places the day). */
export async function claimPlacement(
  db: Executor,
  restaurantId: number,
  standingOrderId: string,
  date: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const made = await db
    .insertInto('standing_order_placements')
    .values({
      restaurant_id: restaurantId,
      standing_order_id: standingOrderId,
      date,
      status: 'placing',
      order_id: null,
      order_number: null,
      amount_cents: null,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.columns(['restaurant_id', 'standing_order_id', 'date']).doNothing())
    .returning('date')
    .execute();
  return made.length > 0;
}

export async function recordPlacement(
  db: Executor,
  restaurantId: number,
  standingOrderId: string,
  date: string,
  outcome: Pick<StandingPlacementRow, 'status' | 'order_id' | 'order_number' | 'amount_cents' | 'error'>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('standing_order_placements')
    .set({ ...outcome, updated_at: now.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('standing_order_id', '=', standingOrderId)
    .where('date', '=', date)
    .execute();
}

/** The (child, school date) pairs of a parent's open school orders from a date on (the weeks one may repeat). */
export function orderedSchoolDays(db: Executor, restaurantId: number, userId: number, from: string) {
  return db
    .selectFrom('orders')
    .select(['student_id', 'school_date'])
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .where('order_type', '=', 'school')
    .where('school_date', '>=', from)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('school_date')
    .execute();
}

/** The schools with a standing order not paused (the job's round). */
export async function schoolsWithStandingOrders(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('standing_orders').select('restaurant_id').where('paused', '=', 0).distinct().execute();
  return rows.map((row) => row.restaurant_id);
}

/** The stored data of a parent's latest order at a school (its contact), or null. */
export async function latestOrderData(db: Executor, restaurantId: number, userId: number): Promise<Pick<OrderRow, 'data'> | null> {
  const row = await db
    .selectFrom('orders')
    .select('data')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
