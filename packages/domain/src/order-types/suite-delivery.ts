/**
 * When an event-day suite order is brought to the suite (docs/decisions/0130-event-day-suite-delivery.md).
 * Pure: the server's clock (`now`, app.now()) is passed in, never the browser's.
 *
 * Readings:
 * 1. Placed before the event starts (the operator ordering for guests hours ahead, on event day), it is
 *    brought at the event's start: the suite is empty before then. The venue data has no separate
 *    "suite opens" time; if it gains one, this is the one place to read it.
 * 2. Placed from the start on (during the event), it is brought as soon as it is ready: no instant is
 *    kept (`deliverAt` null, like every ASAP order; the kitchen's board and ticket say "ASAP").
 * 3. A delivery preference the checkout names (before the event, its start, half-time, a chosen time
 *    inside the event; event-suites.ts reading 3) is kept while that moment is still ahead; once it has
 *    passed, the order comes as soon as possible rather than at an instant already gone.
 * 4. A named preference that the event's times refuse (a chosen time outside the event) is refused as
 *    for a pre-order (SUITE_DELIVERY_TIME_INVALID), whatever the clock says.
 * 5. When the event's times move (the venue's data edited and imported, or published from the staff
 *    console; decision 0130's amendments), a suite order brought at a moment read from them follows:
 *    `followMovedEvent`. That is a pre-order or an event-day order brought before the event, at its
 *    start or at half-time (half-way between start and end, so a new end moves it too), whose stored
 *    instant is that moment of the old times. It follows only while nobody has started on it (placed
 *    or accepted) and its old moment is still ahead: one being made or ready was made for the old time
 *    and the kitchen, who can see it, decides; one whose moment has come is on its way. A chosen clock
 *    time (custom) stays while it is still inside the event's new times (the diner chose the hour); once
 *    outside them it keeps its place in the event, moved as the start moved and kept between the new
 *    start and end. An as-soon-as-possible order, one completed, cancelled or refunded, and one whose
 *    instant was set by an earlier edit's times stay as they are. A new moment already past by the
 *    server's clock makes an event-day order as soon as possible (reading 2); a pre-order keeps the
 *    instant, due now (it is stored as catering, always with a time).
 */
import { eventEnd, type SuiteDeliveryPreference, suiteDeliveryTime, type SuiteEventTimes } from '../event-suites';
import type { OrderStatus } from '../order-lifecycle';
import type { SuiteOrderKind } from '../order-type';

export type EventDayDelivery =
  | {
      ok: true;
      /** The instant it is brought; null: as soon as possible. */
      deliverAt: Date | null;
      /** The preference the instant stands for (what the receipt names); null with an instant: a chosen time. */
      preference: SuiteDeliveryPreference | null;
    }
  | { ok: false; error: 'SUITE_DELIVERY_TIME_INVALID'; field: 'deliveryTime' | 'deliveryPreference' };

const ASAP: EventDayDelivery = { ok: true, deliverAt: null, preference: null };

export function eventDayDelivery(
  event: Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>,
  now: Date,
  chosen: { preference: SuiteDeliveryPreference | null | undefined; time: string | null | undefined } = {
    preference: null,
    time: null,
  },
): EventDayDelivery {
  if (chosen.preference) {
    const named = suiteDeliveryTime(chosen.preference, chosen.time, event);
    if (!named.ok) return named;
    if (named.deliverAt.getTime() <= now.getTime()) return ASAP;
    return { ok: true, deliverAt: named.deliverAt, preference: chosen.preference };
  }
  const start = new Date(event.starts_at);
  if (now.getTime() < start.getTime()) return { ok: true, deliverAt: start, preference: 'event_start' };
  return ASAP;
}

/** A suite order as stored, as far as reading 5 needs it. */
export interface SuiteOrderDelivery {
  kind: SuiteOrderKind;
  status: OrderStatus;
  /** The instant it is brought (ISO); null: as soon as possible. */
  deliverAt: string | null;
  deliveryPreference: SuiteDeliveryPreference | null;
}

/** Reading 5: nobody has started making it, so its time can still change. */
export const FOLLOWING_STATUSES = ['placed', 'accepted'] as const satisfies readonly OrderStatus[];

type EventTimes = Pick<SuiteEventTimes, 'starts_at' | 'ends_at'>;

/**
 * Reading 5: when a suite order is brought once its event's times have moved from `from` to `to`
 * (instants in any offset); null when it stays as it is.
 */
export function followMovedEvent(
  order: SuiteOrderDelivery,
  from: EventTimes,
  to: EventTimes,
  now: Date,
): { deliverAt: Date | null; preference: SuiteDeliveryPreference | null } | null {
  const preference = order.deliveryPreference;
  if (!(FOLLOWING_STATUSES as readonly OrderStatus[]).includes(order.status)) return null;
  if (preference === null || order.deliverAt === null) return null;
  const stored = Date.parse(order.deliverAt);
  if (stored <= now.getTime()) return null;
  const target = preference === 'custom' ? movedChoice(stored, from, to) : movedMoment(preference, stored, from, to);
  if (target === null || target === stored) return null;
  if (target <= now.getTime() && order.kind === 'event_day') return { deliverAt: null, preference: null };
  return { deliverAt: new Date(target), preference };
}

/** A named moment of the new times, when the order's instant is that moment of the old ones; else null. */
function movedMoment(preference: SuiteDeliveryPreference, stored: number, from: EventTimes, to: EventTimes): number | null {
  const [was, is] = [suiteDeliveryTime(preference, null, from), suiteDeliveryTime(preference, null, to)];
  if (!was.ok || !is.ok || stored !== was.deliverAt.getTime()) return null;
  return is.deliverAt.getTime();
}

/** A chosen clock time: kept inside the new times, else moved as the start moved and kept between the new start and end. */
function movedChoice(stored: number, from: EventTimes, to: EventTimes): number {
  const [start, end] = [Date.parse(to.starts_at), eventEnd(to).getTime()];
  if (stored >= start && stored <= end) return stored;
  const shifted = stored + (start - Date.parse(from.starts_at));
  return Math.min(Math.max(shifted, start), end);
}
