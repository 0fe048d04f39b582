/** Calendar dates (yyyy-MM-dd, the school's) as the standing screens say them. */
import type { StandingWeekday } from '@servery/contracts/standing-orders';
import type { Locale } from '../../i18n/locales';
import { formatDayRange } from '../../lib/format';

/**
 * The weekdays in order (contracts' STANDING_WEEKDAYS, written here: importing the contracts' schemas
 * into the page would load zod's code-compiling parsers, which the content security policy reports).
 */
export const WEEKDAYS: readonly StandingWeekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const asUtcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Friday, December 4" / "vendredi 4 décembre". */
export function longDay(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(asUtcNoon(date));
}

/** "Nov 30 – Dec 4, 2026": a school week, Monday to Friday (lib/format.ts `formatDayRange`). */
export function weekRange(monday: string, locale: Locale): string {
  const friday = new Date(asUtcNoon(monday).getTime() + 4 * 86_400_000);
  return formatDayRange(asUtcNoon(monday), friday, locale);
}

/** The Monday of a date's week. */
export function mondayOf(date: string): string {
  const day = asUtcNoon(date);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
