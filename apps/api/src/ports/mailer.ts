/**
 * The e-mail port (ARCHITECTURE.md rule 8). `send` is called inside the caller's transaction, so a
 * receipt is queued if and only if its order is stored. The default writes the message to the
 * `outbox` table, which a developer reads at GET /api/dev/outbox; an SMTP relay drains the same table
 * (rows with `sent_at` null) when one is configured.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { Executor } from '../kernel/executor';
import type { OutboxQueue } from '../kernel/outbox';

export interface EmailMessage {
  restaurantId: number;
  to: string;
  subject: string;
  text: string;
  locale: Locale;
  orderId: string | null;
}

export interface Mailer {
  readonly name: string;
  send(db: Executor, message: EmailMessage, now: Date): Promise<void>;
}

export function outboxMailer(queueInOutbox: OutboxQueue): Mailer {
  return {
    name: 'outbox',
    async send(db, message, now) {
      await queueInOutbox(db, { ...message, channel: 'email', subject: message.subject }, now);
    },
  };
}
