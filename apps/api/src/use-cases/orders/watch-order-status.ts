/**
 * GET /api/restaurants/:restaurantId/orders/:id/events?token=…: a placed order's status for the
 * diner's confirmation, as server-sent events, from "placed" to "ready" and on until it is done, with
 * how many partial refunds it has (a new one is sent too, so the confirmation shows it at once).
 *
 * How: the diner's secret is checked once, as for GET /api/orders/:id (get-order.ts), then the order's
 * row is read again every `intervalMs` and a change is sent. Reading the row works the same on SQLite
 * and PostgreSQL and across several server processes (docs/ARCHITECTURE: live events go through the
 * database, never one process's memory); a PostgreSQL LISTEN/NOTIFY wake-up can replace the timer
 * later without changing what the stream says. The stream ends once the order can no longer change
 * for the diner (completed, cancelled, refunded), when the diner leaves, or after `maxMs` (the
 * browser's EventSource then connects again).
 */
import type { OrderStatus } from '@servery/domain/order-lifecycle';
import { findOrder } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Executor } from '../../kernel/executor';
import { getOrderForDiner } from './get-order';
import { storedOrderOf } from './order-view';

export const STATUS_POLL_MS = 2_000;
const KEEP_ALIVE_MS = 15_000;
const MAX_STREAM_MS = 30 * 60_000;
const FINAL: ReadonlySet<OrderStatus> = new Set(['completed', 'cancelled', 'refunded']);

/** What the diner's confirmation follows: the status and how many partial refunds were given. */
export interface DinerOrderState {
  status: OrderStatus;
  refunds: number;
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
  restaurant: Restaurant,
  orderId: string,
  token: string,
  { intervalMs = STATUS_POLL_MS, maxMs = MAX_STREAM_MS }: { intervalMs?: number; maxMs?: number } = {},
): Promise<OrderStatusWatch> {
  // Unknown order, another restaurant's or a wrong token: ORDER_NOT_FOUND, before any event is sent.
  const first = await getOrderForDiner(db, restaurant, orderId, token);
  const state: DinerOrderState = { status: first.status, refunds: first.refunds?.length ?? 0 };
  return {
    state,
    follow: async (sink, signal) => {
      let last = state;
      let quiet = 0;
      for (let waited = 0; !FINAL.has(last.status) && waited < maxMs && !signal.aborted; waited += intervalMs) {
        await sleep(intervalMs, signal);
        if (signal.aborted) return;
        const row = await findOrder(db, restaurant.id, orderId);
        const seen: DinerOrderState = row ? { status: row.status as OrderStatus, refunds: storedOrderOf(row).refunds?.length ?? 0 } : last;
        if (seen.status !== last.status || seen.refunds !== last.refunds) {
          last = seen;
          quiet = 0;
          sink.status(seen);
        } else if ((quiet += intervalMs) >= KEEP_ALIVE_MS) {
          quiet = 0;
          sink.keepAlive();
        }
      }
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
