/**
 * Item and option-value price schedules (spec pricing.md section 1, ordering.md section 4): a price that
 * varies by weekday and by 15-minute slot of the restaurant's local day.
 */
import { TZDate, tzOffset } from '@date-fns/tz';

/** Index = JavaScript's `getDay()`: Sunday is 0. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SLOTS_PER_DAY = 96;
const MINUTES_PER_SLOT = 15;

export interface Scheduled {
  /** Integer cents: the price when there is no schedule. */
  price: number;
  /** Per weekday, 96 letters: one per 15-minute slot of the local day, from 00:00. */
  price_schedule?: Partial<Record<Weekday, string>> | undefined;
  /** Letter -> integer cents. */
  additional_prices?: Record<string, number> | undefined;
}

export type PriceAt = { available: true; price: number } | { available: false };

/**
 * A scheduled item or option value as the menu answer sends it: with its promo prices when it has
 * promos (pricing.ts `promoPrices` makes them on the server; spec pricing.md 1.2). Absent: no promo.
 */
export interface PromoPriced extends Scheduled {
  /** Cents: `price` after the promos. */
  adjustedPrice?: number | undefined;
  /** Letter -> cents: each of `additional_prices` after the promos (same letters). */
  adjusted_additional_prices?: Record<string, number> | undefined;
}

/** The wall-clock reading of an instant in a time zone. */
export interface LocalDateTime {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
  weekday: Weekday;
  hour: number;
  minute: number;
}

/**
 * The wall clock of `now` in `zone`. Throws a RangeError for a zone that is not an IANA name or UTC
 * offset: zones come from validated tenant data, so a bad one is a programming error, not a diner's.
 */
export function localDateTime(now: Date, zone: string): LocalDateTime {
  const instant = now.getTime();
  if (!Number.isFinite(instant)) throw new RangeError('Invalid date');
  // Pricing a menu or a cart reads the same clock for every item and option value: the last reading
  // is kept (a copy is handed out). Each new reading is an Intl format; the 300-item menu's
  // hydration spent about 60 ms of a throttled phone's CPU here before this.
  if (lastReading !== undefined && lastReading.instant === instant && lastReading.zone === zone) return { ...lastReading.local };
  const local = readWallClock(now, instant, zone);
  lastReading = { instant, zone, local };
  return { ...local };
}

let lastReading: { instant: number; zone: string; local: LocalDateTime } | undefined;

function readWallClock(now: Date, instant: number, zone: string): LocalDateTime {
  const offset = tzOffset(zone, now);
  if (!Number.isFinite(offset)) throw new RangeError(`Unknown time zone: ${zone}`);
  // Shift by the offset and read the result as UTC: that is the local wall clock.
  const wall = new Date(instant + offset * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: WEEKDAYS[wall.getUTCDay()] ?? 'sunday',
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/**
 * Makes the first reading of `zone`'s clock cheap: that first reading loads the zone's data into
 * Intl (10-25 ms on a phone, once per page), which a browser can then do in a task of its own before
 * hydrating a menu instead of inside the hydration (docs/decisions/0049-menu-hydration-in-short-tasks.md).
 * False for a zone that is not an IANA name or UTC offset (nothing thrown: it is only a head start).
 */
export function prepareTimeZone(zone: string, now: Date): boolean {
  try {
    localDateTime(now, zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers of `zonedInstant`, which is a pure function of its arguments and costs a TZDate (several
 * Intl calls) each time; scheduling asks for the same openings and slot bounds for every order.
 * Bounded: emptied when full.
 */
const zonedInstants = new Map<string, number>();
const ZONED_INSTANTS_MAX = 10_000;

/**
 * The instant a wall clock in `zone` reads year-month-day hour:minute (month 1..12; day may overflow
 * into the next month). A time skipped by a DST change (02:30 on the spring-forward day) moves forward
 * by the gap (03:30); a repeated time (01:30 on the fall-back day) is its first occurrence.
 */
export function zonedInstant(zone: string, year: number, month: number, day: number, hour: number, minute: number): Date {
  const key = `${zone} ${year} ${month} ${day} ${hour} ${minute}`;
  const known = zonedInstants.get(key);
  if (known !== undefined) return new Date(known);
  const instant = new TZDate(year, month - 1, day, hour, minute, zone).getTime();
  if (!Number.isFinite(instant)) throw new RangeError(`Unknown time zone: ${zone}`);
  if (zonedInstants.size >= ZONED_INSTANTS_MAX) zonedInstants.clear();
  zonedInstants.set(key, instant);
  return new Date(instant);
}

/** Slot 0..95: the 15-minute slot of the local day, by the wall clock (so DST days still have 96 slots, one skipped or repeated hour). */
export function slotIndex(now: Date, zone: string): { weekday: Weekday; slot: number } {
  const local = localDateTime(now, zone);
  return { weekday: local.weekday, slot: Math.floor((local.hour * 60 + local.minute) / MINUTES_PER_SLOT) };
}

/**
 * The price of an item or option value at `now` in the restaurant's zone.
 * - No schedule, or a schedule without any weekday: always available at `price`.
 * - A weekday missing from a schedule: unavailable that whole day (a schedule says when it is sold).
 * - The slot's letter: X (either case) is unavailable; otherwise its additional price. A letter without
 *   an additional price (E in the samples) is unavailable, as is a slot beyond a short day string.
 * - Letters are matched exactly first, then in the other case ('a' finds 'A'), since the spec writes
 *   "x" where the data writes "X".
 */
export function priceAt(entity: Scheduled, now: Date, zone: string): PriceAt {
  const schedule = entity.price_schedule;
  if (!schedule || !WEEKDAYS.some((day) => typeof schedule[day] === 'string')) return { available: true, price: entity.price };
  const { weekday, slot } = slotIndex(now, zone);
  const letter = schedule[weekday]?.charAt(slot) ?? '';
  if (letter === '' || letter === 'X' || letter === 'x') return { available: false };
  const price = additionalPrice(entity.additional_prices, letter);
  return price === null ? { available: false } : { available: true, price };
}

/**
 * What a diner pays for one at `now`: `priceAt` over the promo prices the entity carries, so the slot
 * rules are the same and the promo maths is the server's (pricing.ts `applyPromos`); without promo
 * prices, its price. `priceAt` stays the regular price (the struck-through "was").
 */
export function promoPriceAt(entity: PromoPriced, now: Date, zone: string): PriceAt {
  if (entity.adjustedPrice === undefined) return priceAt(entity, now, zone);
  return priceAt(
    { price: entity.adjustedPrice, price_schedule: entity.price_schedule, additional_prices: entity.adjusted_additional_prices },
    now,
    zone,
  );
}

function additionalPrice(prices: Record<string, number> | undefined, letter: string): number | null {
  if (!prices) return null;
  const own = Object.hasOwn(prices, letter) ? prices[letter] : undefined;
  const other = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
  const price = own ?? (Object.hasOwn(prices, other) ? prices[other] : undefined);
  return price !== undefined && Number.isSafeInteger(price) && price >= 0 ? price : null;
}
