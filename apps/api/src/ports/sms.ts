/**
 * The SMS port (ARCHITECTURE.md rule 8). Like the mailer, `send` runs in the caller's transaction;
 * the default keeps messages in the `outbox` table (channel `sms`) for a developer to read.
 */
import { randomUUID } from 'node:crypto';
import type { Locale } from '@servery/contracts/tenant-file';
import type { Executor } from './payments';

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

export function outboxSms(): SmsSender {
  return {
    name: 'outbox',
    async send(db, message, now) {
      await db
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          restaurant_id: message.restaurantId,
          channel: 'sms',
          recipient: message.to,
          subject: null,
          body: message.text,
          locale: message.locale,
          order_id: message.orderId,
          created_at: now.toISOString(),
          sent_at: null,
        })
        .execute();
    },
  };
}
