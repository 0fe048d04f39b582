/**
 * Webhooks (docs/decisions/0034-webhooks.md). `queueWebhookDeliveries` (db/webhooks-repository.ts) runs inside the
 * transaction that records an order event (db/order-events-repository.ts) and writes one delivery per endpoint of the
 * restaurant, with the JSON body every attempt will send. `postWebhook` makes one attempt: a signed
 * POST bounded by a timeout, redirects not followed.
 *
 * Body: `{ id, type: "order.<event>", created_at, restaurant_id, data: { order_id, order_number,
 * order_type, status, total_cents } }`; headers `Servery-Event-Id` (the event id, the same on every
 * retry: a receiver applies each id once), `Servery-Timestamp` (Unix seconds of this attempt) and
 * `Servery-Signature` (lib/signature.ts).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from '../lib/public-address';
import { signBody, unixSeconds } from '../lib/signature';
import { DeliveryError, reasonOf } from './outbound';

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
