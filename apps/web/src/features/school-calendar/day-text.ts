/**
 * What a calendar day says, in words (the cell's accessible name and the day's details) and in the
 * cell's short marks. Instants read on the school's wall clock: English in 12-hour time, French in
 * 24-hour time (lib/format.ts).
 */
import type { SchoolCalendarDay } from '@servery/contracts/school';
import { localDate } from '@servery/domain/school-days';
import type { TFunction } from 'i18next';
import type { Locale } from '../../i18n/locales';
import { formatDay, formatTime } from '../../lib/format';

/** Days a meal can be ordered for, or was: their meals count against the day's limit. */
export const countsMeals = (day: SchoolCalendarDay) =>
  day.state === 'open' || day.state === 'ordering_closed' || day.state === 'not_open_yet' || day.meals > 0;

/**
 * "Friday, December 4, 11:59 PM": the last minute before an instant that closes ordering (it is the
 * start of a day, so the minute before is the end of the last day to order).
 */
export function lastMinuteBefore(instant: string, locale: Locale, zone: string): string {
  const last = new Date(new Date(instant).getTime() - 60_000);
  return `${formatDay(localDate(last, zone), locale)}, ${formatTime(last, locale, zone)}`;
}

/** "Tuesday, November 24, 12:00 AM": the moment ordering for a day opens. */
export function momentOf(instant: string, locale: Locale, zone: string): string {
  const at = new Date(instant);
  return `${formatDay(localDate(at, zone), locale)}, ${formatTime(at, locale, zone)}`;
}

/** "1 of 2 meals ordered" (or "1 meal ordered" without a limit). */
export function mealsText(t: TFunction, day: SchoolCalendarDay, maxMeals: number | null): string {
  return maxMeals === null
    ? t('schoolCalendar.meals', { count: day.meals })
    : t('schoolCalendar.mealsOf', { count: day.meals, max: maxMeals });
}

/** The day's state in words: "order by Friday, December 4, 11:59 PM", "school closed", ... */
export function stateText(t: TFunction, day: SchoolCalendarDay, locale: Locale, zone: string): string {
  switch (day.state) {
    case 'open':
      return day.closes_at
        ? t('schoolCalendar.state.orderBy', { when: lastMinuteBefore(day.closes_at, locale, zone) })
        : t('schoolCalendar.state.open');
    case 'not_open_yet':
      return day.opens_at
        ? t('schoolCalendar.state.opensOn', { when: momentOf(day.opens_at, locale, zone) })
        : t('schoolCalendar.state.notOpenYet');
    default:
      return t(`schoolCalendar.state.${day.state}`);
  }
}

/** "Monday, December 7: 1 of 2 meals ordered, order by Friday, December 4, 11:59 PM". */
export function dayLabel(t: TFunction, day: SchoolCalendarDay, maxMeals: number | null, locale: Locale, zone: string): string {
  const parts = [...(countsMeals(day) ? [mealsText(t, day, maxMeals)] : []), stateText(t, day, locale, zone)];
  return t('schoolCalendar.dayLabel', { day: formatDay(day.date, locale), details: parts.join(', ') });
}

/** The cell's short mark under the day's number (its words are in the cell's name and the legend). */
export function stateMark(day: SchoolCalendarDay): string {
  switch (day.state) {
    case 'open':
      return '+';
    case 'ordering_closed':
      return '×';
    case 'not_open_yet':
      return '…';
    default:
      return '–';
  }
}
