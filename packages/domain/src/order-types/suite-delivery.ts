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
 * 5. When the event's start moves (the venue's data edited and imported, or published from the staff
 *    console; amendment to decision 0130), an event-day order brought "at the event's start" follows
 *    the new start: `followEventStart`. Only one still to be brought (placed to ready) whose instant is
 *    the old start with the preference event_start; an as-soon-as-possible order, one at another
 *    moment (half-time, a chosen time) and one completed, cancelled or refunded stay as they are. A new
 *    start already past by the server's clock makes it as soon as possible (reading 2).
 */
import { type SuiteDeliveryPreference, suiteDeliveryTime, type SuiteEventTimes } from '../event-suites';
import { IN_PROGRESS_STATUSES, type OrderStatus } from '../order-lifecycle';

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

/** An event-day order as stored, as far as reading 5 needs it. */
export interface EventDayOrderDelivery {
  status: OrderStatus;
  /** The instant it is brought (ISO); null: as soon as possible. */
  deliverAt: string | null;
  deliveryPreference: SuiteDeliveryPreference | null;
}

/**
 * Reading 5: when an event-day order is brought once its event's start has moved from `from` to `to`
 * (ISO instants, any offset); null when it stays as it is.
 */
export function followEventStart(
  order: EventDayOrderDelivery,
  from: string,
  to: string,
  now: Date,
): { deliverAt: Date | null; preference: SuiteDeliveryPreference | null } | null {
  const [before, after] = [new Date(from), new Date(to)];
  if (before.getTime() === after.getTime()) return null;
  if (!(IN_PROGRESS_STATUSES as readonly OrderStatus[]).includes(order.status)) return null;
  if (order.deliveryPreference !== 'event_start' || order.deliverAt === null) return null;
  if (new Date(order.deliverAt).getTime() !== before.getTime()) return null;
  if (after.getTime() <= now.getTime()) return { deliverAt: null, preference: null };
  return { deliverAt: after, preference: 'event_start' };
}
