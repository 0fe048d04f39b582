/**
 * One message for the `outbox` table: the default e-mail and SMS ports (ports/mailer.ts,
 * ports/sms.ts) queue it through db/outbox-repository.ts, handed to them by ports/services.ts. Both
 * sides name it, so it lives here (docs/decisions/0060-layers-one-way.md).
 */
import type { Locale } from '@servery/contracts/tenant-file';
import type { Executor } from './executor';

export interface OutboxMessage {
  restaurantId: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  locale: Locale;
  orderId: string | null;
}

export type OutboxQueue = (db: Executor, message: OutboxMessage, now: Date) => Promise<void>;
