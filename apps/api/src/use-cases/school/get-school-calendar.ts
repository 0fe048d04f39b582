/**
 * GET /api/school-calendar: a parent's month calendar for one child (docs/decisions/
 * 0115-k12-month-calendar.md). Every date of the range with its state (packages/domain
 * school-days.ts `schoolDayClassifier`, the rules the week's school days come from), when ordering
 * for it closes (`orderClosesAt`, the inverse of the cut-off) or opens, and the child's meals already
 * ordered: counted by `bookedSchoolMeals`, the count the week and the checkout's meal limit use, and
 * named from the open orders' lines.
 */
import type { SchoolCalendarResponse } from '@servery/contracts/school';
import type { Locale } from '@servery/contracts/tenant-file';
import {
  addDays,
  checkDateRange,
  isSchoolDayState,
  orderClosesAt,
  orderOpensAt,
  schoolCutoff,
  schoolDayClassifier,
} from '@servery/domain/school-days';
import type { Kysely } from 'kysely';
import { listStudents } from '../../db/accounts-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { bookedKey, bookedSchoolMeals, listStudentSchoolOrders } from '../../db/school-orders-repository';
import type { Database } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { storedOrderOf } from '../orders/order-view';
import { schoolCalendar, schoolSettings } from './get-rotational-menus';

export async function getSchoolCalendar(
  db: Kysely<Database>,
  restaurant: Restaurant,
  query: { start_date?: string | undefined; end_date?: string | undefined; student_id?: number | undefined },
  parent: { userId: number; locale: Locale; now: Date },
): Promise<SchoolCalendarResponse> {
  const { now } = parent;
  const settings = schoolSettings(restaurant);
  const range = checkDateRange({ start: query.start_date, end: query.end_date });
  if (!range.ok) throw new AppError(range.error);
  const students = await listStudents(db, restaurant.id, parent.userId);
  const student = query.student_id === undefined ? students[0] : students.find((entry) => entry.id === query.student_id);
  if (query.student_id !== undefined && !student) throw new AppError('STUDENT_NOT_FOUND');

  const cutoff = schoolCutoff(now, settings);
  const classify = schoolDayClassifier(schoolCalendar(settings), now, cutoff);
  const dates: string[] = [];
  for (let date = range.start; date <= range.end; date = addDays(date, 1)) dates.push(date);
  const states = dates.map((date) => ({ date, state: classify(date).state }));
  // Meals can only be booked on school days; a day since closed (a new holiday) keeps its count too.
  const booked = student
    ? await bookedSchoolMeals(
        db,
        restaurant.id,
        dates.map((date) => ({ date, studentId: student.id })),
      )
    : new Map<string, number>();
  const items = student
    ? await orderedItems(db, restaurant, parent, student.id, dates)
    : new Map<string, Array<{ name: string; quantity: number }>>();

  return {
    zone: settings.zone,
    cutoff: cutoff.toISOString(),
    max_meals: settings.maxMealsPerCart ?? null,
    students: students.map((entry) => ({ id: entry.id, firstName: entry.first_name, lastName: entry.last_name })),
    student_id: student?.id ?? null,
    days: states.map(({ date, state }) => {
      const closes = isSchoolDayState(state) || state === 'not_open_yet' ? orderClosesAt(date, settings) : null;
      const opens = state === 'not_open_yet' ? orderOpensAt(date, settings.zone, settings.maxAdvancedOrderDays) : null;
      return {
        date,
        state,
        closes_at: closes?.toISOString() ?? null,
        opens_at: opens?.toISOString() ?? null,
        meals: student ? (booked.get(bookedKey(date, student.id)) ?? 0) : 0,
        items: items.get(date) ?? [],
      };
    }),
  };
}

/** Each date's ordered lines for the child, the same item's quantities added up, named in the parent's language. */
async function orderedItems(
  db: Kysely<Database>,
  restaurant: Restaurant,
  parent: { userId: number; locale: Locale; now: Date },
  studentId: number,
  dates: readonly string[],
): Promise<Map<string, Array<{ name: string; quantity: number }>>> {
  const orders = await listStudentSchoolOrders(db, restaurant.id, parent.userId, studentId, dates);
  const byDate = new Map<string, Map<number, number>>();
  for (const row of orders) {
    if (!row.school_date) continue;
    const lines = byDate.get(row.school_date) ?? new Map<number, number>();
    for (const item of storedOrderOf(row).items) lines.set(item.id, (lines.get(item.id) ?? 0) + item.quantity);
    byDate.set(row.school_date, lines);
  }
  if (byDate.size === 0) return new Map();
  const lookup = await publishedMenuLookup(db, restaurant.id, parent.now);
  return new Map(
    [...byDate].map(([date, lines]) => [
      date,
      [...lines].map(([id, quantity]) => ({ name: lookup.itemName(id, parent.locale), quantity })),
    ]),
  );
}
