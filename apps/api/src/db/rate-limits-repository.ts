/** Rate-limit counters and the addresses an account signs in from (migration 0010). */
import type { Executor } from '../ports/payments';
import { runCompiled } from './compiled-queries';

/**
 * Takes one hit of a bucket's window if fewer than `max` were taken, in one statement: the upsert
 * only increments below the limit, so requests racing on SQLite or PostgreSQL (one process or
 * several) never take more than `max` between them. Answers whether the hit was taken.
 */
export async function takeHit(
  db: Executor,
  hit: { bucket: string; windowStart: string; expiresAt: string; max: number },
): Promise<boolean> {
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket: hit.bucket, window_start: hit.windowStart, hits: 1, expires_at: hit.expiresAt })
    .onConflict((conflict) =>
      conflict
        .columns(['bucket', 'window_start'])
        .doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) }))
        .where('rate_limits.hits', '<', hit.max),
    )
    .returning('hits')
    .executeTakeFirst();
  return row !== undefined;
}

/** The hits taken in these buckets' windows (absent: none). */
export async function hitsIn(db: Executor, windows: Array<{ bucket: string; windowStart: string }>): Promise<Map<string, number>> {
  const buckets = windows.map((window) => window.bucket);
  // Read on every cart change that carries a promo code: compiled once per number of buckets.
  const rows = await runCompiled(
    db,
    `hitsIn:${buckets.length}`,
    () => db.selectFrom('rate_limits').select(['bucket', 'window_start', 'hits']).where('bucket', 'in', buckets),
    buckets,
  );
  const wanted = new Set(windows.map((window) => `${window.bucket} ${window.windowStart}`));
  return new Map(rows.filter((row) => wanted.has(`${row.bucket} ${row.window_start}`)).map((row) => [row.bucket, Number(row.hits)]));
}

/** Gives a hit back (the guarded action succeeded, or another bucket refused the request). */
export async function giveHitBack(db: Executor, bucket: string, windowStart: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .execute();
}

export async function clearBucket(db: Executor, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}

export async function deleteExpiredHits(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<=', now.toISOString()).execute();
}

export async function isKnownSignInAddress(db: Executor, userId: number, addressHash: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('address_hash', '=', addressHash)
    .where('last_seen_at', '>', since.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberSignInAddress(db: Executor, userId: number, addressHash: string, now: Date): Promise<void> {
  await db
    .insertInto('sign_in_addresses')
    .values({ user_id: userId, address_hash: addressHash, last_seen_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['user_id', 'address_hash']).doUpdateSet({ last_seen_at: now.toISOString() }))
    .execute();
}
