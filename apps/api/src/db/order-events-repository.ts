/**
 * Writes an order event in the caller's transaction (docs/decisions/0026-order-events.md); every
 * process's hub (ports/order-events.ts) reads it from there once it commits
 * (docs/decisions/0058-live-changes-without-notify.md). Writing the row is all this does: nothing
 * here sends an event (docs/decisions/0060-layers-one-way.md).
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../kernel/executor';
import type { OrderEventType } from '../kernel/order-events';
import { rowShape, writeCompiled } from './compiled-queries';
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
  // The restaurant's webhook endpoints get it too, queued in the same transaction (db/webhooks-repository.ts).
  await queueWebhookDeliveries(db, { id, restaurantId: event.restaurantId, orderId: event.orderId, type: event.type }, now);
  // And its kitchen printer, when it prints at this event (db/kitchen-printers-repository.ts).
  await queueTicketForEvent(db, { restaurantId: event.restaurantId, orderId: event.orderId, type: event.type }, now);
}
