/**
 * The month shown by the calendar (`month=yyyy-MM` in the address, else today's month in the
 * school's zone) and its grid: weeks from Monday, as the school's week view counts them.
 */
import { addDays, isCalendarDate, isoWeekday } from '@servery/domain/school-days';

export const MONTH_PARAM = 'month';
export const DAY_PARAM = 'day';
export const STUDENT_PARAM = 'student';

/** The month of a yyyy-MM-dd date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** A yyyy-MM month from the address, or null when it names no real month. */
export function parseMonth(value: string | null): string | null {
  return value !== null && /^\d{4}-\d{2}$/.test(value) && isCalendarDate(`${value}-01`) ? value : null;
}

/** The month `count` months after `month` (before, when negative). */
export function addMonths(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + count;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Its first and last days. */
export function monthRange(month: string): { start: string; end: string } {
  const start = `${month}-01`;
  return { start, end: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** The month's weeks, Monday to Sunday, with null for the days of the months around it. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const { start, end } = monthRange(month);
  const weeks: Array<Array<string | null>> = [];
  let week: Array<string | null> = Array.from({ length: isoWeekday(start) - 1 }, () => null);
  for (let date = start; date <= end; date = addDays(date, 1)) {
    week.push(date);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/**
 * The day a key moves to from `date` in the month's grid (the WAI-ARIA date grid): left and right a
 * day, up and down a week, Home and End the week's Monday and Sunday, PageUp and PageDown a month
 * (with Shift a year), the same day of the month or its last day when shorter; null for other keys.
 */
export function movedDate(date: string, key: string, shiftKey = false): string | null {
  const sameDayIn = (months: number) => {
    const month = addMonths(monthOf(date), months);
    const { end } = monthRange(month);
    const day = `${month}-${date.slice(8)}`;
    return day > end || !isCalendarDate(day) ? end : day;
  };
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, 1 - isoWeekday(date));
    case 'End':
      return addDays(date, 7 - isoWeekday(date));
    case 'PageUp':
      return sameDayIn(shiftKey ? -12 : -1);
    case 'PageDown':
      return sameDayIn(shiftKey ? 12 : 1);
    default:
      return null;
  }
}
