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
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isWebhookEventType } from '@servery/domain/delivery-retries';
import { runCompiled } from '../db/compiled-queries';
import { isPublicAddress } from '../lib/public-address';
import { signBody, unixSeconds } from '../lib/signature';
import { DeliveryError, reasonOf } from './outbound';
import type { Executor } from '../kernel/executor';

export async function queueWebhookDeliveries(
  db: Executor,
  event: { id: string; restaurantId: number; orderId: string; type: string },
  now: Date,
): Promise<void> {
  if (!isWebhookEventType(event.type)) return;
  // Asked at every order event, nearly always of a restaurant without endpoints: compiled once (decision 0048).
  const endpoints = await runCompiled(
    db,
    'webhookEndpointsOf',
    () => db.selectFrom('webhook_endpoints').select('id').where('restaurant_id', '=', event.restaurantId),
    [event.restaurantId],
  );
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

/** Whether a webhook may reach loopback and private networks (config.ts WEBHOOK_PRIVATE_TARGETS). */
export type PrivateTargets = 'allow' | 'refuse';

/** The reason recorded on a delivery refused for its address (shown in the staff webhook log). */
export const PRIVATE_ADDRESS = 'PRIVATE_ADDRESS';

/** dns.lookup that answers only public addresses: the connection is made to what was checked. */
const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)))
      return callback(new DeliveryError(PRIVATE_ADDRESS), '', 0);
    if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** One attempt; resolves with the receiver's 2xx status, throws a DeliveryError otherwise. */
export async function postWebhook(
  delivery: { url: string; secret: string; eventId: string; body: string },
  now: Date,
  options: { timeoutMs: number; privateTargets: PrivateTargets },
): Promise<number> {
  const url = new URL(delivery.url);
  const refusePrivate = options.privateTargets === 'refuse';
  // An address written in the URL is never looked up: check it here.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (refusePrivate && net.isIP(literal) !== 0 && !isPublicAddress(literal)) throw new DeliveryError(PRIVATE_ADDRESS);
  const timestamp = unixSeconds(now);
  const status = await new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'Servery-Webhooks/1',
          'servery-event-id': delivery.eventId,
          'servery-timestamp': String(timestamp),
          'servery-signature': signBody(delivery.secret, timestamp, delivery.body),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(refusePrivate && { lookup: publicOnlyLookup }),
      },
      (response) => {
        // The answer's body is not read for anything; it is drained so the connection ends cleanly.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(delivery.body);
  }).catch((error: unknown) => {
    throw error instanceof DeliveryError ? error : new DeliveryError(reasonOf(error));
  });
  if (status < 200 || status >= 300) throw new DeliveryError(`HTTP ${status}`, status);
  return status;
}
