/**
 * The claim every outbox shares: messages and webhook deliveries (deliveries-repository.ts) and
 * kitchen tickets (kitchen-printers-repository.ts). A relay picks the due rows that no live lease
 * holds, oldest first, and leases them in one UPDATE of the rows its subquery picks, so the pick and
 * the lease are one atomic statement: SQLite takes its write lock at once; PostgreSQL locks the
 * picked rows and skips rows another process holds (FOR UPDATE SKIP LOCKED), so several processes
 * relay at once without sending a row twice (docs/decisions/0033-message-relay.md).
 */
import { PostgresAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../kernel/schema';

export interface Claim {
  now: Date;
  leaseSeconds: number;
  limit: number;
}

/** The tables relayed this way: each has `id`, `status`, `next_attempt_at`, `lease_until` and `created_at`. */
export type OutboxTableName = 'outbox' | 'webhook_deliveries' | 'kitchen_tickets';

/** When a claim made now stops holding its rows. */
export const leaseEnd = (claim: Claim) => new Date(claim.now.getTime() + claim.leaseSeconds * 1000).toISOString();

type Pick<T extends OutboxTableName> = SelectQueryBuilder<Database, T, { id: string }>;

/**
 * The ids a claim made now takes from `table`: queued or retrying, due (`next_attempt_at` passed or
 * unset), not leased, oldest first, at most `claim.limit`; `narrow` adds a table's own condition.
 * Used as the subquery of the claiming UPDATE.
 */
export function duePick<T extends OutboxTableName>(
  db: Kysely<Database>,
  table: T,
  claim: Claim,
  narrow: (pick: Pick<T>) => Pick<T> = (pick) => pick,
): Pick<T> {
  const now = claim.now.toISOString();
  // Kysely types a query over a table named by a type parameter only loosely; the columns named here
  // exist in every OutboxTableName (kernel/schema.ts), which the repositories' typed callers check.
  const any = db as unknown as Kysely<
    Record<OutboxTableName, { id: string; status: string; next_attempt_at: string | null; lease_until: string | null; created_at: string }>
  >;
  let pick = any
    .selectFrom(table as OutboxTableName)
    .select('id')
    .where('status', 'in', ['queued', 'retrying'])
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(claim.limit);
  if (db.getExecutor().adapter instanceof PostgresAdapter) pick = pick.forUpdate().skipLocked();
  return narrow(pick as unknown as Pick<T>);
}

/** A claim's rows in the order they were picked (UPDATE … RETURNING keeps no order). */
export const oldestFirst = <R extends { created_at: string; id: string }>(rows: R[]): R[] =>
  rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
