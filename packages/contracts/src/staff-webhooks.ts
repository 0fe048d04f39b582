/**
 * A restaurant's webhook endpoints (docs/decisions/0034-webhooks.md), managed by its owners and
 * managers (staff area `integrations`):
 *
 * - GET /api/staff/webhooks: the endpoints, each with its latest delivery's state.
 * - POST /api/staff/webhooks {url, description?}: a new endpoint; the answer holds its signing key,
 *   shown this once and never again.
 * - DELETE /api/staff/webhooks/:id: removes it and its delivery log.
 * - GET /api/staff/webhooks/:id/deliveries: its latest deliveries, newest first.
 */
import { z } from 'zod';
import { httpUrl } from './text-input';
import { DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from '@servery/domain/delivery-retries';

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    created_at: z.string(),
    /** The state of its latest delivery; null before the first event. */
    last_delivery: z.enum(DELIVERY_STATES).nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointsResponse = z.object({ endpoints: z.array(WebhookEndpoint), events: z.array(z.enum(WEBHOOK_EVENT_TYPES)) });
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponse>;

export const CreateWebhookEndpointRequest = z.strictObject({
  // A URL that does not parse is this field's error, never an exception (text-input.ts).
  url: httpUrl(2000),
  description: z.string().trim().max(100).optional(),
});
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequest>;

export const CreateWebhookEndpointResponse = z.object({
  endpoint: WebhookEndpoint,
  /** The signing key (HMAC-SHA256), shown once: store it now. */
  secret: z.string(),
});
export type CreateWebhookEndpointResponse = z.infer<typeof CreateWebhookEndpointResponse>;

export const WebhookEndpointParams = z.object({ id: z.uuid() });
export type WebhookEndpointParams = z.infer<typeof WebhookEndpointParams>;

export const WebhookDelivery = z
  .object({
    id: z.string(),
    /** The event's id, the same on every attempt (header Servery-Event-Id). */
    event_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    order_id: z.string(),
    status: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    /** When the next attempt is due (retrying), else null. */
    next_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    /** Why the last attempt failed: an HTTP status or a network error code. */
    last_error: z.string().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;
