/**
 * Order events (docs/decisions/0026-order-events.md). `recordOrderEvent` writes the event in the
 * caller's transaction. Listeners hear of it through the hub of their server process: on PostgreSQL
 * the table's trigger NOTIFYs every process at commit and each hub LISTENs; on SQLite (one process)
 * the writer tells the process's listeners at once. A listener there that reads the database waits
 * for the writing transaction, since Kysely holds SQLite's one connection until it ends, so it
 * never reads before the commit.
 *
 * The same channel and hub carry a suite tab's changes (balance, limit, closing, settlement;
 * docs/decisions/0029-suite-tab-closing.md): on PostgreSQL the tab row's trigger (migration 0017),
 * on SQLite `announceTabChange` from the repository function that changed the row.
 */
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { PostgresAdapter } from 'kysely';
import { rowShape, writeCompiled } from '../db/compiled-queries';
import type { Db } from '../db/database';
import type { Executor } from './payments';
import { queueWebhookDeliveries } from './webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    orderEvents: OrderEventHub;
  }
}

export const ORDER_EVENT_TYPES = ['placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled', 'refunded'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

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

const CHANNEL = 'servery_order_events';
/** SQLite's listeners: one process holds the database, so one emitter in it reaches them all. */
const local = new EventEmitter();
local.setMaxListeners(0);

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function isOrderEventType(value: unknown): value is OrderEventType {
  return typeof value === 'string' && (ORDER_EVENT_TYPES as readonly string[]).includes(value);
}

export async function recordOrderEvent(
  db: Executor,
  event: { restaurantId: number; orderId: string; type: OrderEventType; actorUserId?: number | null; reason?: string | null },
  now: Date,
): Promise<void> {
  const id = randomUUID();
  const row = {
    id,
    restaurant_id: event.restaurantId,
    order_id: event.orderId,
    type: event.type,
    actor_user_id: event.actorUserId ?? null,
    reason: event.reason ?? null,
    at: now.toISOString(),
  };
  // Every order and status change writes one: compiled once (db/compiled-queries.ts, decision 0048).
  const [shape, values] = rowShape('order_events', row);
  await writeCompiled(db, `insert ${shape}`, () => db.insertInto('order_events').values(row), values);
  // The restaurant's webhook endpoints get it too, queued in the same transaction (ports/webhooks.ts).
  await queueWebhookDeliveries(db, { id, restaurantId: event.restaurantId, orderId: event.orderId, type: event.type }, now);
  // PostgreSQL's trigger tells every process at commit; telling them now would be before it.
  if (!isPostgres(db)) {
    local.emit(CHANNEL, {
      kind: 'order',
      id,
      restaurantId: event.restaurantId,
      orderId: event.orderId,
      type: event.type,
    } satisfies HubEvent);
  }
}

/**
 * Called by the statement that changed a tab row, in its transaction. PostgreSQL's trigger on the
 * row tells every process at commit (a change that rolls back tells no one); on SQLite the process's
 * listeners hear it now and read the tab once the writer's transaction ends.
 */
export function announceTabChange(db: Executor, event: SuiteTabEvent): void {
  if (!isPostgres(db)) local.emit(CHANNEL, { kind: 'tab', ...event } satisfies HubEvent);
}

export interface Subscription {
  ready: Promise<void>;
  close: () => void;
}

export interface OrderEventHub {
  /**
   * Calls `listener` for every order event of the restaurant until `close`. `ready` resolves once
   * events reach this process (PostgreSQL: the LISTEN is in place), so a caller can say "live" truthfully.
   */
  subscribe(restaurantId: number, listener: (event: OrderEvent) => void): Subscription;
  /** The same for the restaurant's suite tabs. */
  subscribeTabs(restaurantId: number, listener: (event: SuiteTabEvent) => void): Subscription;
  close(): Promise<void>;
}

/** How long to wait before listening again after PostgreSQL's listening connection ended. */
const RELISTEN_MS = 1000;

/** The process's hub: LISTENs on PostgreSQL while anyone subscribes, relays the local emitter on SQLite. */
export function orderEventHub(database: Db): OrderEventHub {
  const listeners = new Map<number, Set<(event: HubEvent) => void>>();
  let count = 0;
  let unlisten: Promise<(() => Promise<void>) | null> | null = null;
  let closed = false;

  const deliver = (event: HubEvent) => {
    for (const listener of listeners.get(event.restaurantId) ?? []) listener(event);
  };
  const fromPayload = (payload: string) => {
    try {
      const parsed = JSON.parse(payload) as {
        kind?: unknown;
        id?: unknown;
        restaurant_id?: unknown;
        order_id?: unknown;
        type?: unknown;
        event_suite_id?: unknown;
      };
      if (typeof parsed.restaurant_id !== 'number') return;
      if (parsed.kind === 'tab') {
        if (typeof parsed.event_suite_id === 'number')
          deliver({ kind: 'tab', restaurantId: parsed.restaurant_id, eventSuiteId: parsed.event_suite_id });
        return;
      }
      if (typeof parsed.id === 'string' && typeof parsed.order_id === 'string' && isOrderEventType(parsed.type))
        deliver({ kind: 'order', id: parsed.id, restaurantId: parsed.restaurant_id, orderId: parsed.order_id, type: parsed.type });
    } catch {
      // Not ours: another program NOTIFYing on the channel.
    }
  };

  const start = () => {
    if (!database.listen) {
      local.on(CHANNEL, deliver);
      return;
    }
    const listen = database.listen;
    const attempt = (): Promise<(() => Promise<void>) | null> =>
      listen(CHANNEL, fromPayload, () => {
        if (closed || count === 0) return;
        setTimeout(() => {
          if (!closed && count > 0) unlisten = attempt();
        }, RELISTEN_MS).unref();
      }).catch(() => {
        if (!closed) setTimeout(() => count > 0 && !closed && (unlisten = attempt()), RELISTEN_MS).unref();
        return null;
      });
    unlisten = attempt();
  };
  const stop = async () => {
    local.off(CHANNEL, deliver);
    const pending = unlisten;
    unlisten = null;
    const end = pending ? await pending : null;
    if (end) await end();
  };

  const add = (restaurantId: number, given: (event: HubEvent) => void): Subscription => {
    // The listener runs in its subscriber's context (its request's data scope, db/data-scope.ts),
    // not in that of whichever request opened the shared LISTEN connection.
    const listener = AsyncResource.bind(given);
    if (count === 0) start();
    count += 1;
    let set = listeners.get(restaurantId);
    if (!set) listeners.set(restaurantId, (set = new Set()));
    set.add(listener);
    let done = false;
    const ready = unlisten ? unlisten.then(() => undefined) : Promise.resolve();
    return {
      ready,
      close: () => {
        if (done) return;
        done = true;
        set.delete(listener);
        count -= 1;
        if (count === 0) void stop();
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
      await stop();
    },
  };
}
