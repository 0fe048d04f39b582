/**
 * Takeout scheduling (spec ordering.md sections 2, 3, 4 and 9): when a diner may pick
 * up an order, ASAP or in a time slot, as `POST /orders/scheduling` returns it, and the same rules
 * again when the order is placed (`checkSlot`, `asapOption`). Pure: `now` is a parameter.
 *
 * Exported API:
 * - `schedulingRestrictions(input, now): SchedulingRestrictions`: ASAP and the slots of every date.
 * - `asapOption(input, now): AsapOption`: only the ASAP part (cheap; for placing an ASAP order).
 * - `checkSlot(slotStart, input, now): SlotCheck` and `isSlotStillAvailable(slotStart, input, now)`:
 *   is this slot still offered now (re-checked when the order is placed).
 * - `combineMenuTimings(menus): EffectiveTimings`: the timings of a cart with several menus.
 * - `splitPrepTime(minutes)`, `defaultPickupTime(date, zone)`, `slotKey(start)`.
 *
 * Where the spec is silent, these readings are the contract:
 * 1. Timings are whole minutes (the tenant schema says so). A cart's menus combine to the strictest:
 *    the largest required_notice, estimated_prep_time, last_call_time and ordering_interval; the
 *    smallest max_orders_per_interval above 0 (0 or null is unlimited). No menu, or no interval:
 *    15-minute slots. Values that are not finite or below 0 count as 0 (the interval as unset);
 *    fractions of minutes round up, of a capacity down; last call is capped at 1 day and the other
 *    minutes at 366 days.
 * 2. The lead time is required_notice + estimated_prep_time: a slot may start no earlier than
 *    now + lead. ASAP is ready at now + lead, or at now + the kitchen's queue wait (`queueMinutes`,
 *    the menu banner's "Current wait") when that is longer, so the banner, the checkout's ASAP time
 *    and the time stored with an ASAP order agree; `prepTime` shows ASAP's lead. A slot's load is
 *    held by its own capacity (rule 6), not by the queue (decision 0131).
 * 3. A slot's start is the pickup time. Slots of a local date start at each opening's start on that
 *    date (or at midnight for an opening carried over from the day before) and follow every interval,
 *    stepping in real time, so a DST day has its real number of slots (a repeated hour gives repeated
 *    wall-clock labels at different instants). A slot ends after one interval, or earlier at closing
 *    or midnight. A slot belongs to the local date it starts on: Friday 11:00-01:00 gives Saturday
 *    00:00 to 00:45 slots under Saturday's date.
 * 4. Opening hours are opening-hours.ts `openIntervals`, the code `openState` reads (holidays, ranges
 *    past midnight, merging, DST); a property test still compares the two. A slot may not start within last_call_time of closing (start < closing - last
 *    call); the same last call ends ASAP.
 * 5. Dates: today (the restaurant's local date of `now`) to today + maxAdvancedOrderDays. 0 means today
 *    only; null (or a value below 0) means the default of 14 days ahead (`DEFAULT_MAX_ADVANCE_DAYS`);
 *    the window is capped at 366 days. takeoutDateRange and takeoutSpecificDates narrow that further
 *    (both when both are given); dates outside the restaurant's window are not offered, even when the
 *    link names them.
 * 6. A slot whose booked count (orders already placed for that slot start) is at or above the
 *    capacity is not offered. Counts are looked up by the slot start (`slotKey`: its ISO string) or
 *    by a function. ASAP is not limited by capacity. At placement the count excludes the order being
 *    placed, so a slot is still available while booked < capacity.
 * 7. ASAP: only for today (when the dates allow today), when open now, before last call, when the
 *    lead fits before closing (readyAt <= closing), and when orders are not paused.
 * 8. noTakeoutTimeslot: no slots at all, only ASAP. orders_paused: nothing at all. asap_paused: no ASAP,
 *    slots as usual.
 * 9. `days` lists only dates with at least one slot. `reason` is null when something can be ordered,
 *    else the first that applies of: ORDERS_PAUSED, OUTSIDE_ORDERING_DATES (the link's dates leave no
 *    date in the window), FULLY_BOOKED (slots existed but all are full), CLOSED.
 */
import { addDays, openIntervals, type HolidayHours, type HoursRange, type OpenInterval } from './opening-hours';
import { type OrderingConfig } from './ordering-config';
import { localDateTime, zonedInstant } from './price-schedule';

export const DEFAULT_ORDERING_INTERVAL = 15;
export const DEFAULT_PICKUP_HOUR = 12;
export const DEFAULT_MAX_ADVANCE_DAYS = 14;
/** Over this many minutes, a prep time shows as hours and minutes (spec section 9). */
export const PREP_TIME_SPLIT_ABOVE = 60;

const MINUTE_MS = 60_000;
const MAX_LAST_CALL_MINUTES = 24 * 60;
const MAX_TIMING_MINUTES = 366 * 24 * 60;

/** A menu's timings (tenant file `menus[]`), in minutes. */
export interface MenuTimings {
  required_notice?: number | null | undefined;
  ordering_interval?: number | null | undefined;
  max_orders_per_interval?: number | null | undefined;
  last_call_time?: number | null | undefined;
  estimated_prep_time?: number | null | undefined;
}

export interface EffectiveTimings {
  requiredNotice: number;
  prepTime: number;
  lastCall: number;
  interval: number;
  /** Orders per slot; null is unlimited. */
  capacity: number | null;
}

/** The restaurant's fields the rules read (tenant file names). */
export interface SchedulingRestaurant {
  zone: string;
  hours: readonly HoursRange[];
  holiday_hours: readonly HolidayHours[];
  maxAdvancedOrderDays: number | null;
  noTakeoutTimeslot: boolean;
  orders_paused: boolean;
  /** ASAP only is paused (the kitchen is swamped): scheduled slots are still offered. */
  asap_paused?: boolean;
}

/** Orders already booked per slot start: a map keyed by `slotKey(start)`, or a function. */
export type BookedCounts = ReadonlyMap<string, number> | ((slotStart: Date) => number);

export interface SchedulingInput {
  restaurant: SchedulingRestaurant;
  /** The menus of the cart's items. */
  menus: readonly MenuTimings[];
  config: Pick<OrderingConfig, 'takeoutDateRange' | 'takeoutSpecificDates'>;
  booked: BookedCounts;
  /**
   * Minutes until the kitchen's queue reaches a new order (queue.ts `queueWaitMinutes` of the orders
   * ahead, the menu banner's "Current wait"); absent or 0 when the restaurant keeps no queue. ASAP's
   * lead (rule 2) is never shorter; slots ignore it (docs/decisions/0131-asap-ready-time-follows-the-queue.md).
   */
  queueMinutes?: number | undefined;
}

export interface PrepTime {
  hours: number;
  minutes: number;
}

export type AsapUnavailableReason = 'ORDERS_PAUSED' | 'OUTSIDE_ORDERING_DATES' | 'CLOSED' | 'LAST_CALL' | 'NOT_READY_BEFORE_CLOSING';

export interface AsapOption {
  available: boolean;
  /** now + lead when available, else null. */
  readyAt: Date | null;
  prepTime: PrepTime;
  reason: AsapUnavailableReason | null;
}

export interface TimeSlot {
  start: Date;
  end: Date;
  /** Local wall clock, 24-hour "HH:mm"; the UI formats 12-hour English from start and end. */
  startTime: string;
  endTime: string;
  /** "11:00-11:15" */
  label: string;
  /** Orders still accepted in this slot; null when unlimited. */
  remaining: number | null;
}

export interface SchedulingDay {
  /** yyyy-MM-dd, local to the restaurant. */
  date: string;
  slots: TimeSlot[];
}

export type SchedulingUnavailableReason = 'ORDERS_PAUSED' | 'OUTSIDE_ORDERING_DATES' | 'FULLY_BOOKED' | 'CLOSED';

export interface SchedulingRestrictions {
  zone: string;
  asap: AsapOption;
  /** False when the restaurant has noTakeoutTimeslot (ASAP only) or orders are paused. */
  timeslots: boolean;
  /** Slot length in minutes. */
  interval: number;
  days: SchedulingDay[];
  reason: SchedulingUnavailableReason | null;
}

export type SlotCheck = { ok: true; slot: TimeSlot } | { ok: false; error: 'ORDERS_PAUSED' | 'TIMESLOT_UNAVAILABLE' | 'TIMESLOT_FULL' };

// ---------------------------------------------------------------------------------------------------
// Public functions

export function combineMenuTimings(menus: readonly MenuTimings[]): EffectiveTimings {
  const largest = (pick: (menu: MenuTimings) => number | null | undefined, cap: number) =>
    Math.min(
      cap,
      menus.reduce((max, menu) => Math.max(max, minutes(pick(menu))), 0),
    );
  const interval = largest((menu) => menu.ordering_interval, MAX_TIMING_MINUTES);
  const limits = menus
    .map((menu) => menu.max_orders_per_interval)
    .filter((limit): limit is number => typeof limit === 'number' && Number.isFinite(limit) && limit >= 1)
    .map((limit) => Math.floor(limit));
  return {
    requiredNotice: largest((menu) => menu.required_notice, MAX_TIMING_MINUTES),
    prepTime: largest((menu) => menu.estimated_prep_time, MAX_TIMING_MINUTES),
    lastCall: largest((menu) => menu.last_call_time, MAX_LAST_CALL_MINUTES),
    interval: interval > 0 ? interval : DEFAULT_ORDERING_INTERVAL,
    capacity: limits.length > 0 ? Math.min(...limits) : null,
  };
}

/** 45 -> 0 h 45 min; 60 -> 0 h 60 min; 90 -> 1 h 30 min (only over 60 is split). Bad input is 0. */
export function splitPrepTime(totalMinutes: number): PrepTime {
  const total = minutes(totalMinutes);
  if (total <= PREP_TIME_SPLIT_ABOVE) return { hours: 0, minutes: total };
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * How long an order takes to be ready, as a diner reads it after "about": "45 min", "1 h 30 min",
 * "2 h", and past a day in days and hours ("2 days 1 h", "2 jours 1 h"), never "49 h 0 min" (a
 * caterer's notice is counted in days). Zero parts are left out; the minutes of a lead over a day are
 * rounded away, since no one reads "2 days 1 h 5 min" as a promise to the minute.
 */
export function prepTimeLabel({ hours, minutes: mins }: PrepTime, locale: 'en-CA' | 'fr-CA'): string {
  const total = hours * 60 + mins;
  if (total < 60) return `${total} min`;
  if (total < 24 * 60) return total % 60 === 0 ? `${total / 60} h` : `${Math.floor(total / 60)} h ${total % 60} min`;
  const days = Math.floor(total / (24 * 60));
  const restHours = Math.round((total - days * 24 * 60) / 60);
  const [wholeDays, leftHours] = restHours === 24 ? [days + 1, 0] : [days, restHours];
  const dayWord = locale === 'fr-CA' ? (wholeDays > 1 ? 'jours' : 'jour') : wholeDays > 1 ? 'days' : 'day';
  return leftHours > 0 ? `${wholeDays} ${dayWord} ${leftHours} h` : `${wholeDays} ${dayWord}`;
}

/** 12:00 local on a yyyy-MM-dd date: the pickup time when a date is chosen without a time; null for a bad date. */
export function defaultPickupTime(date: string, zone: string): Date | null {
  const ymd = parseIsoDate(date);
  return ymd ? zonedInstant(zone, ymd.year, ymd.month, ymd.day, DEFAULT_PICKUP_HOUR, 0) : null;
}

/** The key of a slot in `BookedCounts` maps: the start's ISO string ("2026-03-08T16:00:00.000Z"). */
export function slotKey(start: Date): string {
  return start.toISOString();
}

export function schedulingRestrictions(input: SchedulingInput, now: Date): SchedulingRestrictions {
  const { restaurant } = input;
  const timings = combineMenuTimings(input.menus);
  const asap = asapOption(input, now);
  const base = { zone: restaurant.zone, asap, interval: timings.interval };
  if (restaurant.orders_paused) return { ...base, timeslots: false, days: [], reason: 'ORDERS_PAUSED' };

  const dates = allowedDates(input, now);
  if (restaurant.noTakeoutTimeslot) {
    const reason = asap.available ? null : asap.reason === 'OUTSIDE_ORDERING_DATES' ? 'OUTSIDE_ORDERING_DATES' : 'CLOSED';
    return { ...base, timeslots: false, days: [], reason };
  }

  const days: SchedulingDay[] = [];
  let sawFullSlot = false;
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first && last) {
    const openings = buildOpenings(restaurant, addDays(first, -1), addDays(last, 3));
    const earliest = now.getTime() + leadMinutes(timings) * MINUTE_MS;
    for (const date of dates) {
      const slots: TimeSlot[] = [];
      for (const raw of daySlots(date, openings, timings, restaurant.zone)) {
        if (raw.start < earliest) continue;
        const remaining = remainingCapacity(raw.start, timings.capacity, input.booked);
        if (remaining !== null && remaining <= 0) {
          sawFullSlot = true;
          continue;
        }
        slots.push(toTimeSlot(raw, remaining, restaurant.zone));
      }
      if (slots.length > 0) days.push({ date: isoDate(date), slots });
    }
  }

  let reason: SchedulingUnavailableReason | null = null;
  if (!asap.available && days.length === 0) {
    if (dates.length === 0) reason = 'OUTSIDE_ORDERING_DATES';
    else if (sawFullSlot) reason = 'FULLY_BOOKED';
    else reason = 'CLOSED';
  }
  return { ...base, timeslots: true, days, reason };
}

export function asapOption(input: SchedulingInput, now: Date): AsapOption {
  const { restaurant } = input;
  const timings = combineMenuTimings(input.menus);
  const lead = Math.max(leadMinutes(timings), minutes(input.queueMinutes));
  const prepTime = splitPrepTime(lead);
  const unavailable = (reason: AsapUnavailableReason): AsapOption => ({ available: false, readyAt: null, prepTime, reason });

  if (restaurant.orders_paused || restaurant.asap_paused) return unavailable('ORDERS_PAUSED');
  const today = localDate(now, restaurant.zone);
  if (!isDateInConfig(today, input.config)) return unavailable('OUTSIDE_ORDERING_DATES');

  const instant = now.getTime();
  const readyAt = instant + lead * MINUTE_MS;
  const openings = buildOpenings(restaurant, addDays(today, -1), addDays(localDate(new Date(readyAt), restaurant.zone), 3));
  const current = openings.find((opening) => opening.start <= instant && instant < opening.end);
  if (!current) return unavailable('CLOSED');
  if (instant >= current.end - timings.lastCall * MINUTE_MS) return unavailable('LAST_CALL');
  if (readyAt > current.end) return unavailable('NOT_READY_BEFORE_CLOSING');
  return { available: true, readyAt: new Date(readyAt), prepTime, reason: null };
}

export function checkSlot(slotStart: Date, input: SchedulingInput, now: Date): SlotCheck {
  const { restaurant } = input;
  if (restaurant.orders_paused) return { ok: false, error: 'ORDERS_PAUSED' };
  const start = slotStart.getTime();
  if (restaurant.noTakeoutTimeslot || !Number.isFinite(start)) return { ok: false, error: 'TIMESLOT_UNAVAILABLE' };

  const timings = combineMenuTimings(input.menus);
  const date = localDate(slotStart, restaurant.zone);
  if (!allowedDates(input, now).some((allowed) => sameDate(allowed, date))) return { ok: false, error: 'TIMESLOT_UNAVAILABLE' };
  if (start < now.getTime() + leadMinutes(timings) * MINUTE_MS) return { ok: false, error: 'TIMESLOT_UNAVAILABLE' };

  const openings = buildOpenings(restaurant, addDays(date, -1), addDays(date, 3));
  const raw = daySlots(date, openings, timings, restaurant.zone).find((slot) => slot.start === start);
  if (!raw) return { ok: false, error: 'TIMESLOT_UNAVAILABLE' };
  const remaining = remainingCapacity(raw.start, timings.capacity, input.booked);
  if (remaining !== null && remaining <= 0) return { ok: false, error: 'TIMESLOT_FULL' };
  return { ok: true, slot: toTimeSlot(raw, remaining, restaurant.zone) };
}

export function isSlotStillAvailable(slotStart: Date, input: SchedulingInput, now: Date): boolean {
  return checkSlot(slotStart, input, now).ok;
}

// ---------------------------------------------------------------------------------------------------
// Dates

interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

function localDate(instant: Date, zone: string): YearMonthDay {
  const { year, month, day } = localDateTime(instant, zone);
  return { year, month, day };
}

function sameDate(a: YearMonthDay, b: YearMonthDay): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

function isoDate({ year, month, day }: YearMonthDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parseIsoDate(text: string): YearMonthDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const ymd = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isoDate(addDays(ymd, 0)) === text ? ymd : null;
}

function isDateInConfig(date: YearMonthDay, config: SchedulingInput['config']): boolean {
  const text = isoDate(date);
  const range = config.takeoutDateRange;
  if (range && (text < range.start || text > range.end)) return false;
  const specific = config.takeoutSpecificDates;
  return !specific || specific.includes(text);
}

/** The local dates a diner may choose, in order. */
function allowedDates(input: SchedulingInput, now: Date): YearMonthDay[] {
  const setting = input.restaurant.maxAdvancedOrderDays;
  const ahead =
    setting === null || !Number.isFinite(setting) || setting < 0 ? DEFAULT_MAX_ADVANCE_DAYS : Math.min(Math.floor(setting), 366);
  const today = localDate(now, input.restaurant.zone);
  const dates: YearMonthDay[] = [];
  for (let offset = 0; offset <= ahead; offset++) {
    const date = addDays(today, offset);
    if (isDateInConfig(date, input.config)) dates.push(date);
  }
  return dates;
}

// ---------------------------------------------------------------------------------------------------
// Openings: opening-hours.ts `openIntervals`, the same code `openState` reads

type Interval = OpenInterval;

function buildOpenings(restaurant: SchedulingRestaurant, from: YearMonthDay, to: YearMonthDay): readonly Interval[] {
  return openIntervals(restaurant.hours, restaurant.holiday_hours, restaurant.zone, from, to);
}

// ---------------------------------------------------------------------------------------------------
// Slots

interface RawSlot {
  start: number;
  end: number;
}

/** Every slot of a local date, before the lead time and capacity are applied. */
function daySlots(date: YearMonthDay, openings: readonly Interval[], timings: EffectiveTimings, zone: string): RawSlot[] {
  const dayStart = zonedInstant(zone, date.year, date.month, date.day, 0, 0).getTime();
  const dayEnd = zonedInstant(zone, date.year, date.month, date.day + 1, 0, 0).getTime();
  const step = timings.interval * MINUTE_MS;
  const slots: RawSlot[] = [];
  for (const opening of openings) {
    if (opening.end <= dayStart || opening.start >= dayEnd) continue;
    const lastStart = Math.min(dayEnd, opening.end - timings.lastCall * MINUTE_MS);
    for (let start = Math.max(opening.start, dayStart); start < lastStart; start += step) {
      slots.push({ start, end: Math.min(start + step, opening.end, dayEnd) });
    }
  }
  return slots;
}

function remainingCapacity(start: number, capacity: number | null, booked: BookedCounts): number | null {
  if (capacity === null) return null;
  const date = new Date(start);
  const count = typeof booked === 'function' ? booked(date) : (booked.get(slotKey(date)) ?? 0);
  return capacity - (Number.isFinite(count) ? Math.max(0, count) : 0);
}

function toTimeSlot(raw: RawSlot, remaining: number | null, zone: string): TimeSlot {
  const startTime = wallClock(raw.start, zone);
  const endTime = wallClock(raw.end, zone);
  return { start: new Date(raw.start), end: new Date(raw.end), startTime, endTime, label: `${startTime}-${endTime}`, remaining };
}

function wallClock(instant: number, zone: string): string {
  const { hour, minute } = localDateTime(new Date(instant), zone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The menus' notice and preparation (rule 2). */
function leadMinutes(timings: EffectiveTimings): number {
  return timings.requiredNotice + timings.prepTime;
}

/** Whole minutes >= 0 (fractions round up); anything else is 0. */
function minutes(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(MAX_TIMING_MINUTES, Math.ceil(value));
}
