/**
 * Is the restaurant open now, until when, and when does it open next: from its weekly `hours` and its
 * `holiday_hours` (spec ordering.md section 3), in the restaurant's time zone.
 */
import { localDateTime, WEEKDAYS, zonedInstant, type Weekday } from './price-schedule';

/** "HH:mm", 24-hour. end <= start means the range runs past midnight into the next day (11:00-11:00 is 24 hours). */
export interface HoursRange {
  day: Weekday;
  start_time: string;
  end_time: string;
}

/**
 * A holiday date replaces that date's regular hours: full_day = closed all day, else open only
 * start..end (which may also run past midnight).
 */
export interface HolidayHours {
  date: string;
  full_day: boolean;
  start_time: string | null;
  end_time: string | null;
}

export type OpenState =
  /** closesAt null: no closing in the next 14 days (a restaurant with no hours at all is always open). */
  | { open: true; closesAt: Date | null; lastCallAt: Date | null }
  /** nextOpening null: no opening in the next 14 days. */
  | { open: false; nextOpening: Date | null };

export const LOOK_AHEAD_DAYS = 14;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Rules where the data leaves room:
 * - A range belongs to the day it starts: Friday 11:00-01:00 is open until Saturday 01:00 even when
 *   Saturday is a holiday, and a holiday's own range may run past midnight the same way.
 * - Several holiday entries on one date: closed if any is full_day, else open in each of their ranges.
 *   A holiday that is not full_day but lacks a time is closed that day.
 * - No regular hours but some holidays: open around the clock except as the holidays say.
 * - Times that are not "HH:mm" (00:00-23:59) are ignored, as are holidays whose date is not yyyy-MM-dd.
 * - Ranges that touch or overlap are one opening (Friday 18:00-00:00 then Saturday 00:00-02:00 closes at 02:00).
 * - DST: a time the clock skips moves forward by the gap; a repeated time is its first occurrence.
 * - lastCallAt = closesAt - lastCallMinutes; null when there is no closesAt, or lastCallMinutes is
 *   absent, null, not finite or not above 0.
 */
export function openState(
  hours: readonly HoursRange[],
  holidays: readonly HolidayHours[],
  now: Date,
  zone: string,
  lastCallMinutes?: number | null,
): OpenState {
  const local = localDateTime(now, zone);
  if (hours.length === 0 && holidays.length === 0) return { open: true, closesAt: null, lastCallAt: null };

  const instant = now.getTime();
  const horizon = instant + LOOK_AHEAD_DAYS * DAY_MS;
  // From yesterday (a range of yesterday may still be open) to two days past the horizon: an interval
  // whose closing is not known from what was built ends at Infinity, beyond the horizon either way.
  const today = { year: local.year, month: local.month, day: local.day };
  const intervals = openIntervals(hours, holidays, zone, addDays(today, -1), addDays(today, LOOK_AHEAD_DAYS + 2));

  const current = intervals.find((interval) => interval.start <= instant && instant < interval.end);
  if (current) {
    const closesAt = current.end <= horizon ? new Date(current.end) : null;
    const lastCallAt =
      closesAt && typeof lastCallMinutes === 'number' && Number.isFinite(lastCallMinutes) && lastCallMinutes > 0
        ? new Date(closesAt.getTime() - lastCallMinutes * 60_000)
        : null;
    return { open: true, closesAt, lastCallAt };
  }
  const next = intervals.find((interval) => interval.start > instant && interval.start <= horizon);
  return { open: false, nextOpening: next ? new Date(next.start) : null };
}

/** Open and past last call: the UI warns that the kitchen is about to close. */
export function isLastCall(state: OpenState, now: Date): boolean {
  return state.open && state.lastCallAt !== null && now.getTime() >= state.lastCallAt.getTime();
}

/** A local calendar date. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** Start and end in epoch milliseconds; end is Infinity when the opening runs past what was built. */
export interface OpenInterval {
  start: number;
  end: number;
}

/**
 * Answers of `openIntervals`, a pure function of its arguments, per hours and holidays list (the
 * restaurant's own, shared while its version is the same: apps/api/src/db/restaurants-repository.ts):
 * every order asks for the same weeks of openings, to admit it and to check its slot
 * (docs/decisions/0048-per-order-work.md). Lists the caller built for one call are forgotten with
 * them; at most OPENINGS_PER_LIST answers per list, emptied when full.
 */
const openingsByHours = new WeakMap<readonly HoursRange[], WeakMap<readonly HolidayHours[], Map<string, readonly OpenInterval[]>>>();
const OPENINGS_PER_LIST = 256;

/**
 * Merged, sorted open intervals of the ranges that start on the local dates `from`..`to`: the one
 * implementation of the rules above, read by `openState` and by scheduling.ts (slots and ASAP).
 * An interval that ends after `to` begins is given end Infinity: a range of a date after `to`
 * could extend it, so its closing is not known from what was built. The answer is shared between
 * callers and frozen.
 */
export function openIntervals(
  hours: readonly HoursRange[],
  holidays: readonly HolidayHours[],
  zone: string,
  from: LocalDate,
  to: LocalDate,
): readonly Readonly<OpenInterval>[] {
  let byHolidays = openingsByHours.get(hours);
  if (!byHolidays) openingsByHours.set(hours, (byHolidays = new WeakMap()));
  let answers = byHolidays.get(holidays);
  if (!answers) byHolidays.set(holidays, (answers = new Map()));
  const key = `${zone} ${from.year}-${from.month}-${from.day} ${to.year}-${to.month}-${to.day}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = Object.freeze(buildOpenIntervals(hours, holidays, zone, from, to).map((interval) => Object.freeze(interval)));
    if (answers.size >= OPENINGS_PER_LIST) answers.clear();
    answers.set(key, answer);
  }
  return answer;
}

function buildOpenIntervals(
  hours: readonly HoursRange[],
  holidays: readonly HolidayHours[],
  zone: string,
  from: LocalDate,
  to: LocalDate,
): OpenInterval[] {
  const holidaysByDate = new Map<string, HolidayHours[]>();
  for (const holiday of holidays) {
    if (!isIsoDate(holiday.date)) continue;
    holidaysByDate.set(holiday.date, [...(holidaysByDate.get(holiday.date) ?? []), holiday]);
  }

  const raw: OpenInterval[] = [];
  for (let ymd = from; compareDates(ymd, to) <= 0; ymd = addDays(ymd, 1)) {
    const weekday = WEEKDAYS[new Date(Date.UTC(ymd.year, ymd.month - 1, ymd.day)).getUTCDay()];
    const onHoliday = holidaysByDate.get(isoDate(ymd));
    if (onHoliday) {
      if (onHoliday.some((holiday) => holiday.full_day)) continue;
      for (const holiday of onHoliday) {
        const interval = rangeInterval(zone, ymd, holiday.start_time, holiday.end_time);
        if (interval) raw.push(interval);
      }
    } else if (hours.length === 0) {
      const interval = rangeInterval(zone, ymd, '00:00', '00:00');
      if (interval) raw.push(interval);
    } else {
      for (const range of hours) {
        if (range.day !== weekday) continue;
        const interval = rangeInterval(zone, ymd, range.start_time, range.end_time);
        if (interval) raw.push(interval);
      }
    }
  }

  raw.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: OpenInterval[] = [];
  for (const interval of raw) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  const known = zonedInstant(zone, to.year, to.month, to.day, 0, 0).getTime();
  for (const interval of merged) if (interval.end > known) interval.end = Infinity;
  return merged;
}

/** Calendar arithmetic on a UTC date: the local date `days` days from `date`, free of any DST. */
export function addDays({ year, month, day }: LocalDate, days: number): LocalDate {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function compareDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function rangeInterval(zone: string, date: LocalDate, startTime: string | null, endTime: string | null): OpenInterval | null {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  if (start === null || end === null) return null;
  const endDay = end.minutes <= start.minutes ? date.day + 1 : date.day;
  const from = zonedInstant(zone, date.year, date.month, date.day, start.hour, start.minute).getTime();
  const to = zonedInstant(zone, date.year, date.month, endDay, end.hour, end.minute).getTime();
  // Both ends move forward in a skipped DST hour, so a short range around it (02:45-03:15 on the
  // spring-forward day) can end up with no time in it.
  return to > from ? { start: from, end: to } : null;
}

function parseTime(text: string | null): { hour: number; minute: number; minutes: number } | null {
  const match = text === null ? null : /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return { hour, minute, minutes: hour * 60 + minute };
}

function isoDate({ year, month, day }: LocalDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return isoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }) === text;
}
