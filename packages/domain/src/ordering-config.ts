/**
 * The ordering configuration a diner arrives with, read from the menu page's query string (spec
 * ordering.md section 2), and the order type it gives (section 4).
 */
import type { OrderType } from './order-type';

export type TakeoutType = 'pickup' | 'delivery';

export interface OrderingConfig {
  tableNum: string | null;
  genericTableLocation: string | null;
  takeout: boolean;
  takeoutType: TakeoutType | null;
  catering: boolean;
  genericCatering: boolean;
  viewOnly: boolean;
  /** Menu ids, from "menuList=12,15". */
  menuList: number[] | null;
  /** yyyy-MM-dd, from "takeoutDateRange=2026-12-01,2026-12-05". */
  takeoutDateRange: { start: string; end: string } | null;
  /** yyyy-MM-dd, sorted, from "takeoutSpecificDates=2026-12-01,2026-12-03". */
  takeoutSpecificDates: string[] | null;
  /** K-12 week start, yyyy-MM-dd. */
  selectedWeek: string | null;
  anotherRoundId: string | null;
  eventSuite: string | null;
  eventDayOrdering: boolean;
  suiteOperator: boolean;
}

export type OrderingConfigError = 'NO_FLAGS_PROVIDED';
export type OrderingConfigResult = { ok: true; config: OrderingConfig } | { ok: false; error: OrderingConfigError; config: OrderingConfig };

export const EMPTY_ORDERING_CONFIG: Readonly<OrderingConfig> = Object.freeze({
  tableNum: null,
  genericTableLocation: null,
  takeout: false,
  takeoutType: null,
  catering: false,
  genericCatering: false,
  viewOnly: false,
  menuList: null,
  takeoutDateRange: null,
  takeoutSpecificDates: null,
  selectedWeek: null,
  anotherRoundId: null,
  eventSuite: null,
  eventDayOrdering: false,
  suiteOperator: false,
});

const TABLE_NUM = /^[A-Za-z0-9-]{1,6}$/;
/** It becomes a path segment (GET /orders/another-round/{id}), so only URL-safe characters. */
const ANOTHER_ROUND_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** An id or an opaque (possibly encrypted, base64) token: no spaces or control characters. */
const EVENT_SUITE = /^[\x21-\x7e]{1,512}$/;
const MAX_LOCATION_LENGTH = 60;

/**
 * Reads the query. Nothing here throws: a value that does not parse is dropped (as if absent).
 * - Booleans: "true", "1" or present without a value are true; "false", "0" and anything else false
 *   (case-insensitive, surrounding spaces ignored). A repeated parameter: the first one counts.
 * - tableNum: 1 to 6 letters, digits or dashes, kept as written (trimmed).
 * - genericTableLocation: trimmed text of 1 to 60 characters without control characters ("Lane").
 * - takeoutType: "pickup" or "delivery" (case-insensitive).
 * - menuList: comma-separated positive integers; other entries are dropped, duplicates kept once; none left is null.
 * - takeoutDateRange: "start,end", two real yyyy-MM-dd dates with start <= end; anything else is null.
 * - takeoutSpecificDates: comma-separated yyyy-MM-dd; bad entries dropped, sorted, duplicates once; none left is null.
 * - selectedWeek: one real yyyy-MM-dd date, kept as given (not moved to a week start).
 * - anotherRoundId: 1 to 64 letters, digits, "_" or "-".
 * - eventSuite: 1 to 512 printable ASCII characters without spaces (an id or an encrypted token).
 *
 * Ordering needs one of: takeout, catering, generic catering, a K-12 restaurant, a table number, an
 * another-round id or an event suite; without one the result is NO_FLAGS_PROVIDED (spec section 8).
 * viewOnly alone is fine: the diner browses the menu without ordering. A genericTableLocation without
 * a table number is not enough, since it names an area, not a table. The config is returned either way.
 */
export function parseOrderingConfig(query: URLSearchParams, restaurant: { k12: boolean }): OrderingConfigResult {
  const config: OrderingConfig = {
    tableNum: matching(query.get('tableNum'), TABLE_NUM),
    genericTableLocation: location(query.get('genericTableLocation')),
    takeout: flag(query.get('takeout')),
    takeoutType: takeoutTypeValue(query.get('takeoutType')),
    catering: flag(query.get('catering')),
    genericCatering: flag(query.get('genericCatering')),
    viewOnly: flag(query.get('viewOnly')),
    menuList: menuIds(query.get('menuList')),
    takeoutDateRange: dateRange(query.get('takeoutDateRange')),
    takeoutSpecificDates: dateList(query.get('takeoutSpecificDates')),
    selectedWeek: isoDate(query.get('selectedWeek')),
    anotherRoundId: matching(query.get('anotherRoundId'), ANOTHER_ROUND_ID),
    eventSuite: matching(query.get('eventSuite'), EVENT_SUITE),
    eventDayOrdering: flag(query.get('eventDayOrdering')),
    suiteOperator: flag(query.get('suiteOperator')),
  };
  const canOrder =
    config.takeout ||
    config.catering ||
    config.genericCatering ||
    restaurant.k12 ||
    config.tableNum !== null ||
    config.anotherRoundId !== null ||
    config.eventSuite !== null;
  return canOrder || config.viewOnly ? { ok: true, config } : { ok: false, error: 'NO_FLAGS_PROVIDED', config };
}

/** An event-suite pre-order: a suite order placed before the event day. */
export function isPreOrdering(config: OrderingConfig): boolean {
  return config.eventSuite !== null && !config.eventDayOrdering;
}

/** Spec section 4, in priority: pre-ordering or catering, generic catering, K-12, takeout, dine-in. */
export function orderTypeOf(config: OrderingConfig, restaurant: { k12: boolean }): OrderType {
  if (isPreOrdering(config) || config.catering) return 'catering';
  if (config.genericCatering) return 'generic_catering';
  if (restaurant.k12) return 'school';
  if (config.takeout) return 'take-out';
  return 'dine_in';
}

/** Pickup unless the query asked for delivery; null when the config is not a takeout. */
export function takeoutTypeOf(config: OrderingConfig): TakeoutType | null {
  if (!config.takeout) return null;
  return config.takeoutType ?? 'pickup';
}

function flag(value: string | null): boolean {
  if (value === null) return false;
  const text = value.trim().toLowerCase();
  return text === '' || text === 'true' || text === '1';
}

function matching(value: string | null, pattern: RegExp): string | null {
  const text = value?.trim() ?? '';
  return pattern.test(text) ? text : null;
}

function location(value: string | null): string | null {
  const text = value?.trim() ?? '';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (text === '' || text.length > MAX_LOCATION_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(text)) return null;
  return text;
}

function takeoutTypeValue(value: string | null): TakeoutType | null {
  const text = value?.trim().toLowerCase();
  return text === 'pickup' || text === 'delivery' ? text : null;
}

function menuIds(value: string | null): number[] | null {
  if (value === null) return null;
  const ids: number[] = [];
  for (const entry of value.split(',')) {
    const text = entry.trim();
    if (!/^\d+$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && Number.isSafeInteger(id) && !ids.includes(id)) ids.push(id);
  }
  return ids.length > 0 ? ids : null;
}

function dateRange(value: string | null): { start: string; end: string } | null {
  const parts = value?.split(',') ?? [];
  if (parts.length !== 2) return null;
  const start = isoDate(parts[0] ?? null);
  const end = isoDate(parts[1] ?? null);
  return start !== null && end !== null && start <= end ? { start, end } : null;
}

function dateList(value: string | null): string[] | null {
  if (value === null) return null;
  const dates = [...new Set(value.split(',').map((entry) => isoDate(entry)))].filter((date): date is string => date !== null).sort();
  return dates.length > 0 ? dates : null;
}

/** A real calendar date written yyyy-MM-dd (2026-02-30 is not one), else null. */
function isoDate(value: string | null): string | null {
  const text = value?.trim() ?? '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text : null;
}
