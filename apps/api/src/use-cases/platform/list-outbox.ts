/** GET /api/dev/outbox: the latest messages the outbox ports queued, newest first, for a developer. */
import { asSystem } from '../../db/data-scope';
import { listOutboxMessages } from '../../db/outbox-repository';
import type { Executor } from '../../kernel/executor';

/**
 * The developer's outbox spans every restaurant (the route is off unless DEV_ROUTES, refused in
 * production, and answers this machine only): named work across tenants (db/data-scope.ts).
 */
export function listOutbox(db: Executor, query: { restaurant?: number | undefined; limit: number }) {
  return asSystem('developer outbox', () => listOutboxMessages(db, { restaurantId: query.restaurant ?? null, limit: query.limit }));
}
