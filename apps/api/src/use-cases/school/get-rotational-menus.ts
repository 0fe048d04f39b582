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
import type { Restaurant, RestaurantSettings } from '../../db/restaurants-repository';
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
    cutoff: cutoff.toISOString(),
    zone: settings.zone,
    days: result.days.map((day) => ({ date: day.date, menu_ids: [...day.menuIds], orderable: day.orderable })),
    prices: await rotationalMenuPrices(db, restaurant, menuIds, diner),
  };
}
