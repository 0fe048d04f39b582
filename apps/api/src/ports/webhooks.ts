/**
 * Webhooks (docs/decisions/0034-webhooks.md). `queueWebhookDeliveries` runs inside the transaction
 * that records an order event (ports/order-events.ts) and writes one delivery per endpoint of the
 * restaurant, with the JSON body every attempt will send. `postWebhook` makes one attempt: a signed
 * POST bounded by a timeout, redirects not followed.
 *
 * Body: `{ id, type: "order.<event>", created_at, restaurant_id, data: { order_id, order_number,
 * order_type, status, total_cents } }`; headers `Servery-Event-Id` (the event id, the same on every
 * retry: a receiver applies each id once), `Servery-Timestamp` (Unix seconds of this attempt) and
 * `Servery-Signature` (lib/signature.ts).
 */
import { randomUUID } from 'node:crypto';
import { isWebhookEventType } from '@servery/domain/delivery-retries';
import { signBody, unixSeconds } from '../lib/signature';
import { DeliveryError, reasonOf } from './outbound';
import type { Executor } from './payments';

export async function queueWebhookDeliveries(
  db: Executor,
  event: { id: string; restaurantId: number; orderId: string; type: string },
  now: Date,
): Promise<void> {
  if (!isWebhookEventType(event.type)) return;
  const endpoints = await db.selectFrom('webhook_endpoints').select('id').where('restaurant_id', '=', event.restaurantId).execute();
  if (endpoints.length === 0) return;
  const order = await db
    .selectFrom('orders')
    .select(['number', 'order_type', 'status', 'total_cents'])
    .where('restaurant_id', '=', event.restaurantId)
    .where('id', '=', event.orderId)
    .executeTakeFirst();
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
      status: order?.status ?? null,
      total_cents: order?.total_cents ?? null,
    },
  });
  await db
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((endpoint) => ({
        id: randomUUID(),
        endpoint_id: endpoint.id,
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

/** One attempt; resolves with the receiver's 2xx status, throws a DeliveryError otherwise. */
export async function postWebhook(
  delivery: { url: string; secret: string; eventId: string; body: string },
  now: Date,
  timeoutMs: number,
): Promise<number> {
  const timestamp = unixSeconds(now);
  let response: Response;
  try {
    response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Servery-Webhooks/1',
        'servery-event-id': delivery.eventId,
        'servery-timestamp': String(timestamp),
        'servery-signature': signBody(delivery.secret, timestamp, delivery.body),
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new DeliveryError(reasonOf(error));
  }
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status >= 300) throw new DeliveryError(`HTTP ${response.status}`, response.status);
  return response.status;
}
