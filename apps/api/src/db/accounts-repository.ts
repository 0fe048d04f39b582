/**
 * Users and what belongs to them: students, credits, subsidy codes and their orders. Every query
 * that reads a user's data takes the user id (and the restaurant where the data is per restaurant),
 * so another user's rows are simply not found.
 */
import { randomUUID } from 'node:crypto';
import { IN_PROGRESS_STATUSES } from '@servery/domain/order-lifecycle';
import type { Executor } from '../kernel/executor';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../kernel/schema';

export type UserRow = Selectable<UsersTable>;

export interface StudentFields {
  first_name: string;
  last_name: string;
  school: string;
  grade: string;
  classroom: string;
  teacher: string;
  /** Comma list of allergen names; '' for none. */
  allergens: string;
}

export interface StudentRecord extends StudentFields {
  id: number;
}

export interface CreditRecord {
  remaining_cents: number;
  expires_at: string;
  reason: string;
  order_id: string | null;
}

export interface AccountOrderRecord {
  id: string;
  number: number | null;
  restaurant_id: number;
  restaurant_name: string;
  status: string;
  order_type: string;
  total_cents: number;
  placed_at: string;
  pickup_time: string | null;
  /** School orders: the school day and the child (its current name on the profile; null once removed). */
  school_date: string | null;
  student_first_name: string | null;
  student_last_name: string | null;
  /** A suite order's event suite (never cancelled for credit: use-cases/orders/order-cancellation.ts). */
  event_suite_id: number | null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()) ?? null;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function insertUser(
  db: Executor,
  user: {
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    phone_number: string | null;
    created_at: string;
    /** Where the account is made (migration 0027); null or left out when no restaurant asked. */
    home_restaurant_id?: number | null;
  },
): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Executor,
  id: number,
  fields: Partial<Pick<UserRow, 'email' | 'password_hash' | 'first_name' | 'last_name' | 'phone_number'>>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable('users').set(fields).where('id', '=', id).execute();
}

export async function isSuiteOperator(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('suite_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', '=', 'operator')
    .executeTakeFirst();
  return row !== undefined;
}

const STUDENT_COLUMNS = ['id', 'first_name', 'last_name', 'school', 'grade', 'classroom', 'teacher', 'allergens'] as const;

export async function listStudents(db: Executor, restaurantId: number, userId: number): Promise<StudentRecord[]> {
  return db
    .selectFrom('students')
    .select(STUDENT_COLUMNS)
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * How many of the restaurant's students are at each school, grade, classroom and teacher: the staff's
 * Delivery form asks before a change of the lists leaves some unlisted (no child is named; the staff
 * scope opens the rows on PostgreSQL, data-scope.ts `staffOf`).
 */
export async function countStudentsByPlace(
  db: Executor,
  restaurantId: number,
): Promise<Array<{ school: string; grade: string; classroom: string; teacher: string; students: number }>> {
  const rows = await db
    .selectFrom('students')
    .select((eb) => ['school', 'grade', 'classroom', 'teacher', eb.fn.countAll<string | number>().as('students')])
    .where('restaurant_id', '=', restaurantId)
    .groupBy(['school', 'grade', 'classroom', 'teacher'])
    .orderBy('school')
    .orderBy('grade')
    .orderBy('classroom')
    .orderBy('teacher')
    .execute();
  return rows.map((row) => ({ ...row, students: Number(row.students) }));
}

export async function insertStudent(db: Executor, restaurantId: number, userId: number, fields: StudentFields): Promise<StudentRecord> {
  return db
    .insertInto('students')
    .values({ ...fields, restaurant_id: restaurantId, user_id: userId })
    .returning(STUDENT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateStudent(
  db: Executor,
  restaurantId: number,
  userId: number,
  id: number,
  fields: StudentFields,
): Promise<StudentRecord | null> {
  const row = await db
    .updateTable('students')
    .set(fields)
    .where('id', '=', id)
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .returning(STUDENT_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteStudent(db: Executor, restaurantId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .deleteFrom('students')
    .where('id', '=', id)
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Grants with something left that have not expired, soonest expiry first. */
export async function listActiveCredits(db: Executor, restaurantId: number, userId: number, now: Date): Promise<CreditRecord[]> {
  return db
    .selectFrom('user_credits')
    .select(['remaining_cents', 'expires_at', 'reason', 'order_id'])
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .where('remaining_cents', '>', 0)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at')
    .execute();
}

/** A user's grants with something left that have not expired, at every restaurant: by restaurant, soonest expiry first. */
export async function listActiveCreditsEverywhere(
  db: Executor,
  userId: number,
  now: Date,
): Promise<Array<CreditRecord & { restaurant_id: number; restaurant_name: string }>> {
  return db
    .selectFrom('user_credits')
    .innerJoin('restaurants', 'restaurants.id', 'user_credits.restaurant_id')
    .select([
      'user_credits.restaurant_id',
      'restaurants.name as restaurant_name',
      'user_credits.remaining_cents',
      'user_credits.expires_at',
      'user_credits.reason',
      'user_credits.order_id',
    ])
    .where('user_credits.user_id', '=', userId)
    .where('user_credits.remaining_cents', '>', 0)
    .where('user_credits.expires_at', '>', now.toISOString())
    .orderBy('restaurants.name')
    .orderBy('user_credits.restaurant_id')
    .orderBy('user_credits.expires_at')
    .execute();
}

/**
 * Spends `amount` cents of a user's credits at a restaurant, soonest expiry first. Each grant is
 * decremented only if it still holds what was read, so two orders cannot spend the same credit;
 * false when there is not enough left (the caller's transaction is then rolled back).
 */
export async function spendCredits(db: Executor, restaurantId: number, userId: number, amount: number, now: Date): Promise<boolean> {
  const grants = await db
    .selectFrom('user_credits')
    .select(['id', 'remaining_cents'])
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .where('remaining_cents', '>', 0)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
  let left = amount;
  for (const grant of grants) {
    if (left === 0) break;
    const take = Math.min(grant.remaining_cents, left);
    const result = await db
      .updateTable('user_credits')
      .set((eb) => ({ remaining_cents: eb('remaining_cents', '-', take) }))
      .where('id', '=', grant.id)
      .where('remaining_cents', '>=', take)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    left -= take;
  }
  return left === 0;
}

/**
 * The account credit each of these orders became when it was cancelled for credit (insertCredit with
 * its order id), by order id; orders with none are absent. Read as one user's (their receipts) or one
 * restaurant's (its sales), in the scope of the orders' restaurants (db/data-scope.ts).
 */
export async function creditedForOrders(
  db: Executor,
  owner: { userId: number } | { restaurantId: number },
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  let query = db
    .selectFrom('user_credits')
    .select(['order_id', 'amount_cents'])
    .where('order_id', 'in', [...orderIds]);
  query = 'userId' in owner ? query.where('user_id', '=', owner.userId) : query.where('restaurant_id', '=', owner.restaurantId);
  const rows = await query.execute();
  const credited = new Map<string, number>();
  for (const row of rows) if (row.order_id) credited.set(row.order_id, (credited.get(row.order_id) ?? 0) + row.amount_cents);
  return credited;
}

export async function insertCredit(
  db: Executor,
  credit: { restaurantId: number; userId: number; amountCents: number; reason: string; orderId: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('user_credits')
    .values({
      id: randomUUID(),
      restaurant_id: credit.restaurantId,
      user_id: credit.userId,
      amount_cents: credit.amountCents,
      remaining_cents: credit.amountCents,
      reason: credit.reason,
      order_id: credit.orderId,
      created_at: credit.now.toISOString(),
      expires_at: credit.expiresAt.toISOString(),
    })
    .execute();
}

export async function findSubsidyCode(db: Executor, restaurantId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('user_subsidy_codes')
    .select('code')
    .where('restaurant_id', '=', restaurantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.code ?? null;
}

export async function setSubsidyCode(db: Executor, restaurantId: number, userId: number, code: string | null, now: Date): Promise<void> {
  await db.deleteFrom('user_subsidy_codes').where('restaurant_id', '=', restaurantId).where('user_id', '=', userId).execute();
  if (code !== null) {
    await db
      .insertInto('user_subsidy_codes')
      .values({ restaurant_id: restaurantId, user_id: userId, code, created_at: now.toISOString() })
      .execute();
  }
}

function ordersOf(db: Executor, userId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .leftJoin('students', (join) => join.onRef('students.id', '=', 'orders.student_id').onRef('students.user_id', '=', 'orders.user_id'))
    .select([
      'orders.school_date',
      'students.first_name as student_first_name',
      'students.last_name as student_last_name',
      'orders.id',
      'orders.number',
      'orders.restaurant_id',
      'restaurants.name as restaurant_name',
      'orders.status',
      'orders.order_type',
      'orders.total_cents',
      'orders.placed_at',
      'orders.pickup_time',
      'orders.event_suite_id',
    ])
    .where('orders.user_id', '=', userId);
}

export interface ReceiptRecord extends AccountOrderRecord {
  checkout_id: string | null;
  /** The stored order (use-cases/orders/order-view.ts `StoredOrder`). */
  data: string;
}

function receiptsOf(db: Executor, userId: number) {
  return ordersOf(db, userId).select(['orders.checkout_id', 'orders.data']);
}

/**
 * The user's orders, newest first, with the orders of any checkout the page cut in two after them:
 * a checkout's orders (one payment) are listed together or not at all.
 */
export async function listUserReceipts(db: Executor, userId: number, limit: number): Promise<ReceiptRecord[]> {
  const page = await receiptsOf(db, userId).orderBy('orders.placed_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
  const checkouts = [...new Set(page.flatMap((row) => (row.checkout_id === null ? [] : [row.checkout_id])))];
  if (checkouts.length === 0) return page;
  const listed = new Set(page.map((row) => row.id));
  const rest = await receiptsOf(db, userId).where('orders.checkout_id', 'in', checkouts).orderBy('orders.id').execute();
  return [...page, ...rest.filter((row) => !listed.has(row.id))];
}

/** A scheduled order with its stored data: whether it is delivered is kept there (order-view.ts `StoredOrder.delivery`). */
export interface ScheduledOrderRecord extends AccountOrderRecord {
  data: string;
}

export async function listScheduledOrders(db: Executor, userId: number, now: Date, limit: number): Promise<ScheduledOrderRecord[]> {
  return (
    ordersOf(db, userId)
      .select('orders.data')
      // Still to come: accepted or already started by the kitchen is still scheduled (only a placed one can be cancelled).
      .where('orders.status', 'in', IN_PROGRESS_STATUSES)
      .where('orders.pickup_time', '>', now.toISOString())
      .orderBy('orders.pickup_time')
      .limit(limit)
      .execute()
  );
}

/** One of the user's orders as its live status follows it: which restaurant's events to hear, and where it stands. */
export interface UserOrderStatusRecord {
  id: string;
  restaurant_id: number;
  status: string;
  pickup_time: string | null;
}

/** The user's orders still moving (placed, accepted, preparing, ready), newest first; at one restaurant when it is named. */
export async function listUserOrdersInProgress(
  db: Executor,
  userId: number,
  limit: number,
  restaurantId: number | null = null,
): Promise<UserOrderStatusRecord[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'restaurant_id', 'status', 'pickup_time'])
    .where('user_id', '=', userId)
    .where('status', 'in', IN_PROGRESS_STATUSES);
  if (restaurantId !== null) query = query.where('restaurant_id', '=', restaurantId);
  return query.orderBy('placed_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The status of these orders of the user, whatever it is now (another user's id is absent). */
export async function userOrderStatuses(db: Executor, userId: number, ids: readonly string[]): Promise<UserOrderStatusRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(['id', 'restaurant_id', 'status', 'pickup_time'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function findUserOrder(db: Executor, userId: number, orderId: string): Promise<AccountOrderRecord | null> {
  return (await ordersOf(db, userId).where('orders.id', '=', orderId).executeTakeFirst()) ?? null;
}

/** Moves an order from one status to another only if it still has the first: a race loses cleanly. */
export async function compareAndSetOrderStatus(db: Executor, orderId: string, from: string, to: string, now: Date): Promise<boolean> {
  const rows = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** A user's checkout preferences (use-cases/accounts/manage-profile.ts): the default tip and the promo code. */
export async function updateUserPreferences(
  db: Executor,
  userId: number,
  preferences: { default_tip_percent?: number | null; promo_code?: string | null },
): Promise<void> {
  await db.updateTable('users').set(preferences).where('id', '=', userId).execute();
}
