/** GET /api/dev/outbox: the latest messages the outbox ports queued, newest first, for a developer. */
import { listOutboxMessages } from '../ports/outbox';
import type { Executor } from '../ports/payments';

export function listOutbox(db: Executor, query: { restaurant?: number | undefined; limit: number }) {
  return listOutboxMessages(db, { restaurantId: query.restaurant ?? null, limit: query.limit });
}
