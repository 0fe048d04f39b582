/**
 * Event suites (spec accounts-and-suites.md section 4, "Suite flow"): when a suite's pre-order can
 * still be changed, what the owner's upcoming events show, when a suite order is delivered, and
 * whether an order fits the suite's tab. Pure: the server's clock is passed in.
 *
 * Readings:
 * 1. Pre-orders lock at the event's `pre_order_lock_at`: before it a pre-order can be placed and
 *    changed; from that instant on the server refuses both (PRE_ORDER_LOCKED).
 * 2. The upcoming-events states: a submitted pre-order before the lock is "modify until {lock}"
 *    (`modifiable`); before the lock without one, "not submitted" (`not_submitted`); from the lock on,
 *    `locked` whether or not one was submitted.
 * 3. Delivery preferences: before the event (ready 30 minutes before it starts), at its start, at
 *    half-time (half-way between start and end; an event without an end is taken to last 3 hours),
 *    or a chosen date and time, which must fall inside the event (from its start to its end).
 * 4. Event day (login-as, event-day orders): from midnight of the day the event starts, in the venue's
 *    time zone, until the event ends.
 * 5. A tab limit is in cents; null means no limit. An order fits when what the tab has taken plus the
 *    order stays at or under the limit; a refusal says what is left (never below 0). Pre-orders and
 *    event-day orders count against the same tab.
 * 6. The tab closes when the event ends (the server's clock; docs/decisions/0029-suite-tab-closing.md)
 *    or earlier when the operator closes it, from event day on. A closed tab takes no order.
 * 7. Settling a closed tab: what its live orders left to pay (each order's amount due; 0 for an order
 *    that needs no payment, pricing.md 5.5) is charged to the owner's saved card or invoiced, by the
 *    suite's event-day payment preference. Nothing due settles as such whatever the preference; a
 *    tab without a preference waits for the operator to submit one.
 * 8. An event stays listed for its owner and the operator until LISTED_DAYS_AFTER_END days after it
 *    ended, so both can see how its tab was settled.
 */
import { localDateTime, zonedInstant } from './price-schedule';

export const SUITE_DELIVERY_PREFERENCES = ['before_event', 'event_start', 'half_time', 'custom'] as const;
export type SuiteDeliveryPreference = (typeof SUITE_DELIVERY_PREFERENCES)[number];

export const PRE_ORDER_STATES = ['not_submitted', 'modifiable', 'locked'] as const;
export type PreOrderState = (typeof PRE_ORDER_STATES)[number];

export interface SuiteEventTimes {
  starts_at: string;
  ends_at?: string | null | undefined;
  pre_order_lock_at: string;
}

const MINUTE = 60_000;
/** Food for "before the event" is in the suite this long before the start. */
export const BEFORE_EVENT_MINUTES = 30;
/** An event without an end time is taken to last this long (for half-time and chosen times). */
export const DEFAULT_EVENT_MINUTES = 180;

export function eventEnd(event: Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>): Date {
  return event.ends_at ? new Date(event.ends_at) : new Date(Date.parse(event.starts_at) + DEFAULT_EVENT_MINUTES * MINUTE);
}

/** Reading 1: pre-orders are taken and changed strictly before the lock. */
export function isPreOrderOpen(event: Pick<SuiteEventTimes, 'pre_order_lock_at'>, now: Date): boolean {
  return now.getTime() < Date.parse(event.pre_order_lock_at);
}

/** Reading 2. */
export function preOrderState(event: Pick<SuiteEventTimes, 'pre_order_lock_at'>, submitted: boolean, now: Date): PreOrderState {
  if (!isPreOrderOpen(event, now)) return 'locked';
  return submitted ? 'modifiable' : 'not_submitted';
}

/** Whether the event is over: its tab closes (reading 6). */
export function hasEventEnded(event: Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>, now: Date): boolean {
  return now.getTime() >= eventEnd(event).getTime();
}

export type SuiteDeliveryResult =
  { ok: true; deliverAt: Date } | { ok: false; error: 'SUITE_DELIVERY_TIME_INVALID'; field: 'deliveryTime' | 'deliveryPreference' };

/** Reading 3: the instant a suite order is delivered, or why the choice is refused. */
export function suiteDeliveryTime(
  preference: SuiteDeliveryPreference | null | undefined,
  chosen: string | null | undefined,
  event: Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>,
): SuiteDeliveryResult {
  const start = Date.parse(event.starts_at);
  const end = eventEnd(event).getTime();
  switch (preference) {
    case 'before_event':
      return { ok: true, deliverAt: new Date(start - BEFORE_EVENT_MINUTES * MINUTE) };
    case 'event_start':
      return { ok: true, deliverAt: new Date(start) };
    case 'half_time':
      return { ok: true, deliverAt: new Date(start + Math.round((end - start) / 2 / MINUTE) * MINUTE) };
    case 'custom': {
      const at = chosen ? Date.parse(chosen) : Number.NaN;
      if (Number.isNaN(at) || at < start || at > end) return { ok: false, error: 'SUITE_DELIVERY_TIME_INVALID', field: 'deliveryTime' };
      return { ok: true, deliverAt: new Date(at) };
    }
    default:
      return { ok: false, error: 'SUITE_DELIVERY_TIME_INVALID', field: 'deliveryPreference' };
  }
}

export type TabCheck = { ok: true; remaining: number | null } | { ok: false; error: 'TAB_LIMIT_EXCEEDED'; remaining: number };

/** Reading 5: whether `amount` more cents fit on a tab that has taken `spent` of `limit`. */
export function checkTab(limit: number | null, spent: number, amount: number): TabCheck {
  if (limit === null) return { ok: true, remaining: null };
  if (spent + amount > limit) return { ok: false, error: 'TAB_LIMIT_EXCEEDED', remaining: Math.max(0, limit - spent) };
  return { ok: true, remaining: limit - spent - amount };
}

/** What is left on a tab; null without a limit. */
export function tabRemaining(limit: number | null, spent: number): number | null {
  return limit === null ? null : Math.max(0, limit - spent);
}

/** Reading 4. */
export function isEventDay(event: Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>, zone: string, now: Date): boolean {
  const day = localDateTime(new Date(event.starts_at), zone);
  const midnight = zonedInstant(zone, day.year, day.month, day.day, 0, 0);
  return now.getTime() >= midnight.getTime() && now.getTime() < eventEnd(event).getTime();
}

/**
 * An event's moment as an ISO instant. A tenant file writes it as the venue's wall clock
 * ("2026-12-12T19:30", read in `zone` with the zone's rules in force, so the event stays at 7:30 p.m.
 * when a province changes its clocks) or as an instant with its offset, which is kept as written.
 */
export function eventInstant(text: string, zone: string): string {
  const wall = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/.exec(text);
  if (!wall) return text;
  const [year, month, day, hour, minute, second = '0', fraction = '0'] = wall.slice(1);
  const start = zonedInstant(zone, Number(year), Number(month), Number(day), Number(hour), Number(minute));
  return new Date(start.getTime() + Number(second) * 1000 + Number(fraction.padEnd(3, '0'))).toISOString();
}

/**
 * The same wall-clock time `days` days later in `zone` (a demo event moved to the import day,
 * use-cases/platform/import-tenants.ts); DST-safe because it moves the local date, not 24-hour steps.
 */
export function shiftLocalDays(iso: string, zone: string, days: number): string {
  const local = localDateTime(new Date(iso), zone);
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return zonedInstant(zone, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), local.hour, local.minute).toISOString();
}

/** Whole local days from the day of `iso` to the day of `now`, in `zone`. */
export function localDaysBetween(iso: string, now: Date, zone: string): number {
  const from = localDateTime(new Date(iso), zone);
  const to = localDateTime(now, zone);
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);
}

/** Reading 6: an operator may close the tab from the start of event day on (and the clock does at the end). */
export function canCloseTab(event: Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>, zone: string, now: Date): boolean {
  return isEventDay(event, zone, now) || hasEventEnded(event, now);
}

export type EventDayPaymentPreference = 'charge' | 'invoice';

export type TabSettlementPlan =
  | { action: 'nothing_due'; amount: 0 }
  | { action: 'awaiting_preference'; amount: number }
  | { action: EventDayPaymentPreference; amount: number };

/** Reading 7: what settling a closed tab does, from the amounts its live orders left to pay. */
export function planTabSettlement(preference: EventDayPaymentPreference | null, amountsDue: readonly number[]): TabSettlementPlan {
  const amount = amountsDue.reduce((sum, due) => sum + Math.max(0, due), 0);
  if (amount === 0) return { action: 'nothing_due', amount: 0 };
  if (preference === null) return { action: 'awaiting_preference', amount };
  return { action: preference, amount };
}

/** The invoice of an event suite's tab: one tab, one invoice, so its number is the event suite's. */
export function tabInvoiceNumber(eventSuiteId: number): string {
  return `INV-${eventSuiteId}`;
}

/** Reading 8. */
export const LISTED_DAYS_AFTER_END = 14;

export function isEventListed(event: Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>, now: Date): boolean {
  return now.getTime() < eventEnd(event).getTime() + LISTED_DAYS_AFTER_END * 86_400_000;
}
