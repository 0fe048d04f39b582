/**
 * POST /api/auth/school/repeat-week (contracts/standing-orders.ts; decision 0118): the orders a parent
 * placed for a child in one week, moved to the next week still open for ordering, weekday by weekday
 * (domain standing-orders.ts `repeatWeek`): the same item and choices where that day's menus still
 * have it, freshly priced through the cart's own line pricing; what cannot go in (not on that day's
 * menus, no school that day, over the day's meals counting those already ordered, choices no longer
 * offered) is named. Nothing is placed: the parent reviews the carts and pays as usual.
 */
import type { RepeatWeekRequest, RepeatWeekResponse } from '@servery/contracts/standing-orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { CartItem } from '@servery/domain/cart';
import { buildCartLines } from '@servery/domain/cart-lines';
import { addDays, DEFAULT_SCHOOL_ZONE, localDate, schoolCutoff, schoolDays, weekStart } from '@servery/domain/school-days';
import { repeatWeek as planRepeat } from '@servery/domain/standing-orders';
import type { Kysely } from 'kysely';
import { listStudents } from '../../db/accounts-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { bookedKey, bookedSchoolMeals, listStudentSchoolOrders } from '../../db/school-orders-repository';
import type { Database } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { mealLookup } from '../cart/cart-context';
import { loadPricing } from '../cart/set-costs';
import { menuLookup } from '../menus/menu-lookup';
import { storedOrderOf } from '../orders/order-view';
import { schoolCalendar, schoolSettings } from './get-rotational-menus';
import { itemOnDay } from './standing-menus';

/** How many weeks ahead an open week is looked for. */
const WEEKS_AHEAD = 8;

export async function repeatSchoolWeek(
  db: Kysely<Database>,
  restaurant: Restaurant,
  userId: number,
  request: RepeatWeekRequest,
  diner: { locale: Locale; now: Date; address: string },
): Promise<RepeatWeekResponse> {
  const { locale, now } = diner;
  const settings = schoolSettings(restaurant);
  const students = await listStudents(db, restaurant.id, userId);
  if (!students.some((student) => student.id === request.studentId)) throw new AppError('STUDENT_NOT_FOUND');
  const from = weekStart(request.week);
  const rows = await listStudentSchoolOrders(db, restaurant.id, userId, request.studentId, { from, to: addDays(from, 6) });
  const sources = rows.map((row) => ({ date: row.school_date ?? from, items: storedOrderOf(row).items }));

  const zone = settings.zone || DEFAULT_SCHOOL_ZONE;
  const cutoff = schoolCutoff(now, settings);
  const calendar = schoolCalendar(settings);
  let monday = addDays(from, 7);
  const cutoffWeek = weekStart(localDate(cutoff, zone));
  if (cutoffWeek > monday) monday = cutoffWeek;
  let days: Array<{ date: string }> = [];
  for (let week = 0; week < WEEKS_AHEAD; week += 1, monday = addDays(monday, 7)) {
    const result = schoolDays({ start: monday, end: addDays(monday, 6) }, calendar, now, cutoff, true);
    if (result.ok && result.days.length > 0) {
      days = result.days;
      break;
    }
  }
  if (days.length === 0) return { week: null, orders: [], leftOut: [] };

  const loaded = await loadPricing(db, restaurant, { costs: {}, type: 'school' }, undefined, locale, now, userId, diner.address);
  const menuGroups = loaded.context.menuGroups;
  const names = menuLookup(menuGroups);
  const booked = await bookedSchoolMeals(
    db,
    restaurant.id,
    days.map((day) => ({ date: day.date, studentId: request.studentId })),
  );
  const isMeal = mealLookup(menuGroups);
  const plan = planRepeat(
    sources,
    monday,
    new Set(days.map((day) => day.date)),
    (date, itemId) => itemOnDay(menuGroups, settings.rotation, date, itemId),
    { maxMeals: settings.maxMealsPerCart, isMeal, booked: (date) => booked.get(bookedKey(date, request.studentId)) ?? 0 },
  );
  const leftOut: RepeatWeekResponse['leftOut'] = plan.leftOut.map((entry) => ({
    date: entry.date,
    item: names.itemName(entry.item.id, locale),
    reason: entry.reason,
  }));
  const orders: RepeatWeekResponse['orders'] = [];
  for (const [index, day] of plan.orders.entries()) {
    // Fresh prices, as the cart would price them; a line whose choices no longer hold is left out.
    const built = buildCartLines(day.items, loaded.context);
    const refused = new Set(built.errors.filter((error) => error.code !== 428).map((error) => error.orderId));
    for (const item of day.items)
      if (refused.has(item.orderId)) leftOut.push({ date: day.date, item: names.itemName(item.id, locale), reason: 'ITEM_UNAVAILABLE' });
    const items: CartItem[] = built.items.filter((item) => !refused.has(item.orderId));
    if (items.length > 0) orders.push({ date: day.date, orderId: index + 1, studentId: request.studentId, items });
  }
  return { week: monday, orders, leftOut };
}
