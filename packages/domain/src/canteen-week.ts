/**
 * A workplace canteen's week (spec accounts-and-suites.md section 2, "/cantine: workplace canteen
 * landing"): today and the six days after it, each with its opening (from the canteen's hours and
 * holidays, in its zone) and whether a pickup can still be ordered for it.
 *
 * Readings where the spec is silent:
 * 1. "The week" is seven days from today, so Friday's landing still shows next Monday.
 * 2. A day is orderable when it has an opening that has not ended yet; today after closing is not.
 * 3. A day's opening is its first interval that starts that day; an opening from the evening before
 *    that runs past midnight belongs to the day before (opening-hours.ts, rule 1).
 */
import { addDays, openIntervals, type HolidayHours, type HoursRange, type LocalDate } from './opening-hours';
import { localDateTime, WEEKDAYS, type Weekday, zonedInstant } from './price-schedule';

export const CANTEEN_WEEK_DAYS = 7;

export interface CanteenDay {
  /** yyyy-MM-dd in the canteen's zone. */
  date: string;
  weekday: Weekday;
  today: boolean;
  /** The opening that starts that day; null when closed all day. */
  opens: Date | null;
  closes: Date | null;
  orderable: boolean;
}

const iso = ({ year, month, day }: LocalDate) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export function canteenWeek(hours: readonly HoursRange[], holidays: readonly HolidayHours[], now: Date, zone: string): CanteenDay[] {
  const local = localDateTime(now, zone);
  const today: LocalDate = { year: local.year, month: local.month, day: local.day };
  const last = addDays(today, CANTEEN_WEEK_DAYS - 1);
  // One day past the last, so the last day's closing is known.
  const intervals = openIntervals(hours, holidays, zone, today, addDays(last, 1));
  const days: CanteenDay[] = [];
  for (let offset = 0; offset < CANTEEN_WEEK_DAYS; offset += 1) {
    const date = addDays(today, offset);
    const start = zonedInstant(zone, date.year, date.month, date.day, 0, 0).getTime();
    const next = addDays(date, 1);
    const end = zonedInstant(zone, next.year, next.month, next.day, 0, 0).getTime();
    const opening = intervals.find((interval) => interval.start >= start && interval.start < end);
    const closes = opening && Number.isFinite(opening.end) ? new Date(opening.end) : null;
    days.push({
      date: iso(date),
      weekday: WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()]!,
      today: offset === 0,
      opens: opening ? new Date(opening.start) : null,
      closes,
      orderable: opening !== undefined && opening.end > now.getTime(),
    });
  }
  return days;
}
