/**
 * When an outbound delivery (an e-mail, a text, a webhook event) is tried again after a failure, and
 * when it is given up on. Pure: the caller passes its clock. A delivery is `queued` until its first
 * attempt, `retrying` after a failed attempt that will be tried again, `sent` once the other side
 * took it, `failed` (dead letter) once it has failed `maxAttempts` times; nothing moves it after that.
 */
export const DELIVERY_STATES = ['queued', 'retrying', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface RetryPolicy {
  /** Attempts in all, the first one included; the last failure makes the delivery `failed`. */
  maxAttempts: number;
  /** The wait after the first failure; each further failure doubles it. */
  baseDelaySeconds: number;
  /** The longest wait between two attempts. */
  maxDelaySeconds: number;
}

/** Messages to people: a receipt an hour late is still worth sending, a day late is not. */
export const MESSAGE_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelaySeconds: 30, maxDelaySeconds: 30 * 60 };

/** Webhooks: a point-of-sale box may be offline for a while; keep trying for about a day. */
export const WEBHOOK_RETRY_POLICY: RetryPolicy = { maxAttempts: 10, baseDelaySeconds: 30, maxDelaySeconds: 6 * 60 * 60 };

export type AfterFailure = { state: 'retrying'; nextAttemptAt: Date } | { state: 'failed' };

/** What follows the `attempts`-th failed attempt (1 for the first) made at `now`. */
export function afterFailure(attempts: number, policy: RetryPolicy, now: Date): AfterFailure {
  if (attempts >= policy.maxAttempts) return { state: 'failed' };
  const delay = Math.min(policy.baseDelaySeconds * 2 ** Math.max(0, attempts - 1), policy.maxDelaySeconds);
  return { state: 'retrying', nextAttemptAt: new Date(now.getTime() + delay * 1000) };
}

/** Order events that a restaurant's webhooks receive ("preparing" is a kitchen detail, not sent). */
/**
 * What a restaurant's endpoints hear of an order (docs/decisions/0034-webhooks.md): its statuses, and
 * `rescheduled` when its time moved without staff (a suite order following its event's new start,
 * use-cases/suites/event-start-moves.ts), so a point of sale fires it at the new `pickup_time`.
 */
export const WEBHOOK_EVENT_TYPES = ['placed', 'accepted', 'ready', 'completed', 'cancelled', 'refunded', 'rescheduled'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * Kitchen tickets (docs/kitchen-printing.md): a printer is off for a paper roll or a restart, a
 * minute or two; a ticket that has not printed in about eight minutes is for staff to reprint, not
 * for the printer to produce late in the middle of service.
 */
export const KITCHEN_TICKET_RETRY_POLICY: RetryPolicy = { maxAttempts: 12, baseDelaySeconds: 5, maxDelaySeconds: 60 };
