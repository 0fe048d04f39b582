import { randomUUID } from 'node:crypto';
import type { Executor } from '../kernel/executor';
import type { OutboxQueue } from '../kernel/outbox';
import { rowShape, writeCompiled } from './compiled-queries';

/**
 * One message queued in the `outbox` table, which both default ports (e-mail and SMS: ports/mailer.ts,
 * ports/sms.ts) write to; ports/services.ts hands this function to them.
 */
export const queueInOutbox: OutboxQueue = async (db, message, now) => {
  const row = {
    id: randomUUID(),
    restaurant_id: message.restaurantId,
    channel: message.channel,
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    locale: message.locale,
    order_id: message.orderId,
    created_at: now.toISOString(),
    sent_at: null,
  };
  // Every order's receipt is queued here: compiled once (db/compiled-queries.ts, decision 0048).
  const [shape, values] = rowShape('outbox', row);
  await writeCompiled(db, `insert ${shape}`, () => db.insertInto('outbox').values(row), values);
};

/** The latest queued messages, newest first, of one restaurant or all (the dev outbox route). */
export async function listOutboxMessages(db: Executor, query: { restaurantId: number | null; limit: number }) {
  let select = db
    .selectFrom('outbox')
    .select(['id', 'restaurant_id', 'channel', 'recipient', 'subject', 'body', 'locale', 'order_id', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.limit);
  if (query.restaurantId !== null) select = select.where('restaurant_id', '=', query.restaurantId);
  return select.execute();
}
