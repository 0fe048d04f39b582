/**
 * Outbound deliveries waiting in the database: the outbox's e-mails and texts, and the webhook
 * deliveries (docs/decisions/0033-message-relay.md, 0034-webhooks.md). A relay claims due rows by
 * taking a lease on them (`lease_until`), sends, then records the outcome and drops the lease. On
 * PostgreSQL several server processes relay at once: the claim locks the rows it picks and skips
 * rows another process is claiming (FOR UPDATE SKIP LOCKED), and a leased row is not due again until
 * its lease ends, so in the normal case each row is sent by one process once. A process that dies
 * mid-send leaves its lease to expire and another process sends the row again: at least once.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DeliveryState } from '@servery/domain/delivery-retries';
import type { Executor } from '../kernel/executor';
import { asSystem } from './data-scope';
import type { Database, OutboxTable, WebhookDeliveriesTable } from '../kernel/schema';
import { withoutSecretLinks } from '../lib/secret-digests';
import { duePick, leaseEnd, oldestFirst, type Claim } from './outbox-claim';

export type OutboxRow = Selectable<OutboxTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable> & { url: string; secret: string };

/** Claims the due outbox rows of the given channels, oldest first (outbox-claim.ts). */
export async function claimDueMessages(db: Kysely<Database>, channels: ReadonlyArray<'email' | 'sms'>, claim: Claim): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  const pick = duePick(db, 'outbox', claim, (due) => due.where('channel', 'in', [...channels]));
  return oldestFirst(
    await db
      .updateTable('outbox')
      .set({ lease_until: leaseEnd(claim) })
      .where('id', 'in', pick)
      .returningAll()
      .execute(),
  );
}

export interface Outcome {
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  error: string | null;
  now: Date;
}

/**
 * Records a pass's outcome for one message. A sent message's `body`, when given, is kept without its
 * secret links (lib/secret-digests.ts `withoutSecretLinks`): once an invitation or a reset link has
 * left, its only copy is the recipient's (docs/decisions/0061-secrets-at-rest.md).
 */
export async function recordMessageOutcome(db: Kysely<Database>, id: string, outcome: Outcome, body?: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: outcome.state,
      attempts: outcome.attempts,
      next_attempt_at: outcome.nextAttemptAt,
      last_error: outcome.error,
      lease_until: null,
      ...(outcome.state === 'sent' && { sent_at: outcome.now.toISOString() }),
      ...(outcome.state === 'sent' && body !== undefined && { body: withoutSecretLinks(body) }),
    })
    .where('id', '=', id)
    .execute();
}

/** Where each message of the given orders stands, for the staff board. */
export async function messageStatesOfOrders(db: Executor, restaurantId: number, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('outbox')
    .select(['order_id', 'channel', 'status', 'created_at'])
    .where('restaurant_id', '=', restaurantId)
    .where('order_id', 'in', [...orderIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Claims the due webhook deliveries, oldest first (outbox-claim.ts), with their endpoint's URL and key. */
export async function claimDueWebhookDeliveries(db: Kysely<Database>, claim: Claim): Promise<WebhookDeliveryRow[]> {
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: leaseEnd(claim) })
    .where('id', 'in', duePick(db, 'webhook_deliveries', claim))
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .selectAll('webhook_deliveries')
    .select(['webhook_endpoints.url', 'webhook_endpoints.secret'])
    .where(
      'webhook_deliveries.id',
      'in',
      claimed.map((row) => row.id),
    )
    .orderBy('webhook_deliveries.created_at')
    .orderBy('webhook_deliveries.id')
    .execute();
}

export async function recordWebhookOutcome(
  db: Kysely<Database>,
  id: string,
  outcome: Outcome & { statusCode: number | null },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.state,
      attempts: outcome.attempts,
      // A dead letter keeps the time of its last attempt; nothing picks it up again.
      next_attempt_at: outcome.nextAttemptAt ?? outcome.now.toISOString(),
      last_error: outcome.error,
      last_status_code: outcome.statusCode,
      lease_until: null,
      ...(outcome.state === 'sent' && { delivered_at: outcome.now.toISOString() }),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * What waits to leave, per queue (the outbox's e-mails and texts, the webhook deliveries): the rows
 * not yet relayed (queued or retrying) and the oldest one's `created_at`. Across every restaurant:
 * the operators' view (plugins/metrics.ts). Both counts read the due indexes, led by `status`.
 */
export async function waitingDeliveries(
  db: Kysely<Database>,
): Promise<Array<{ queue: 'email' | 'sms' | 'webhook'; count: number; oldest: string | null }>> {
  return asSystem('metrics', async () => {
    const waiting = ['queued', 'retrying'] as const;
    const messages = await db
      .selectFrom('outbox')
      .select(['channel', (eb) => eb.fn.countAll<number | string>().as('count'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', waiting)
      .groupBy('channel')
      .execute();
    const webhooks = await db
      .selectFrom('webhook_deliveries')
      .select([(eb) => eb.fn.countAll<number | string>().as('count'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', waiting)
      .executeTakeFirst();
    const of = (channel: 'email' | 'sms') => messages.find((row) => row.channel === channel);
    return [
      { queue: 'email', count: Number(of('email')?.count ?? 0), oldest: of('email')?.oldest ?? null },
      { queue: 'sms', count: Number(of('sms')?.count ?? 0), oldest: of('sms')?.oldest ?? null },
      { queue: 'webhook', count: Number(webhooks?.count ?? 0), oldest: webhooks?.oldest ?? null },
    ];
  });
}
