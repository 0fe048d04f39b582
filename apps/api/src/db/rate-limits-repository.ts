/** Rate-limit counters and the addresses an account signs in from (migration 0010). */
import type { Executor } from '../kernel/executor';
import { runCompiled } from './compiled-queries';
import { directReaderOf } from './database';

/**
 * A promo code on a cart is checked on every cart change, and each check reads its counters
 * (`hitsIn`): on SQLite that read was a tenth of the server time of a kept set-costs answer. One
 * server process holds a SQLite file (sqlite-lock.ts), and every write to the counters is made here,
 * so a count this process has read stays true until it writes a counter itself (`countersChanged`,
 * called by every write below). A window is part of what is kept: a new window is read anew. The
 * one second is a bound for anything that writes the file from outside. PostgreSQL serves several
 * processes, each writing: there, and inside a transaction, the counters are read every time
 * (docs/decisions/0043-promo-code-counters-on-sqlite.md).
 */
const RECENT_MS = 1000;
const RECENT_MAX = 10_000;
const recentHits = new WeakMap<object, Map<string, { hits: number; generation: number; at: number }>>();
let generation = 0;

function countersChanged(): void {
  generation += 1;
}

/**
 * Takes one hit of a bucket's window if fewer than `max` were taken, in one statement: the upsert
 * only increments below the limit, so requests racing on SQLite or PostgreSQL (one process or
 * several) never take more than `max` between them. Answers whether the hit was taken.
 */
export async function takeHit(
  db: Executor,
  hit: { bucket: string; windowStart: string; expiresAt: string; max: number },
): Promise<boolean> {
  // Before and after every write: what is read from now on is not kept past it (hitsIn).
  countersChanged();
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
  // Again once written: a read that ran while the statement waited for the connection is old.
  countersChanged();
  return row !== undefined;
}

/** The hits taken in these buckets' windows (absent: none). */
export async function hitsIn(db: Executor, windows: Array<{ bucket: string; windowStart: string }>): Promise<Map<string, number>> {
  // A transaction's executor and PostgreSQL have no direct reader: read as always.
  if (!directReaderOf(db)) return readHitsIn(db, windows);
  let recent = recentHits.get(db);
  if (!recent) recentHits.set(db, (recent = new Map()));
  const at = performance.now();
  const known = new Map<string, number>();
  for (const window of windows) {
    const hit = recent.get(`${window.bucket} ${window.windowStart}`);
    if (!hit || hit.generation !== generation || at - hit.at >= RECENT_MS) {
      known.clear();
      break;
    }
    known.set(window.bucket, hit.hits);
  }
  // Read from the counters, a bucket without hits is absent: the same answer either way.
  if (known.size === windows.length && known.size > 0) return new Map([...known].filter(([, hits]) => hits > 0));
  // Taken before the read: a write that lands while it runs makes what it read old at once.
  const seen = generation;
  const read = await readHitsIn(db, windows);
  for (const window of windows) {
    const key = `${window.bucket} ${window.windowStart}`;
    recent.delete(key);
    recent.set(key, { hits: read.get(window.bucket) ?? 0, generation: seen, at });
  }
  while (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return read;
}

async function readHitsIn(db: Executor, windows: Array<{ bucket: string; windowStart: string }>): Promise<Map<string, number>> {
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
  countersChanged();
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .execute();
  countersChanged();
}

export async function clearBucket(db: Executor, bucket: string): Promise<void> {
  countersChanged();
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
  countersChanged();
}

export async function deleteExpiredHits(db: Executor, now: Date): Promise<void> {
  countersChanged();
  await db.deleteFrom('rate_limits').where('expires_at', '<=', now.toISOString()).execute();
  countersChanged();
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
