/** A restaurant's webhook endpoints and their delivery log; every query is scoped to the restaurant. */
import { randomUUID } from 'node:crypto';
import { isWebhookEventType } from '@servery/domain/delivery-retries';
import { posOrderType } from '@servery/domain/pos-order-type';
import type { Executor } from '../kernel/executor';
import { findRestaurantById } from './restaurants-repository';

export async function listEndpoints(db: Executor, restaurantId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'description', 'created_at'])
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('webhook_deliveries.status')
        .whereRef('webhook_deliveries.endpoint_id', '=', 'webhook_endpoints.id')
        .orderBy('webhook_deliveries.created_at', 'desc')
        .orderBy('webhook_deliveries.id', 'desc')
        .limit(1)
        .as('last_delivery'),
    )
    .where('restaurant_id', '=', restaurantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countEndpoints(db: Executor, restaurantId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(
  db: Executor,
  endpoint: {
    id: string;
    restaurantId: number;
    url: string;
    description: string | null;
    secret: string;
    createdBy: number;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: endpoint.id,
      restaurant_id: endpoint.restaurantId,
      url: endpoint.url,
      description: endpoint.description,
      secret: endpoint.secret,
      created_by: endpoint.createdBy,
      created_at: endpoint.createdAt,
    })
    .execute();
}

/** Deletes the endpoint (and, by cascade, its deliveries); false when the restaurant has no such endpoint. */
/** Removes the endpoint and its delivery log; the URL it had (for the audit), or null when it is not this restaurant's. */
export async function deleteEndpoint(db: Executor, restaurantId: number, id: string): Promise<string | null> {
  await db.deleteFrom('webhook_deliveries').where('restaurant_id', '=', restaurantId).where('endpoint_id', '=', id).execute();
  const removed = await db
    .deleteFrom('webhook_endpoints')
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', id)
    .returning('url')
    .executeTakeFirst();
  return removed?.url ?? null;
}

export async function endpointExists(db: Executor, restaurantId: number, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listDeliveries(db: Executor, restaurantId: number, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'event_id',
      'event_type',
      'order_id',
      'status',
      'attempts',
      'next_attempt_at',
      'last_status_code',
      'last_error',
      'created_at',
      'delivered_at',
    ])
    .where('restaurant_id', '=', restaurantId)
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Queues one delivery per endpoint of the restaurant (`endpointIds`, read with the printer in the event's
 * one read of its listeners: db/order-events-repository.ts), with the JSON body every attempt will send
 * (ports/webhooks.ts posts them; docs/decisions/0034-webhooks.md). Runs in the transaction that
 * records the order event.
 */
export async function queueWebhookDeliveries(
  db: Executor,
  event: { id: string; restaurantId: number; orderId: string; type: string },
  now: Date,
  endpointIds: readonly string[],
): Promise<void> {
  if (!isWebhookEventType(event.type) || endpointIds.length === 0) return;
  const order = await db
    .selectFrom('orders')
    .select(['number', 'order_type', 'status', 'total_cents', 'pickup_time'])
    .where('restaurant_id', '=', event.restaurantId)
    .where('id', '=', event.orderId)
    .executeTakeFirst();
  // Read only for a restaurant with endpoints, and kept by the process (restaurants-repository.ts).
  const restaurant = await findRestaurantById(db, event.restaurantId);
  const at = now.toISOString();
  const body = JSON.stringify({
    id: event.id,
    type: `order.${event.type}`,
    created_at: at,
    restaurant_id: event.restaurantId,
    data: {
      order_id: event.orderId,
      order_number: order?.number ?? null,
      order_type: order?.order_type ?? null,
      pos_order_type: order ? posOrderType(restaurant?.settings.integration, order.order_type) : null,
      status: order?.status ?? null,
      total_cents: order?.total_cents ?? null,
      // When it is due (an asap order's estimate, a scheduled order's chosen time); what `rescheduled` changed.
      pickup_time: order?.pickup_time ?? null,
    },
  });
  await db
    .insertInto('webhook_deliveries')
    .values(
      endpointIds.map((endpointId) => ({
        id: randomUUID(),
        endpoint_id: endpointId,
        restaurant_id: event.restaurantId,
        event_id: event.id,
        event_type: event.type,
        order_id: event.orderId,
        body,
        status: 'queued' as const,
        attempts: 0,
        next_attempt_at: at,
        lease_until: null,
        last_status_code: null,
        last_error: null,
        created_at: at,
        delivered_at: null,
      })),
    )
    .execute();
}
