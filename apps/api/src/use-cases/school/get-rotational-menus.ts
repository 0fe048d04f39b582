/**
 * GET /rotational-menus: a school's days in a date range with the rotation's menus for each
 * (packages/domain/src/school-days.ts). The menus themselves come from the menus call, cached per
 * menu version; this answer is the calendar over them, computed by the server's clock, with the
 * items priced for the diner asking (their subsidy: rotational-menu-prices.ts). The school
 * helpers here are shared by the school checkout (school-checkout.ts).
 */
import type { RotationalMenusResponse } from '@servery/contracts/school';
import { schoolCutoff, type Rotation, type SchoolCalendar, schoolDays } from '@servery/domain/school-days';
import type { Locale } from '@servery/contracts/tenant-file';
import type { Kysely } from 'kysely';
import { listStudents } from '../../db/accounts-repository';
import type { Restaurant, RestaurantSettings } from '../../db/restaurants-repository';
import { bookedKey, bookedSchoolMeals } from '../../db/school-orders-repository';
import type { Database } from '../../kernel/schema';
import { AppError } from '../../lib/app-error';
import { rotationalMenuPrices } from './rotational-menu-prices';

export type SchoolSettings = RestaurantSettings & { rotation: Rotation };

/** A school's settings: its rotation is there (NOT_A_SCHOOL otherwise). */
export function schoolSettings(restaurant: Restaurant): SchoolSettings {
  const settings = restaurant.settings;
  if (!settings.k12 || !settings.rotation) throw new AppError('NOT_A_SCHOOL');
  return settings as SchoolSettings;
}

export function schoolCalendar(settings: SchoolSettings): SchoolCalendar {
  return {
    zone: settings.zone,
    weekendOrdering: settings.weekendOrdering,
    closedDates: settings.holiday_hours,
    endOfSchoolYear: settings.end_of_school_year,
    maxAdvancedOrderDays: settings.maxAdvancedOrderDays,
    rotation: settings.rotation,
  };
}

export async function getRotationalMenus(
  db: Kysely<Database>,
  restaurant: Restaurant,
  query: { start_date?: string | undefined; end_date?: string | undefined; ordering_menus: boolean },
  diner: { memberCookie: string | undefined; locale: Locale; now: Date; userId: number | null; address: string },
): Promise<RotationalMenusResponse> {
  const now = diner.now;
  const settings = schoolSettings(restaurant);
  const cutoff = schoolCutoff(now, settings);
  const result = schoolDays({ start: query.start_date, end: query.end_date }, schoolCalendar(settings), now, cutoff, query.ordering_menus);
  if (!result.ok) throw new AppError(result.error);
  const menuIds = new Set(result.days.flatMap((day) => day.menuIds));
  return {
    now: now.toISOString(),
    cutoff: cutoff.toISOString(),
    zone: settings.zone,
    days: result.days.map((day) => ({ date: day.date, menu_ids: [...day.menuIds], orderable: day.orderable })),
    prices: await rotationalMenuPrices(db, restaurant, menuIds, diner),
    ...(diner.userId === null ? {} : { booked: await bookedForParent(db, restaurant.id, diner.userId, result.days) }),
  };
}

/**
 * The meals already booked for each of a parent's children on the days shown, counted as the
 * checkout counts them (bookedSchoolMeals: every open order of the child), so the week can say
 * "2 of 2 meals" and refuse a third before it is chosen (issue 30 defect 1). Days without a booked
 * meal are left out.
 */
async function bookedForParent(
  db: Kysely<Database>,
  restaurantId: number,
  userId: number,
  days: ReadonlyArray<{ date: string; orderable: boolean }>,
): Promise<Array<{ date: string; studentId: number; meals: number }>> {
  const open = days.filter((day) => day.orderable);
  if (open.length === 0) return [];
  const students = await listStudents(db, restaurantId, userId);
  const pairs = open.flatMap((day) => students.map((student) => ({ date: day.date, studentId: student.id })));
  const booked = await bookedSchoolMeals(db, restaurantId, pairs);
  return pairs.flatMap((pair) => {
    const meals = booked.get(bookedKey(pair.date, pair.studentId)) ?? 0;
    return meals > 0 ? [{ ...pair, meals }] : [];
  });
}
