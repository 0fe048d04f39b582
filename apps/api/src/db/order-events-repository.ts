/**
 * Writes an order event in the caller's transaction (docs/decisions/0026-order-events.md); every
 * process's hub (ports/order-events.ts) reads it from there once it commits
 * (docs/decisions/0058-live-changes-without-notify.md). Writing the row is all this does: nothing
 * here sends an event (docs/decisions/0060-layers-one-way.md).
 */
import { randomUUID } from 'node:crypto';
import { isWebhookEventType } from '@servery/domain/delivery-retries';
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { OrderEventType } from '../kernel/order-events';
import { rowShape, runCompiled, writeCompiled } from './compiled-queries';
import { queueTicketForEvent } from './kitchen-printers-repository';
import { queueWebhookDeliveries } from './webhooks-repository';

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
  if (!isWebhookEventType(event.type)) return;
  const listeners = await listenersOf(db, event.restaurantId);
  // The restaurant's webhook endpoints get it too, queued in the same transaction (db/webhooks-repository.ts).
  await queueWebhookDeliveries(
    db,
    { id, restaurantId: event.restaurantId, orderId: event.orderId, type: event.type },
    now,
    listeners.endpointIds,
  );
  // And its kitchen printer, when it prints at this event (db/kitchen-printers-repository.ts).
  await queueTicketForEvent(
    db,
    { id, restaurantId: event.restaurantId, orderId: event.orderId, type: event.type },
    now,
    listeners.printsOn,
  );
}

/**
 * Who else hears the restaurant's order events: its webhook endpoints, and the event its kitchen printer
 * prints at when the printer is on. One statement for both: every placed order asks, nearly always of a
 * restaurant with neither (docs/decisions/0128-two-statements-fewer-per-order.md).
 */
async function listenersOf(db: Executor, restaurantId: number): Promise<{ endpointIds: string[]; printsOn: string | null }> {
  const rows = await runCompiled(
    db,
    'orderEventListeners',
    () =>
      db
        .selectFrom('webhook_endpoints')
        .select((eb) => [eb.ref('id').$castTo<string | null>().as('endpoint_id'), sql<string | null>`null`.as('prints_on')])
        .where('restaurant_id', '=', restaurantId)
        .unionAll(
          db
            .selectFrom('kitchen_printers')
            .select((eb) => [sql<string | null>`null`.as('endpoint_id'), eb.ref('print_on').$castTo<string | null>().as('prints_on')])
            .where('restaurant_id', '=', restaurantId)
            .where('enabled', '=', 1),
        ),
    [restaurantId, restaurantId, 1],
  );
  const endpointIds: string[] = [];
  let printsOn: string | null = null;
  for (const row of rows) {
    if (row.endpoint_id !== null) endpointIds.push(row.endpoint_id);
    else printsOn = row.prints_on;
  }
  return { endpointIds, printsOn };
}
