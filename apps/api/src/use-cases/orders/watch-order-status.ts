/**
 * GET /api/restaurants/:restaurantId/orders/:id/events?token=…: a placed order's status for the
 * diner's confirmation, as server-sent events, from "placed" to "ready" and on until it is done, with
 * how many partial refunds it has (a new one is sent too, so the confirmation shows it at once).
 *
 * How: the diner's secret is checked once, as for GET /api/orders/:id (get-order.ts). Then the stream
 * listens to the process's order-event hub (ports/order-events.ts, docs/decisions/0058), which reads
 * every process's changes from the database five times a second; an event of this order reads its row
 * again and a change is sent. So a diner hears of "ready" within about half a second, from whichever
 * process staff used, and a quiet order costs no query at all (the hub reads once per process, not
 * once per diner). The stream ends once the order can no longer change for the diner (completed,
 * cancelled, refunded), when the diner leaves, or after `maxMs` (the browser's EventSource then
 * connects again).
 */
import type { OrderStatus } from '@servery/domain/order-lifecycle';
import { findOrder } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import type { OrderEventHub } from '../../ports/order-events';
import { getOrderForDiner } from './get-order';
import { storedOrderOf } from './order-view';

const KEEP_ALIVE_MS = 15_000;
const MAX_STREAM_MS = 30 * 60_000;
const FINAL: ReadonlySet<OrderStatus> = new Set(['completed', 'cancelled', 'refunded']);

/**
 * What the diner's confirmation follows: the status, how many partial refunds were given, and when it
 * is brought or ready (a suite order's time follows its event's moved times: suites/event-start-moves.ts).
 */
export interface DinerOrderState {
  status: OrderStatus;
  refunds: number;
  pickup_time: string | null;
}

export interface StatusStreamSink {
  status: (state: DinerOrderState) => void;
  /** A comment line that keeps proxies from closing a quiet connection. */
  keepAlive: () => void;
}

export interface OrderStatusWatch {
  state: DinerOrderState;
  /** Sends every later change until the order is done, `signal` aborts, or the stream is old enough. */
  follow: (sink: StatusStreamSink, signal: AbortSignal) => Promise<void>;
}

export async function watchOrderStatus(
  db: Executor,
  hub: OrderEventHub,
  restaurant: Restaurant,
  orderId: string,
  token: string,
  { maxMs = MAX_STREAM_MS }: { maxMs?: number } = {},
): Promise<OrderStatusWatch> {
  // Unknown order, another restaurant's or a wrong token: ORDER_NOT_FOUND, before any event is sent.
  const first = await getOrderForDiner(db, restaurant, orderId, token);
  const state: DinerOrderState = { status: first.status, refunds: first.refunds?.length ?? 0, pickup_time: first.pickup_time };
  const read = async (last: DinerOrderState): Promise<DinerOrderState> => {
    const row = await findOrder(db, restaurant.id, orderId);
    return row
      ? { status: row.status as OrderStatus, refunds: storedOrderOf(row).refunds?.length ?? 0, pickup_time: row.pickup_time }
      : last;
  };
  return {
    state,
    follow: async (sink, signal) => {
      if (FINAL.has(state.status)) return;
      const waker = wakeUps(signal);
      const subscription = hub.subscribe(restaurant.id, (event) => {
        if (event.orderId === orderId) waker.wake();
      });
      try {
        await subscription.ready;
        // A change committed between the first read and the hub's start: read once more.
        waker.wake();
        let last = state;
        const until = Date.now() + maxMs;
        while (!FINAL.has(last.status) && !signal.aborted && Date.now() < until) {
          const woken = await waker.next(Math.min(KEEP_ALIVE_MS, until - Date.now()));
          if (signal.aborted) return;
          if (!woken) {
            sink.keepAlive();
            continue;
          }
          const seen = await read(last);
          if (seen.status !== last.status || seen.refunds !== last.refunds || seen.pickup_time !== last.pickup_time) {
            last = seen;
            sink.status(seen);
          }
        }
      } finally {
        subscription.close();
      }
    },
  };
}

/**
 * Wake-ups that coalesce: any number of `wake` calls before `next` make one wake-up. `next` answers
 * true when woken, false when `ms` passed first; an abort ends the wait.
 */
function wakeUps(signal: AbortSignal): { wake: () => void; next: (ms: number) => Promise<boolean> } {
  let pending = false;
  let resolve: ((woken: boolean) => void) | null = null;
  const settle = (woken: boolean) => {
    const waiting = resolve;
    resolve = null;
    waiting?.(woken);
  };
  signal.addEventListener('abort', () => settle(false), { once: true });
  return {
    wake() {
      if (resolve) settle(true);
      else pending = true;
    },
    next(ms) {
      if (pending || signal.aborted) {
        pending = false;
        return Promise.resolve(!signal.aborted);
      }
      return new Promise<boolean>((done) => {
        const timer = setTimeout(() => settle(false), ms);
        resolve = (woken) => {
          clearTimeout(timer);
          done(woken);
        };
      });
    },
  };
}
