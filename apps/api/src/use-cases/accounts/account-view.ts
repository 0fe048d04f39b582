/** The account as the web sees it (contracts accounts.ts `AccountUser`), and the field checks of its forms. */
import { operatorVenueSlugs } from '../../db/event-suites-repository';
import type { AccountUser, Credits, Student, UserSnapshotResponse } from '@servery/contracts/accounts';
import { lastItemsOrdered } from '@servery/domain/order-again';
import { listUserOrderData } from '../../db/placed-orders-repository';
import type { StoredOrder } from '../orders/order-view';
import { STUDENT_ALLERGENS, type StudentAllergen } from '@servery/contracts/school';
import { displayFullName, type FieldResult } from '@servery/domain/card';
import {
  type CreditRecord,
  findSubsidyCode,
  findUserById,
  isSuiteOperator,
  listActiveCredits,
  listStudents,
  type StudentRecord,
  type UserRow,
} from '../../db/accounts-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { LoginAs } from '../../db/sessions-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { listPaymentMethods, toPaymentMethodSummary } from './payment-methods';

export function toStudent(row: StudentRecord): Student {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    school: row.school,
    grade: row.grade,
    classroom: row.classroom,
    teacher: row.teacher,
    allergens: studentAllergens(row.allergens),
  };
}

/** The stored comma list, keeping only names the contract knows (a name dropped from the list is not shown). */
function studentAllergens(stored: string): StudentAllergen[] {
  return stored.split(',').filter((name): name is StudentAllergen => (STUDENT_ALLERGENS as readonly string[]).includes(name));
}

export function toCredits(rows: CreditRecord[]): Credits {
  return {
    balance: rows.reduce((sum, row) => sum + row.remaining_cents, 0),
    entries: rows.map((row) => ({ amount: row.remaining_cents, expiresAt: row.expires_at, reason: row.reason, orderId: row.order_id })),
  };
}

export async function userCredits(db: Executor, restaurant: Restaurant | null, userId: number, now: Date): Promise<Credits> {
  return restaurant ? toCredits(await listActiveCredits(db, restaurant.id, userId, now)) : { balance: 0, entries: [] };
}

/** Students, credits and subsidy code are per restaurant: without one (no X-Restaurant-Id) they are empty. */
export async function accountUser(db: Executor, user: UserRow, restaurant: Restaurant | null, now: Date): Promise<AccountUser> {
  const [students, credits, subsidyCode, suiteOperator, cards] = await Promise.all([
    restaurant ? listStudents(db, restaurant.id, user.id) : Promise.resolve([]),
    userCredits(db, restaurant, user.id, now),
    restaurant ? findSubsidyCode(db, restaurant.id, user.id) : Promise.resolve(null),
    isSuiteOperator(db, user.id),
    listPaymentMethods(db, user.id),
  ]);
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    phoneNumber: user.phone_number,
    // Saved cards are the user's at every restaurant (use-cases/accounts/payment-methods.ts).
    paymentMethods: cards.map(toPaymentMethodSummary),
    credits,
    students: students.map(toStudent),
    subsidyCode,
    suiteOperator,
    ...(suiteOperator && { operatorVenues: await operatorVenueSlugs(db, user.id) }),
    defaultTipPercent: user.default_tip_percent,
    promoCode: user.promo_code,
  };
}

/**
 * Applies domain field rules; any failure is VALIDATION_FAILED naming each field and the spec's
 * message key ("weakPassword", "invalidEmail", "minLength", ...), which the web translates.
 */
export function checkFields<T extends Record<string, FieldResult<string> | undefined>>(
  results: T,
): { [K in keyof T]: T[K] extends FieldResult<string> ? string : string | undefined } {
  const details: Array<{ path: string; message: string }> = [];
  const values: Record<string, string | undefined> = {};
  for (const [field, result] of Object.entries(results)) {
    if (!result) continue;
    if (result.ok) values[field] = result.value;
    else details.push({ path: `body.${field}`, message: result.error.key });
  }
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', details);
  return values as { [K in keyof T]: T[K] extends FieldResult<string> ? string : string | undefined };
}

/** The signed-in user's account as the web sees it; a user who no longer exists has lost the session. */
export async function accountOfUser(db: Executor, userId: number, restaurant: Restaurant | null, now: Date): Promise<AccountUser> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  return accountUser(db, user, restaurant, now);
}

/**
 * The account a session shows. In login-as (use-cases/suites/login-as.ts) it says who acts and for which
 * suite; ordering for the owner it is the owner's account without their students (none of the
 * operator's business); ordering for a guest it is only the guest's name, under the operator's id
 * (the session's), with no e-mail, cards, credits or students.
 */
export async function accountOfSession(
  db: Executor,
  session: { userId: number; loginAs: LoginAs | null },
  restaurant: Restaurant | null,
  now: Date,
): Promise<AccountUser> {
  const { loginAs } = session;
  if (!loginAs) return accountOfUser(db, session.userId, restaurant, now);
  const operator = await findUserById(db, loginAs.operatorUserId);
  if (!operator) throw new AppError('SESSION_EXPIRED');
  const acting = {
    eventSuiteId: loginAs.eventSuiteId,
    operator: displayFullName(operator) ?? operator.email,
    guestName: loginAs.guestName,
  };
  if (loginAs.guestName === null) {
    const owner = await accountOfUser(db, session.userId, restaurant, now);
    return { ...owner, students: [], loginAs: acting };
  }
  const [firstName = '', ...rest] = loginAs.guestName.split(' ');
  return {
    id: session.userId,
    firstName,
    lastName: rest.join(' '),
    email: '',
    phoneNumber: null,
    paymentMethods: [],
    credits: { balance: 0, entries: [] },
    students: [],
    subsidyCode: null,
    suiteOperator: false,
    defaultTipPercent: null,
    promoCode: null,
    loginAs: acting,
  };
}

/** How many recent orders "order again" looks through, and how many lines it offers. */
const ORDER_AGAIN_ORDERS = 10;
const ORDER_AGAIN_LINES = 8;

/**
 * What the profile and the menu show at one restaurant: the user's students, subsidy code and credits
 * there, and the lines of their latest orders there for "order again" (none when the restaurant
 * turned it off with disable_order_again). The lines are as ordered; the cart prices them afresh.
 */
export async function userSnapshot(db: Executor, restaurant: Restaurant, userId: number, now: Date): Promise<UserSnapshotResponse> {
  const [students, subsidyCode, credits, orders] = await Promise.all([
    listStudents(db, restaurant.id, userId),
    findSubsidyCode(db, restaurant.id, userId),
    userCredits(db, restaurant, userId, now),
    restaurant.settings.disable_order_again ? Promise.resolve([]) : listUserOrderData(db, restaurant.id, userId, ORDER_AGAIN_ORDERS),
  ]);
  const items = lastItemsOrdered(
    orders.map((data) => (JSON.parse(data) as Partial<StoredOrder>).items ?? []),
    ORDER_AGAIN_LINES,
  );
  return { items, students: students.map(toStudent), subsidyCode, credits };
}
