/**
 * One pass of each relay (docs/decisions/0033-message-relay.md, 0034-webhooks.md): claim what is due
 * at `now`, try each once, record sent, retrying (with the next attempt's time) or failed (dead
 * letter). The delivery workers (plugins/delivery-workers.ts) run passes on a timer; tests call them
 * with the clock they want, so a retry an hour later needs no sleeping.
 *
 * Log lines name the row, its channel, its attempt and the reason of a failure, never a message's
 * body, its recipient, a URL's query or a key.
 */
import { asSystem } from '../../db/data-scope';
import type { Kysely } from 'kysely';
import { afterFailure, type RetryPolicy } from '@servery/domain/delivery-retries';
import {
  claimDueMessages,
  claimDueWebhookDeliveries,
  recordMessageOutcome,
  recordWebhookOutcome,
  type Outcome as DeliveryOutcome,
  type OutboxRow,
} from '../../db/deliveries-repository';
import type { Database } from '../../kernel/schema';
import { DeliveryError, reasonOf, type EmailTransport, type SmsTransport } from '../../ports/outbound';
import { postWebhook, type PrivateTargets } from '../../ports/webhooks';

export interface DeliveryLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface RelayOptions {
  policy: RetryPolicy;
  /** How long a claim holds a row: longer than one attempt can take (its timeout), with room. */
  leaseSeconds: number;
  /** Rows per pass. */
  batch: number;
}

export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface MessageTransports {
  email: EmailTransport | null;
  sms: SmsTransport | null;
}

async function sendOne(row: OutboxRow, transports: MessageTransports, now: Date): Promise<void> {
  if (row.channel === 'email') {
    if (!transports.email) throw new DeliveryError('NO_TRANSPORT');
    await transports.email.send({ id: row.id, to: row.recipient, subject: row.subject ?? '', text: row.body, locale: row.locale });
  } else {
    if (!transports.sms) throw new DeliveryError('NO_TRANSPORT');
    await transports.sms.send({ id: row.id, to: row.recipient, text: row.body }, now);
  }
}

/** What one kind of delivery does with a claimed row: send it and record how that went. */
interface Channel<Row> {
  /** Sends the row once; the receiver's status code, when it has one. */
  send: (row: Row) => Promise<number | null>;
  record: (row: Row, outcome: DeliveryOutcome & { statusCode: number | null }) => Promise<void>;
  /** What a log line names of the row (never its body, recipient or key). */
  describe: (row: Row) => Record<string, unknown>;
  logged: { sent: string; notSent: string };
}

/** Tries each claimed row once: sent, or retrying / failed (dead letter) by the retry policy. */
async function relayRows<Row extends { id: string; attempts: number }>(
  rows: Row[],
  channel: Channel<Row>,
  policy: RetryPolicy,
  log: DeliveryLog,
  now: Date,
): Promise<PassResult> {
  const result: PassResult = { sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    const attempts = row.attempts + 1;
    try {
      const status = await channel.send(row);
      await channel.record(row, { state: 'sent', attempts, nextAttemptAt: null, error: null, statusCode: status, now });
      log.info({ ...channel.describe(row), attempts, ...(status !== null && { status }) }, channel.logged.sent);
      result.sent += 1;
    } catch (error) {
      const reason = reasonOf(error);
      const next = afterFailure(attempts, policy, now);
      await channel.record(row, {
        state: next.state,
        attempts,
        nextAttemptAt: next.state === 'retrying' ? next.nextAttemptAt.toISOString() : null,
        error: reason,
        statusCode: error instanceof DeliveryError ? error.statusCode : null,
        now,
      });
      log.warn({ ...channel.describe(row), attempts, reason, state: next.state }, channel.logged.notSent);
      result[next.state] += 1;
    }
  }
  return result;
}

/**
 * Sends the due e-mails and texts of the channels that have a transport. Work across every
 * restaurant: named privileged work on the owner's connection (db/data-scope.ts).
 */
export function relayDueMessages(
  db: Kysely<Database>,
  transports: MessageTransports,
  options: RelayOptions,
  log: DeliveryLog,
  now: Date,
): Promise<PassResult> {
  return asSystem('message relay', async () => {
    const channels = [...(transports.email ? (['email'] as const) : []), ...(transports.sms ? (['sms'] as const) : [])];
    const rows = await claimDueMessages(db, channels, { now, leaseSeconds: options.leaseSeconds, limit: options.batch });
    const channel: Channel<OutboxRow> = {
      send: (row) => sendOne(row, transports, now).then(() => null),
      record: (row, outcome) => recordMessageOutcome(db, row.id, outcome, row.body),
      describe: (row) => ({ messageId: row.id, channel: row.channel }),
      logged: { sent: 'message sent', notSent: 'message not sent' },
    };
    return relayRows(rows, channel, options.policy, log, now);
  });
}

/**
 * Sends the due webhook deliveries. Work across every restaurant: named privileged work on the
 * owner's connection (db/data-scope.ts).
 */
export function relayDueWebhooks(
  db: Kysely<Database>,
  options: RelayOptions & { timeoutMs: number; privateTargets: PrivateTargets },
  log: DeliveryLog,
  now: Date,
): Promise<PassResult> {
  return asSystem('webhook relay', async () => {
    const rows = await claimDueWebhookDeliveries(db, { now, leaseSeconds: options.leaseSeconds, limit: options.batch });
    const channel: Channel<(typeof rows)[number]> = {
      send: (row) => postWebhook({ url: row.url, secret: row.secret, eventId: row.event_id, body: row.body }, now, options),
      record: (row, outcome) => recordWebhookOutcome(db, row.id, outcome),
      describe: (row) => ({ deliveryId: row.id, endpointId: row.endpoint_id, eventId: row.event_id }),
      logged: { sent: 'webhook delivered', notSent: 'webhook not delivered' },
    };
    return relayRows(rows, channel, options.policy, log, now);
  });
}
