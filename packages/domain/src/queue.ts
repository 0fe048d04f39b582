/**
 * The kitchen queue behind the menu's queue banner and GET /orders/get-next-order-queue-time
 * (spec ordering.md sections 2 and 7: "queue banner", "GET /orders/get-next-order-queue-time").
 *
 * The spec names the banner and the endpoint only; the spec's checkout offers "takeout scheduling
 * (ASAP or date and time)". Which orders are ahead of a new one is this reading, the contract:
 * an order is ahead of a new as-soon-as-possible order when the kitchen must make it first, that is
 * when it is not yet done (`QUEUED_STATUSES`; a ready, completed, cancelled or refunded order is not)
 * and its time is now or due within the preparation window:
 * - an order asked for as soon as possible (or with no time at all, a table's) is due now: ahead;
 * - an order for a chosen date and time (a takeout slot, a school day, a suite's delivery time) is
 *   ahead only when that ready time falls before the new order's earliest ready time,
 *   `queueReadyBy(now, asapAhead, minutesPerOrder)`: now plus the as-soon-as-possible orders ahead
 *   and the new one, each taking the restaurant's minutes per order. An order for tomorrow at 6 p.m.
 *   is not ahead of one placed now.
 * Times are the server's clock (`now` is a parameter).
 *
 * Two bounds keep the count honest and its cost flat (decision 0136):
 * - an order still open `QUEUE_LOOKBACK_HOURS` after it was placed (as soon as possible) or after
 *   its chosen time is one the kitchen made and never marked done (a restaurant that works from
 *   printed tickets may never touch the board): it is not ahead of anything;
 * - the count stops at `QUEUE_COUNT_CAP` orders. A kitchen that many orders behind is past any
 *   wait a diner would accept; counting further changes nothing a diner can use, and would make
 *   every new order's count cost more the further behind the kitchen falls.
 */

const MINUTE_MS = 60_000;

/** Hours after which an order not marked done no longer counts as ahead (see above). */
export const QUEUE_LOOKBACK_HOURS = 6;

/** The most orders the queue counts as ahead (see above). */
export const QUEUE_COUNT_CAP = 100;

/** The earliest placing time (as soon as possible) or chosen time an order ahead can have. */
export function queueLookbackStart(now: Date): Date {
  return new Date(now.getTime() - QUEUE_LOOKBACK_HOURS * 60 * MINUTE_MS);
}

/** Orders that still hold the kitchen's attention, ahead of a new one. */
export const QUEUED_STATUSES = ['placed', 'accepted', 'preparing'] as const;

/**
 * Minutes until a new order would be ready: the orders ahead of it and itself, each taking the
 * restaurant's minutes per order.
 */
export function queueWaitMinutes(ordersAhead: number, minutesPerOrder: number): number {
  return (Math.max(0, Math.trunc(ordersAhead)) + 1) * minutesPerOrder;
}

/**
 * The new as-soon-as-possible order's earliest ready time: `now` plus the wait of the
 * as-soon-as-possible orders ahead of it. An order for a chosen time strictly before this instant is
 * ahead of it too; one at or after it is not.
 */
export function queueReadyBy(now: Date, asapAhead: number, minutesPerOrder: number): Date {
  return new Date(now.getTime() + queueWaitMinutes(asapAhead, minutesPerOrder) * MINUTE_MS);
}
