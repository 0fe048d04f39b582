/**
 * A K-12 school checkout priced and checked (docs/k12-school-meals.md): POST /orders/set-k12-costs
 * answers with it, and POST /orders/create-k12-order (checkout/school-days.ts) places what it returns.
 *
 * In order: the restaurant is a school; K-12 needs a signed-in parent unless `k12RequiresLogin` is
 * false; every student named is the parent's own at this school (else STUDENT_NOT_FOUND, like a
 * missing one); every date is a school day open for ordering and every item on that day's rotation
 * menus (school-order.ts `checkSchoolEntries`), dates past the cut-off dropped; the days are priced
 * through the same pricing as set-costs (`loadPricing`, once, then `priceSchoolDays` day by day);
 * the meals per day and student are counted with what that student already has that day.
 */
import type { SetCostsRequest } from '@servery/contracts/cart';
import { type ErrorName, errorMessage } from '@servery/contracts/errors';
import type { OrderStudent } from '@servery/contracts/orders';
import type { RotationalMenuOrder, SetK12CostsResponse } from '@servery/contracts/school';
import type { Locale } from '@servery/contracts/tenant-file';
import { type CartItem, mealQuantity } from '@servery/domain/cart';
import { buildCartLines, type CartLineError } from '@servery/domain/cart-lines';
import type { Costs } from '@servery/domain/pricing';
import { type CheckoutTotal, checkoutTotal } from '@servery/domain/checkout';
import { checkSchoolEntries, type MealBreach, priceSchoolDays, schoolMealBreaches } from '@servery/domain/school-order';
import type { Kysely } from 'kysely';
import { listStudents, type StudentRecord } from '../../db/accounts-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { bookedKey, bookedSchoolMeals } from '../../db/school-orders-repository';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import { mealLookup } from '../cart/cart-context';
import { schoolCutoff } from '@servery/domain/school-days';
import { schoolCalendar, schoolSettings } from './get-rotational-menus';
import { type LoadedPricing, loadPricing } from '../cart/set-costs';
import { dateTimeFormat } from '../../lib/intl-formats';

export interface SchoolCheckoutOptions {
  db: Kysely<Database>;
  restaurant: Restaurant;
  entries: readonly RotationalMenuOrder[];
  costs: SetCostsRequest['costs'];
  memberCookie: string | undefined;
  locale: Locale;
  now: Date;
  userId: number | null;
  address: string;
}

export interface PricedSchoolDay {
  entry: RotationalMenuOrder;
  /** The parent's student; null for a guest's child (named at checkout). */
  student: OrderStudent | null;
  items: CartItem[];
  costs: Costs;
  meals: number;
}

export interface PricedSchoolCheckout {
  days: PricedSchoolDay[];
  dropped: RotationalMenuOrder[];
  rejected: LoadedPricing['rejected'];
  mealLimits: MealBreach[];
  total: CheckoutTotal;
  cutoff: Date;
  loaded: LoadedPricing;
}

export async function priceSchoolCheckout(options: SchoolCheckoutOptions): Promise<PricedSchoolCheckout> {
  const { db, restaurant, entries, now, userId } = options;
  const settings = schoolSettings(restaurant);
  if (settings.k12RequiresLogin && userId === null) throw new AppError('K12_LOGIN_REQUIRED');

  const students = new Map<number, StudentRecord>();
  if (userId !== null) for (const student of await listStudents(db, restaurant.id, userId)) students.set(student.id, student);
  for (const [index, entry] of entries.entries()) {
    if (entry.studentId !== null && !students.has(entry.studentId)) {
      throw new AppError('STUDENT_NOT_FOUND', [{ path: `rotationalMenuOrders.${index}.studentId`, message: 'STUDENT_NOT_FOUND' }]);
    }
  }

  const cutoff = schoolCutoff(now, settings);
  const checked = checkSchoolEntries(entries, schoolCalendar(settings), now, cutoff);
  if (!checked.ok) throw new AppError(checked.error, [{ path: `rotationalMenuOrders.${checked.index}`, message: checked.error }]);

  const loaded = await loadPricing(
    db,
    restaurant,
    { costs: options.costs, type: 'school' },
    options.memberCookie,
    options.locale,
    now,
    userId,
    options.address,
  );
  const built = checked.kept.map((entry) => ({ entry, lines: buildCartLines(entry.items, loaded.context) }));
  const stale = built.find((day) => day.lines.errors.length > 0);
  if (stale) throw staleDayError(stale.lines.errors, stale.lines.items, entries.indexOf(stale.entry));

  const days = priceSchoolDays(
    built.map((day) => day.lines.lines),
    loaded.base,
    loaded.tenders,
  );
  const isMeal = mealLookup(loaded.context.menuGroups);
  const priced: PricedSchoolDay[] = built.map(({ entry, lines }, index) => {
    const record = entry.studentId === null ? undefined : students.get(entry.studentId);
    return {
      entry,
      student: record ? studentSnapshot(record) : null,
      items: lines.items,
      costs: days[index]!,
      meals: mealQuantity(lines.items, isMeal),
    };
  });
  const booked = await bookedMeals(db, restaurant.id, priced);
  const mealLimits = schoolMealBreaches(
    priced.map((day) => ({ ...day.entry, items: day.items })),
    { maxMealsPerCart: settings.maxMealsPerCart, minMealsPerCart: settings.minMealsPerCart, isMeal },
    (date, studentId) => (studentId === null ? 0 : (booked.get(bookedKey(date, studentId)) ?? 0)),
  );
  return { days: priced, dropped: checked.dropped, rejected: loaded.rejected, mealLimits, total: checkoutTotal(days), cutoff, loaded };
}

/** Meals already booked for the checkout's students and days (open orders). */
export function bookedMeals(db: Executor, restaurantId: number, days: readonly PricedSchoolDay[]): Promise<Map<string, number>> {
  return bookedSchoolMeals(
    db,
    restaurantId,
    days.flatMap((day) => (day.entry.studentId === null ? [] : [{ date: day.entry.date, studentId: day.entry.studentId }])),
  );
}

export function studentSnapshot(record: StudentRecord): OrderStudent {
  return {
    id: record.id,
    firstName: record.first_name,
    lastName: record.last_name,
    school: record.school,
    grade: record.grade,
    classroom: record.classroom,
    teacher: record.teacher,
  };
}

function staleDayError(errors: readonly CartLineError[], items: CartItem[], index: number): AppError {
  const first = errors[0]!;
  return new AppError(first.error, [{ path: `rotationalMenuOrders.${index}`, message: first.error }], {
    invalid_items: errors.map((error) => ({ orderId: error.orderId, code: error.code, error: error.error })),
    items,
  });
}

const DROPPED = {
  'en-CA': (dates: string) => `Ordering has closed for ${dates}; removed from your cart.`,
  'fr-CA': (dates: string) => `Les commandes sont fermées pour ${dates}; retiré de votre panier.`,
} as const;

/** "Thursday, November 26" / "jeudi 26 novembre": a calendar date, read in no zone. */
function dayLabel(date: string, locale: Locale): string {
  return dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export function droppedMessage(dropped: readonly RotationalMenuOrder[], locale: Locale): string | null {
  if (dropped.length === 0) return null;
  const dates = [...new Set(dropped.map((entry) => entry.date))].map((date) => dayLabel(date, locale));
  return DROPPED[locale](dates.join(', '));
}

/** The answer of POST /orders/set-k12-costs (also the fresh costs a refused placement carries). */
export function schoolCostsResponse(priced: PricedSchoolCheckout, locale: Locale): SetK12CostsResponse {
  return {
    orders: priced.days.map((day) => ({
      date: day.entry.date,
      orderId: day.entry.orderId,
      studentId: day.entry.studentId,
      items: day.items,
      costs: day.costs,
    })),
    total: priced.total,
    dropped: priced.dropped.map((entry) => ({ date: entry.date, orderId: entry.orderId, studentId: entry.studentId })),
    droppedMessage: droppedMessage(priced.dropped, locale),
    rejected: priced.rejected,
    mealLimits: priced.mealLimits.map((breach) => ({ ...breach, message: errorMessage(breach.error as ErrorName, locale) })),
    cutoff: priced.cutoff.toISOString(),
  };
}
