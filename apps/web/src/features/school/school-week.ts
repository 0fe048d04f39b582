/**
 * Which week the school menu shows (spec ordering.md section 4): the address's `selectedWeek` (its
 * Monday), else the current week in the restaurant's zone, moved to the cut-off's week when that is
 * later. Dates are yyyy-MM-dd calendar dates in the restaurant's zone.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { addDays, DEFAULT_SCHOOL_ZONE, isCalendarDate, localDate, schoolCutoff, weekStart } from '@servery/domain/school-days';
import type { Locale } from '../../i18n/locales';
import { formatDayRange } from '../../lib/format';

export const SELECTED_WEEK_PARAM = 'selectedWeek';

export type SchoolRules = Pick<PublicRestaurant, 'zone' | 'order_cutoff_days' | 'weekendOrdering' | 'orderCutoffDate'>;

/** The week shown when the address names none. */
export function defaultWeek(now: Date, restaurant: SchoolRules): string {
  const zone = restaurant.zone || DEFAULT_SCHOOL_ZONE;
  const current = weekStart(localDate(now, zone));
  const cutoff = schoolCutoff(now, restaurant);
  const cutoffWeek = weekStart(localDate(cutoff, zone));
  return cutoffWeek > current ? cutoffWeek : current;
}

/** The Monday of the address's week, or null when it names no real date (then the default applies). */
export function parseSelectedWeek(value: string | null): string | null {
  return value !== null && isCalendarDate(value) ? weekStart(value) : null;
}

/** Monday to Friday, or to Sunday with weekend ordering: the range asked of the server and shown. */
export function weekRange(monday: string, weekendOrdering: boolean): { start: string; end: string } {
  return { start: monday, end: addDays(monday, weekendOrdering ? 6 : 4) };
}

/** A calendar date as an instant that formats back to the same date in UTC, whatever the browser's zone. */
const asUtcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Nov 23 – 27, 2026" / "23 – 27 nov. 2026": a week's first to last day (lib/format.ts `formatDayRange`). */
export function formatWeek(range: { start: string; end: string }, locale: Locale): string {
  return formatDayRange(asUtcNoon(range.start), asUtcNoon(range.end), locale);
}
