/**
 * GET /api/auth/orders/events: the signed-in diner's orders still in progress, live, for the profile's
 * lists and order detail (docs/decisions/0113-diner-order-status-stream.md). One stream per page, not
 * one per order: it follows every order of the user still moving (placed, accepted, preparing, ready),
 * at whichever restaurants they were placed, as the profile's lists span them (or at the one restaurant
 * the caller names).
 *
 * How: the user's orders in progress are read once; the stream listens to the process's order-event
 * hub for each of their restaurants (ports/order-events.ts, read from the database five times a
 * second, docs/decisions/0058), and an event of one of those orders reads their statuses again,
 * by the user's id, so no other user's order is ever read or sent. Events that come together make one
 * read. The first read sends where each order stands (a move between the page's load and the stream's
 * start is not lost); later reads send the changes: a new status, or a new time (`pickup_time`: a suite
 * order's time moves with its event's, a 'rescheduled' event, as watch-order-status.ts sends it to the
 * order's own screen). An order that is done (completed, cancelled, refunded) is followed no longer,
 * and once none is left the stream says `done` and ends.
 */
import type { DinerOrderStatusEvent } from '@servery/contracts/orders';
import { isOrderStatus } from '@servery/domain/order-lifecycle';
import { listUserOrdersInProgress, userOrderStatuses } from '../../db/accounts-repository';
import type { Executor } from '../../kernel/executor';
import type { OrderEventHub } from '../../ports/order-events';

/** At most this many orders are followed: a diner has a handful in progress, never hundreds. */
export const FOLLOWED_ORDERS = 50;
const MOVING: ReadonlySet<string> = new Set(['placed', 'accepted', 'preparing', 'ready']);

export interface DinerOrdersSink {
  status: (event: DinerOrderStatusEvent) => void;
  /** No order is left moving: the stream ends. */
  done: () => void;
  failed: (error: unknown) => void;
}

export interface DinerOrdersWatch {
  /** Resolves once the hub hears every change committed from now on. */
  ready: Promise<void>;
  /** Where each order stands, then each change, until none is left moving or `close`. */
  start: (sink: DinerOrdersSink) => void;
  close: () => void;
}

export async function watchDinerOrders(
  db: Executor,
  hub: OrderEventHub,
  userId: number,
  restaurantId: number | null = null,
): Promise<DinerOrdersWatch> {
  const first = await listUserOrdersInProgress(db, userId, FOLLOWED_ORDERS, restaurantId);
  // What each followed order's last sent status and time were; null until the first read sends them.
  const sent = new Map<string, { status: string; pickup_time: string | null } | null>(first.map((row) => [row.id, null]));
  let sink: DinerOrdersSink | null = null;
  let closed = false;
  let running = false;
  let again = false;

  const read = async (to: DinerOrdersSink) => {
    const rows = await userOrderStatuses(db, userId, [...sent.keys()]);
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.id);
      if (closed || !isOrderStatus(row.status)) continue;
      const last = sent.get(row.id);
      if (last?.status !== row.status || last.pickup_time !== row.pickup_time) {
        to.status({ orderId: row.id, status: row.status, pickup_time: row.pickup_time });
      }
      if (MOVING.has(row.status)) sent.set(row.id, { status: row.status, pickup_time: row.pickup_time });
      else sent.delete(row.id);
    }
    // An order gone from the user's (erased with the account's data): nothing more to say about it.
    for (const id of [...sent.keys()]) if (!seen.has(id)) sent.delete(id);
    if (sent.size === 0 && !closed) to.done();
  };
  const wake = () => {
    if (!sink || closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    const to = sink;
    void (async () => {
      try {
        do {
          again = false;
          await read(to);
        } while (again && !closed);
      } catch (error) {
        if (!closed) to.failed(error);
      } finally {
        running = false;
      }
    })();
  };

  const subscriptions = [...new Set(first.map((row) => row.restaurant_id))].map((restaurantId) =>
    hub.subscribe(restaurantId, (event) => {
      if (sent.has(event.orderId)) wake();
    }),
  );
  return {
    ready: Promise.all(subscriptions.map((subscription) => subscription.ready)).then(() => undefined),
    start: (given) => {
      sink = given;
      wake();
    },
    close: () => {
      closed = true;
      for (const subscription of subscriptions) subscription.close();
    },
  };
}
