/**
 * The SMS port (ARCHITECTURE.md rule 8). Like the mailer, `send` runs in the caller's transaction;
 * the default keeps messages in the `outbox` table (channel `sms`) for a developer to read.
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { OutboxQueue } from '../kernel/outbox';
import type { Executor } from '../kernel/executor';

export interface SmsMessage {
  restaurantId: number;
  /** E.164, "+14165550101". */
  to: string;
  text: string;
  locale: Locale;
  orderId: string | null;
}

export interface SmsSender {
  readonly name: string;
  send(db: Executor, message: SmsMessage, now: Date): Promise<void>;
}

export function outboxSms(queueInOutbox: OutboxQueue): SmsSender {
  return {
    name: 'outbox',
    async send(db, message, now) {
      await queueInOutbox(db, { ...message, channel: 'sms', subject: null }, now);
    },
  };
}
