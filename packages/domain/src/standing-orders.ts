/**
 * K-12 standing weekly orders and "repeat this week" (issue 30 item 3; docs/decisions/0118-standing-weekly-orders.md).
 * Pure: `now` and the school's cut-off are passed in.
 *
 * A standing order is a child's weekly pattern (per weekday, the meals and their choices). The job
 * places a day once it is "due": a school day (no weekend without weekend ordering, no closed day,
 * nothing after the end of the school year, a day with a rotation menu: `schoolDays`), still open
 * for ordering at `now` (on or after the cut-off), no further than `STANDING_LOOKAHEAD_DAYS` from the
 * first open day (so each coming week is placed a week ahead of its cut-off, never after it), on a
 * weekday of the pattern, on or after the day the standing order was made, not skipped (the day or
 * its week), the order not paused, and not handled already (placed, failed or refused: a day is
 * tried once, never retried into a second charge).
 */
import type { CartItem } from './cart';
import type { Weekday } from './price-schedule';
import { addDays, localDate, rotationWeekOf, type SchoolCalendar, schoolDays, weekdayOf, weekStart } from './school-days';

/** How far past the first open day the job places: a week, so each week is placed before its cut-off. */
export const STANDING_LOOKAHEAD_DAYS = 7;
/** How far the screen shows what is coming. */
export const STANDING_UPCOMING_DAYS = 14;

export interface StandingFacts {
  /**
   * The weekdays the pattern orders on, per week of the rotation's cycle (index 0: week 1); a date
   * takes its own rotation week's (`rotationWeekOf`). One entry: the same every week.
   */
  weekdays: ReadonlyArray<ReadonlySet<Weekday>>;
  /** The first date the standing order covers (the school's date it was made). */
  startDate: string;
  paused: boolean;
  /** Days skipped (yyyy-MM-dd). */
  skippedDates: readonly string[];
  /** Weeks skipped (their Mondays). */
  skippedWeeks: readonly string[];
  /** Dates the job has handled already (placed, failed, refused). */
  handled: ReadonlySet<string>;
}

export type UpcomingState = 'due' | 'scheduled' | 'skipped' | 'paused' | 'handled';

export interface UpcomingDay {
  date: string;
  /** due: the job places it now; scheduled: later, before its cut-off; handled: see its placement. */
  state: UpcomingState;
}

/**
 * The pattern's school days from the first open day on, `days` long, each with its state. Closed
 * days, weekends and days without a menu are not school days and are not listed.
 */
export function standingDays(
  calendar: SchoolCalendar,
  now: Date,
  cutoff: Date,
  facts: StandingFacts,
  days = STANDING_UPCOMING_DAYS,
): UpcomingDay[] {
  const zone = calendar.zone ?? 'America/Toronto';
  const first = localDate(cutoff, zone);
  const start = facts.startDate > first ? facts.startDate : first;
  const lastDue = addDays(first, STANDING_LOOKAHEAD_DAYS - 1);
  const end = addDays(first, days - 1);
  if (end < start) return [];
  const result = schoolDays({ start, end }, calendar, now, cutoff, true);
  if (!result.ok) return [];
  const skippedDates = new Set(facts.skippedDates);
  const skippedWeeks = new Set(facts.skippedWeeks);
  return result.days
    .filter((day) => weekdaysOn(calendar, facts, day.date).has(weekdayOf(day.date)))
    .map((day): UpcomingDay => {
      const date = day.date;
      if (facts.handled.has(date)) return { date, state: 'handled' };
      if (skippedDates.has(date) || skippedWeeks.has(weekStart(date))) return { date, state: 'skipped' };
      if (facts.paused) return { date, state: 'paused' };
      return { date, state: date <= lastDue ? 'due' : 'scheduled' };
    });
}

const NONE: ReadonlySet<Weekday> = new Set();

/** The pattern's weekdays for a date's week of the rotation. */
function weekdaysOn(calendar: SchoolCalendar, facts: StandingFacts, date: string): ReadonlySet<Weekday> {
  if (facts.weekdays.length <= 1) return facts.weekdays[0] ?? NONE;
  return (
    facts.weekdays[patternWeekOf(calendar.rotation.weeks.length, rotationWeekOf(calendar.rotation, date), facts.weekdays.length)] ?? NONE
  );
}

/**
 * Which of a standing order's weekly patterns a date takes: its rotation week's (`rotationWeek`, from
 * 0), among `patterns` patterns; a rotation of a single week, or none, takes the first. A school whose
 * cycle grew since the patterns were made finds no pattern for the new weeks (-1: nothing ordered).
 */
export function patternWeekOf(cycle: number, rotationWeek: number | null, patterns = cycle): number {
  if (rotationWeek === null || cycle <= 1) return 0;
  return rotationWeek < patterns ? rotationWeek : -1;
}

/**
 * Whether the screen offers to skip (or unskip) a week of the coming days: only when the week is
 * skipped already (to take it back) or one of its days is still to come and not placed (due,
 * scheduled, paused or skipped by itself). A week whose days are all handled has nothing to skip.
 */
export function weekCanBeSkipped(days: readonly UpcomingDay[], weekSkipped: boolean): boolean {
  return weekSkipped || days.some((day) => day.state !== 'handled');
}

export type PatternRefusal = 'NOT_ON_MENU' | 'MAX_MEALS_PER_CART' | 'TOO_MANY_LINES';

/** The most lines in one weekday of a pattern. */
export const MAX_PATTERN_LINES = 10;

/**
 * One weekday's meals of a pattern as the parent edits them (a meal changed, added or removed): each
 * line where the menus of that weekday in that rotation week have it (its menu and section as they are
 * there), within the school's meals per day (`maxMeals`, counting quantities of meal packages). The
 * choices and prices are checked by the cart's own line pricing after this.
 */
export function placePatternDay<Line extends Pick<CartItem, 'id' | 'quantity'>>(
  lines: readonly Line[],
  locate: (itemId: number) => { menuId: number; sectionId: number | null } | null,
  limits: { maxMeals: number | null; isMeal: (line: Line) => boolean },
):
  | { ok: true; lines: Array<Line & { menu_id: number; section_id: number | null }> }
  | { ok: false; refusal: PatternRefusal; index: number } {
  if (lines.length > MAX_PATTERN_LINES) return { ok: false, refusal: 'TOO_MANY_LINES', index: MAX_PATTERN_LINES };
  const placed: Array<Line & { menu_id: number; section_id: number | null }> = [];
  let meals = 0;
  for (const [index, line] of lines.entries()) {
    const place = locate(line.id);
    if (!place) return { ok: false, refusal: 'NOT_ON_MENU', index };
    if (limits.isMeal(line)) {
      meals += line.quantity;
      if (limits.maxMeals !== null && meals > limits.maxMeals) return { ok: false, refusal: 'MAX_MEALS_PER_CART', index };
    }
    placed.push({ ...line, menu_id: place.menuId, section_id: place.sectionId });
  }
  return { ok: true, lines: placed };
}

/** The most of one line the screen offers when no meal limit applies (an extra, or a school without one). */
export const STANDING_LINE_MAX_QUANTITY = 10;

/**
 * How many of one line a weekday can take (the meal form's quantity, from 1): a meal package at most
 * the school's meals per child and day less the meals of the day's other lines (`otherMeals`, their
 * quantities); an extra, or a school without a limit, `STANDING_LINE_MAX_QUANTITY`. 0: the day is
 * full (the server refuses one more: `placePatternDay`).
 */
export function lineQuantityLimit(limits: { meal: boolean; otherMeals: number; maxMeals: number | null }): number {
  if (!limits.meal || limits.maxMeals === null) return STANDING_LINE_MAX_QUANTITY;
  return Math.max(0, Math.min(STANDING_LINE_MAX_QUANTITY, limits.maxMeals - limits.otherMeals));
}

/** The dates the job places at `now`. */
export function dueStandingDates(calendar: SchoolCalendar, now: Date, cutoff: Date, facts: StandingFacts): string[] {
  return standingDays(calendar, now, cutoff, facts, STANDING_LOOKAHEAD_DAYS)
    .filter((day) => day.state === 'due')
    .map((day) => day.date);
}

// Repeat this week.

/** Where an item sits on one day's menus, or null when none of that day's menus has it. */
export type LocateItem = (date: string, itemId: number) => { menuId: number; sectionId: number | null } | null;

export interface RepeatSource {
  date: string;
  items: readonly CartItem[];
}

export type LeftOutReason = 'NOT_ON_MENU' | 'NO_SCHOOL' | 'MAX_MEALS_PER_CART';

export interface RepeatPlan {
  /** The target week's days with the lines that go in, each line where it is on that day's menus. */
  orders: Array<{ date: string; items: CartItem[] }>;
  /** Lines that could not go in: their source date and line, and why. */
  leftOut: Array<{ date: string; item: CartItem; reason: LeftOutReason }>;
}

/**
 * A week's orders moved to another week, weekday by weekday: the same item and choices where that
 * day's menus still have it (its menu and section as they are that day); an item no longer offered,
 * or a weekday with no school that week, is left out and named; a meal over the day's limit (counting
 * the meals already ordered that day) is left out too. The choices are checked when the cart is priced.
 */
export function repeatWeek(
  sources: readonly RepeatSource[],
  targetMonday: string,
  openDates: ReadonlySet<string>,
  locate: LocateItem,
  limits: { maxMeals: number | null; isMeal: (line: CartItem) => boolean; booked: (date: string) => number },
): RepeatPlan {
  const orders = new Map<string, CartItem[]>();
  const leftOut: RepeatPlan['leftOut'] = [];
  const meals = new Map<string, number>();
  for (const source of [...sources].sort((a, b) => a.date.localeCompare(b.date))) {
    const date = addDays(targetMonday, (7 + dayIndex(source.date) - dayIndex(targetMonday)) % 7);
    for (const item of source.items) {
      if (!openDates.has(date)) {
        leftOut.push({ date: source.date, item, reason: 'NO_SCHOOL' });
        continue;
      }
      const place = locate(date, item.id);
      if (!place) {
        leftOut.push({ date: source.date, item, reason: 'NOT_ON_MENU' });
        continue;
      }
      if (limits.isMeal(item) && limits.maxMeals !== null) {
        const count = (meals.get(date) ?? limits.booked(date)) + item.quantity;
        if (count > limits.maxMeals) {
          leftOut.push({ date: source.date, item, reason: 'MAX_MEALS_PER_CART' });
          continue;
        }
        meals.set(date, count);
      }
      const lines = orders.get(date) ?? [];
      lines.push({ ...item, menu_id: place.menuId, section_id: place.sectionId, orderId: lines.length + 1 });
      orders.set(date, lines);
    }
  }
  return { orders: [...orders].map(([date, items]) => ({ date, items })).sort((a, b) => a.date.localeCompare(b.date)), leftOut };
}

const dayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
