/**
 * Order events (docs/decisions/0026-order-events.md). `recordOrderEvent` (db/order-events-repository.ts)
 * writes the event in the caller's transaction; a suite tab's change (balance, limit, closing, settlement;
 * docs/decisions/0029-suite-tab-closing.md) is written by a trigger on the tab's row into
 * `suite_tab_changes` (migration 0025), in the changing transaction too. Each server process's hub
 * reads both tables past the last change it saw, several times a second while anyone listens
 * (docs/decisions/0058-live-changes-without-notify.md): nothing in an order's transaction notifies,
 * so committing an order takes no lock on the whole database, and a change that rolls back is never
 * read. The same on SQLite and PostgreSQL.
 */
import { AsyncResource } from 'node:async_hooks';
import { ORDER_EVENT_TYPES, type OrderEventType } from '../kernel/order-events';
import type { ChangeRow, EventRow, TabRow, Tail } from '../kernel/live-changes';

declare module 'fastify' {
  interface FastifyInstance {
    orderEvents: OrderEventHub;
  }
}

// The kinds live below db/ and ports/ (kernel/order-events.ts); use cases name them from here.
export { ORDER_EVENT_TYPES, type OrderEventType };

export interface OrderEvent {
  id: string;
  restaurantId: number;
  orderId: string;
  type: OrderEventType;
}

/** A suite tab changed: its balance, limit, preference, closing or settlement (the listener reads it again). */
export interface SuiteTabEvent {
  restaurantId: number;
  eventSuiteId: number;
}

type HubEvent = ({ kind: 'order' } & OrderEvent) | ({ kind: 'tab' } & SuiteTabEvent);

function isOrderEventType(value: unknown): value is OrderEventType {
  return typeof value === 'string' && (ORDER_EVENT_TYPES as readonly string[]).includes(value);
}

export interface Subscription {
  ready: Promise<void>;
  close: () => void;
}

export interface OrderEventHub {
  /**
   * Calls `listener` for every order event of the restaurant until `close`. `ready` resolves once
   * the hub knows where it starts reading (every change committed after that reaches it), so a caller can say "live" truthfully.
   */
  subscribe(restaurantId: number, listener: (event: OrderEvent) => void): Subscription;
  /** The same for the restaurant's suite tabs. */
  subscribeTabs(restaurantId: number, listener: (event: SuiteTabEvent) => void): Subscription;
  close(): Promise<void>;
}

/** How often a hub with listeners reads what changed: a board hears of an order well within a second. */
export const LIVE_POLL_MS = 200;
/** At most this many changes per read; a full batch is followed at once by the next. */
export const LIVE_BATCH = 500;
/**
 * PostgreSQL hands out a row's `seq` when the row is written, not when its transaction commits: a
 * number skipped by a read may still commit (a slower transaction) or never will (a rolled-back
 * one). The hub asks for each skipped number again on every read for this long; an order's
 * transaction lasts milliseconds.
 */
const GAP_WAIT_MS = 10_000;
const MAX_GAPS = 10_000;
/** Tab changes are only a signal: rows older than this are deleted (by whichever hub is reading). */
const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * Takes a read's rows (ordered by seq) into the tail: the rows not seen before, in order. Skipped
 * numbers are remembered as gaps until they turn up or GAP_WAIT_MS passes.
 */
export function takeChanges<T extends ChangeRow>(tail: Tail, rows: T[], nowMs: number): T[] {
  const fresh: T[] = [];
  for (const row of rows) {
    const seq = Number(row.seq);
    if (tail.gaps.delete(seq)) {
      fresh.push(row);
      continue;
    }
    if (seq <= tail.last) continue;
    for (let missing = tail.last + 1; missing < seq && tail.gaps.size < MAX_GAPS; missing += 1) tail.gaps.set(missing, nowMs);
    tail.last = seq;
    fresh.push(row);
  }
  for (const [seq, since] of tail.gaps) if (nowMs - since > GAP_WAIT_MS) tail.gaps.delete(seq);
  return fresh;
}

/**
 * The hub's reads (db/live-changes-repository.ts, handed in by app.ts): where each table ends now,
 * the rows past a tail, at most LIVE_BATCH of them, and the pruning of old tab changes.
 */
export interface LiveChanges {
  acrossTenants<T>(read: () => Promise<T>): Promise<T>;
  starts(): Promise<{ events: number; tabs: number }>;
  events(tail: Tail): Promise<EventRow[]>;
  tabs(tail: Tail): Promise<TabRow[]>;
  prune(): Promise<void>;
}

/** The process's hub: reads the changes past the last it saw while anyone subscribes, and tells them. */
export function orderEventHub(queries: LiveChanges, { pollMs = LIVE_POLL_MS }: { pollMs?: number } = {}): OrderEventHub {
  const listeners = new Map<number, Set<(event: HubEvent) => void>>();
  let count = 0;
  let closed = false;
  let tails: { events: Tail; tabs: Tail } | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  const deliver = (event: HubEvent) => {
    for (const listener of listeners.get(event.restaurantId) ?? []) listener(event);
  };

  // One read of both tables; true when a batch came back full (read again at once).
  const read = async (): Promise<boolean> => {
    if (!tails) {
      const starts = await queries.starts();
      tails = { events: { last: starts.events, gaps: new Map() }, tabs: { last: starts.tabs, gaps: new Map() } };
      return false;
    }
    const { events: eventTail, tabs: tabTail } = tails;
    const [eventRows, tabRows] = [await queries.events(eventTail), await queries.tabs(tabTail)];
    const now = Date.now();
    for (const row of takeChanges(eventTail, eventRows, now)) {
      if (isOrderEventType(row.type))
        deliver({ kind: 'order', id: row.id, restaurantId: row.restaurant_id, orderId: row.order_id, type: row.type });
    }
    for (const row of takeChanges(tabTail, tabRows, now))
      deliver({ kind: 'tab', restaurantId: row.restaurant_id, eventSuiteId: row.event_suite_id });
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await queries.prune();
    }
    return eventRows.length === LIVE_BATCH || tabRows.length === LIVE_BATCH;
  };

  // Subscribers waiting for the hub to know where it starts (or for its first attempt to fail).
  let waiters: Array<() => void> = [];
  const settleWaiters = () => {
    const waiting = waiters;
    waiters = [];
    for (const resolve of waiting) resolve();
  };

  // Reads across tenants: the hub serves every restaurant a subscriber of this process watches.
  const readOnce = (): Promise<void> =>
    (running ??= queries
      .acrossTenants(read)
      .then(
        (full) => ({ full, failed: false }),
        // The database is away: the next read tries again.
        () => ({ full: false, failed: true }),
      )
      .then(({ full, failed }) => {
        running = null;
        if (tails || failed) settleWaiters();
        schedule(full ? 0 : pollMs);
      }));

  const schedule = (delay: number) => {
    if (closed || count === 0 || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void readOnce();
    }, delay);
    timer.unref();
  };

  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    // Started again later, a hub reads from the changes of that moment.
    tails = null;
  };

  const add = (restaurantId: number, given: (event: HubEvent) => void): Subscription => {
    // The listener runs in its subscriber's context (its request's data scope, db/data-scope.ts),
    // not in that of whichever read found the change.
    const listener = AsyncResource.bind(given);
    count += 1;
    let set = listeners.get(restaurantId);
    if (!set) listeners.set(restaurantId, (set = new Set()));
    set.add(listener);
    // Ready once the hub knows where it starts: every change committed after that reaches the listener.
    const ready = tails
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiters.push(resolve);
          void readOnce();
        });
    let done = false;
    return {
      ready,
      close: () => {
        if (done) return;
        done = true;
        set.delete(listener);
        count -= 1;
        if (count === 0) stop();
      },
    };
  };

  return {
    subscribe(restaurantId, listener) {
      return add(restaurantId, (event) => {
        if (event.kind === 'order') listener({ id: event.id, restaurantId: event.restaurantId, orderId: event.orderId, type: event.type });
      });
    },
    subscribeTabs(restaurantId, listener) {
      return add(restaurantId, (event) => {
        if (event.kind === 'tab') listener({ restaurantId: event.restaurantId, eventSuiteId: event.eventSuiteId });
      });
    },
    async close() {
      closed = true;
      listeners.clear();
      count = 0;
      stop();
      settleWaiters();
      await running;
    },
  };
}
