/**
 * K-12 ordering by date (spec ordering.md sections 4 and 9): the cut-off, and the school days of a
 * range with the rotation's menus for each. Dates are local calendar dates in the restaurant's zone,
 * written yyyy-MM-dd; instants are Dates. Pure: `now` is passed in.
 */
import { localDateTime, WEEKDAYS, zonedInstant, type Weekday } from './price-schedule';

/** The zone when a restaurant names none (spec: default America/Toronto). */
export const DEFAULT_SCHOOL_ZONE = 'America/Toronto';
/** The longest range one rotational-menus request may ask for. */
export const MAX_RANGE_DAYS = 62;

export interface CutoffRules {
  zone: string | null;
  /** order_cutoff_days: how many days ahead an order must be placed. */
  orderCutoffDays: number;
  k12: boolean;
  weekendOrdering: boolean;
  /** orderCutoffDate (yyyy-MM-dd): nothing before this date can be ordered, whatever the days say. */
  orderCutoffDate: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as a UTC midnight, for arithmetic that no time zone can shift. */
function calendar(date: string): Date {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const formatted = (day: Date) => day.toISOString().slice(0, 10);

export function isCalendarDate(date: string): boolean {
  return DATE.test(date) && formatted(calendar(date)) === date;
}

export function addDays(date: string, days: number): string {
  const day = calendar(date);
  day.setUTCDate(day.getUTCDate() + days);
  return formatted(day);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((calendar(to).getTime() - calendar(from).getTime()) / 86_400_000);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[calendar(date).getUTCDay()]!;
}

/** ISO weekday, Monday 1 to Sunday 7: the spec's weekend is a weekday above 5. */
export function isoWeekday(date: string): number {
  const day = calendar(date).getUTCDay();
  return day === 0 ? 7 : day;
}

export const isWeekend = (date: string) => isoWeekday(date) > 5;

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The local calendar date of an instant in `zone`. */
export function localDate(now: Date, zone: string): string {
  const local = localDateTime(now, zone);
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}

function startOfDay(date: string, zone: string): Date {
  const day = calendar(date);
  return zonedInstant(zone, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 0, 0);
}

/**
 * The cut-off: orders for anything before this instant are closed. It is now plus
 * `orderCutoffDays` on the restaurant's wall clock. For K-12 it moves to the start of the next day,
 * and when that day is a weekend without weekend ordering, to the start of the following week. A
 * restaurant's `orderCutoffDate` holds it back further when it is later (never earlier: a date set
 * once must not reopen days that the notice period has closed).
 */
export function orderCutoff(now: Date, rules: CutoffRules): Date {
  const zone = rules.zone ?? DEFAULT_SCHOOL_ZONE;
  const local = localDateTime(now, zone);
  const today = localDate(now, zone);
  const ahead = addDays(today, rules.orderCutoffDays);
  let cutoff: Date;
  if (rules.k12) {
    let day = addDays(ahead, 1);
    if (isWeekend(day) && !rules.weekendOrdering) day = addDays(weekStart(day), 7);
    cutoff = startOfDay(day, zone);
  } else {
    const target = calendar(ahead);
    cutoff = zonedInstant(zone, target.getUTCFullYear(), target.getUTCMonth() + 1, target.getUTCDate(), local.hour, local.minute);
  }
  if (rules.orderCutoffDate !== null) {
    const fixed = startOfDay(rules.orderCutoffDate, zone);
    if (fixed > cutoff) cutoff = fixed;
  }
  return cutoff;
}

/** Whether a school day (its whole date) can still be ordered at this cut-off. */
export function isOrderableDate(date: string, cutoff: Date, zone: string | null): boolean {
  return startOfDay(date, zone ?? DEFAULT_SCHOOL_ZONE) >= cutoff;
}

export interface Rotation {
  start_date: string;
  weeks: ReadonlyArray<Partial<Record<Weekday, readonly number[]>>>;
}

export interface SchoolCalendar {
  zone: string | null;
  weekendOrdering: boolean;
  /** Closed days: holidays and closures (only full days close a school day). */
  closedDates: ReadonlyArray<{ date: string; full_day?: boolean | undefined }>;
  /** end_of_school_year: no school day after it. */
  endOfSchoolYear: string | null;
  /** maxAdvancedOrderDays: no day further ahead than this many days from today. */
  maxAdvancedOrderDays: number | null;
  rotation: Rotation;
}

/**
 * The rotation's menus on a date: weeks cycle from the week of the rotation's start date (its
 * Monday), so week 1 follows the last week again. Nothing before the rotation starts.
 */
export function rotationMenusOn(rotation: Rotation, date: string): readonly number[] {
  const index = rotationWeekOf(rotation, date);
  if (index === null) return [];
  return rotation.weeks[index]![weekdayOf(date)] ?? [];
}

/** The date's week of the rotation's cycle, from 0 (week 1); null before the rotation starts or with no weeks. */
export function rotationWeekOf(rotation: Rotation, date: string): number | null {
  if (rotation.weeks.length === 0 || date < rotation.start_date) return null;
  const weeks = Math.floor(daysBetween(weekStart(rotation.start_date), weekStart(date)) / 7);
  return weeks % rotation.weeks.length;
}

export interface SchoolDay {
  date: string;
  menuIds: readonly number[];
  /** False past the cut-off: shown as "ordering closed". */
  orderable: boolean;
}

export type SchoolDaysResult = { ok: true; days: SchoolDay[] } | { ok: false; error: 'NO_DATE_RANGE' | 'DATE_RANGE_TOO_LONG' };

/**
 * What a date is for a school (the month calendar shows each; the week shows the school days):
 * - `weekend`: a Saturday or Sunday of a school without weekend ordering;
 * - `school_closed`: a holiday or closure (full days only);
 * - `no_menu`: after the end of the school year, or a day the rotation has no menu for;
 * - `not_open_yet`: further ahead than the school takes orders (maxAdvancedOrderDays);
 * - `ordering_closed`: a school day past the cut-off;
 * - `open`: a school day that can be ordered now.
 * The first four are not school days to order for; the last three are (`isSchoolDayState`), with the
 * rotation's menus. The checks run in this order, so a holiday far ahead is still said to be closed.
 */
export type SchoolDayState = 'weekend' | 'school_closed' | 'no_menu' | 'not_open_yet' | 'ordering_closed' | 'open';

export const isSchoolDayState = (state: SchoolDayState) => state === 'open' || state === 'ordering_closed';

/** Sorts dates into their states at one clock and cut-off: built once per range. */
export function schoolDayClassifier(
  calendarRules: SchoolCalendar,
  now: Date,
  cutoff: Date,
): (date: string) => { state: SchoolDayState; menuIds: readonly number[] } {
  const zone = calendarRules.zone ?? DEFAULT_SCHOOL_ZONE;
  const closed = new Set(calendarRules.closedDates.filter((entry) => entry.full_day !== false).map((entry) => entry.date));
  const furthest = calendarRules.maxAdvancedOrderDays === null ? null : addDays(localDate(now, zone), calendarRules.maxAdvancedOrderDays);
  const none: readonly number[] = [];
  return (date) => {
    if (isWeekend(date) && !calendarRules.weekendOrdering) return { state: 'weekend', menuIds: none };
    if (closed.has(date)) return { state: 'school_closed', menuIds: none };
    if (calendarRules.endOfSchoolYear !== null && date > calendarRules.endOfSchoolYear) return { state: 'no_menu', menuIds: none };
    const menuIds = rotationMenusOn(calendarRules.rotation, date);
    if (menuIds.length === 0) return { state: 'no_menu', menuIds: none };
    if (furthest !== null && date > furthest) return { state: 'not_open_yet', menuIds };
    return { state: isOrderableDate(date, cutoff, zone) ? 'open' : 'ordering_closed', menuIds };
  };
}

/** The range's own checks: both dates real, in order, at most MAX_RANGE_DAYS days. */
export function checkDateRange(range: {
  start: string | null | undefined;
  end: string | null | undefined;
}): { ok: true; start: string; end: string } | { ok: false; error: 'NO_DATE_RANGE' | 'DATE_RANGE_TOO_LONG' } {
  const { start, end } = range;
  if (!start || !end || !isCalendarDate(start) || !isCalendarDate(end) || end < start) return { ok: false, error: 'NO_DATE_RANGE' };
  if (daysBetween(start, end) + 1 > MAX_RANGE_DAYS) return { ok: false, error: 'DATE_RANGE_TOO_LONG' };
  return { ok: true, start, end };
}

/**
 * The school days of [start, end] with their menus: no weekends (unless weekend ordering), no closed
 * day, nothing after the end of the school year or past the furthest day one may order ahead, no day
 * without a rotation menu; with `orderingOnly`, no day past the cut-off either.
 */
export function schoolDays(
  range: { start: string | null | undefined; end: string | null | undefined },
  calendarRules: SchoolCalendar,
  now: Date,
  cutoff: Date,
  orderingOnly: boolean,
): SchoolDaysResult {
  const checked = checkDateRange(range);
  if (!checked.ok) return checked;
  const classify = schoolDayClassifier(calendarRules, now, cutoff);
  const days: SchoolDay[] = [];
  for (let date = checked.start; date <= checked.end; date = addDays(date, 1)) {
    const { state, menuIds } = classify(date);
    if (!isSchoolDayState(state)) continue;
    const orderable = state === 'open';
    if (orderingOnly && !orderable) continue;
    days.push({ date, menuIds, orderable });
  }
  return { ok: true, days };
}

/** A school's cut-off settings, as its tenant file names them (the restaurant's settings, the public restaurant). */
export interface SchoolCutoffSettings {
  zone?: string | null | undefined;
  order_cutoff_days: number;
  weekendOrdering: boolean;
  orderCutoffDate: string | null;
}

/** The K-12 cut-off at `now` for a school's settings: `orderCutoff` with the school's rules. */
export function schoolCutoff(now: Date, school: SchoolCutoffSettings): Date {
  return orderCutoff(now, {
    zone: school.zone || DEFAULT_SCHOOL_ZONE,
    orderCutoffDays: school.order_cutoff_days,
    k12: true,
    weekendOrdering: school.weekendOrdering,
    orderCutoffDate: school.orderCutoffDate,
  });
}

/**
 * The moment ordering for a school date closes: the first instant at which `schoolCutoff` has moved
 * past it. The cut-off is the start of (today + order_cutoff_days + 1), moved off a weekend, so a
 * date stays orderable while today is at most (date - order_cutoff_days - 1): it closes at the start
 * of (date - order_cutoff_days) on the school's wall clock. Null for a date that no clock can order:
 * a weekend without weekend ordering, or a date before `orderCutoffDate`.
 */
export function orderClosesAt(date: string, school: SchoolCutoffSettings): Date | null {
  if (isWeekend(date) && !school.weekendOrdering) return null;
  if (school.orderCutoffDate !== null && date < school.orderCutoffDate) return null;
  return startOfDay(addDays(date, -school.order_cutoff_days), school.zone || DEFAULT_SCHOOL_ZONE);
}

/** The moment a date comes within maxAdvancedOrderDays of today (null: the school sets no limit). */
export function orderOpensAt(date: string, zone: string | null, maxAdvancedOrderDays: number | null): Date | null {
  if (maxAdvancedOrderDays === null) return null;
  return startOfDay(addDays(date, -maxAdvancedOrderDays), zone || DEFAULT_SCHOOL_ZONE);
}
