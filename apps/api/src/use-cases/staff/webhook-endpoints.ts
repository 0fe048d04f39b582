/**
 * A restaurant's webhook endpoints (contracts/staff-webhooks.ts, docs/decisions/0034-webhooks.md).
 * The caller is already known to be an owner or a manager of `restaurant` (staff area
 * `integrations`); every read and write here is scoped to that restaurant, so an endpoint id of
 * another restaurant reads as unknown. Adding and removing an endpoint is recorded in the team's
 * audit (who, which URL, when) in the change's own transaction, like every change to the team and to
 * availability: an endpoint receives the restaurant's orders, so who pointed them where matters.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { CreateWebhookEndpointRequest, WebhookDelivery, WebhookEndpoint } from '@servery/contracts/staff-webhooks';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '@servery/domain/delivery-retries';
import type { Db } from '../../db/database';
import type { Restaurant } from '../../db/restaurants-repository';
import { insertAudit } from '../../db/staff-repository';
import {
  countEndpoints,
  deleteEndpoint,
  endpointExists,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
} from '../../db/webhooks-repository';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from './staff-team';

/** Enough for a POS, a kitchen display and a few more; each one costs a request per event. */
export const MAX_ENDPOINTS = 10;
/** The delivery log shows this many of an endpoint's latest deliveries. */
export const DELIVERY_LOG_LIMIT = 100;

export async function listWebhookEndpoints(database: Db, restaurant: Restaurant) {
  const rows = await listEndpoints(database.db, restaurant.id);
  return {
    endpoints: rows.map((row): WebhookEndpoint => ({ ...row, last_delivery: row.last_delivery ?? null })),
    events: [...WEBHOOK_EVENT_TYPES],
  };
}

export async function createWebhookEndpoint(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  input: CreateWebhookEndpointRequest,
  now: Date,
  /** Production: events carry orders, so they travel encrypted (https) only. */
  requireHttps = false,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  if (requireHttps && new URL(input.url).protocol !== 'https:')
    throw new AppError('VALIDATION_FAILED', [{ path: 'url', message: 'https' }]);
  const id = randomUUID();
  // 32 random bytes; the prefix tells a leaked string for what it is.
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const description = input.description ? input.description : null;
  const createdAt = now.toISOString();
  await database.db.transaction().execute(async (trx) => {
    if ((await countEndpoints(trx, restaurant.id)) >= MAX_ENDPOINTS) throw new AppError('WEBHOOK_ENDPOINT_LIMIT');
    await insertEndpoint(trx, { id, restaurantId: restaurant.id, url: input.url, description, secret, createdBy: actor.userId, createdAt });
    await insertAudit(trx, { restaurantId: restaurant.id, actor, action: 'webhook_added', subject: input.url, detail: null }, now);
  });
  return { endpoint: { id, url: input.url, description, created_at: createdAt, last_delivery: null }, secret };
}

export async function removeWebhookEndpoint(database: Db, restaurant: Restaurant, actor: StaffActor, id: string, now: Date): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const url = await deleteEndpoint(trx, restaurant.id, id);
    if (url === null) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    await insertAudit(trx, { restaurantId: restaurant.id, actor, action: 'webhook_removed', subject: url, detail: null }, now);
  });
}

export async function listWebhookDeliveries(database: Db, restaurant: Restaurant, endpointId: string): Promise<WebhookDelivery[]> {
  if (!(await endpointExists(database.db, restaurant.id, endpointId))) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  const rows = await listDeliveries(database.db, restaurant.id, endpointId, DELIVERY_LOG_LIMIT);
  return rows.flatMap((row) =>
    isWebhookEventType(row.event_type)
      ? [{ ...row, event_type: row.event_type, next_attempt_at: row.status === 'retrying' ? row.next_attempt_at : null }]
      : [],
  );
}
