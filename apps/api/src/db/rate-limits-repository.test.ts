/**
 * The rate-limit counters a promo code on a cart reads on every cart change (rate-limits-repository.ts):
 * on SQLite what this process has read stays until it writes a counter itself, and another process's
 * write is seen within a second; PostgreSQL reads them every time
 * (docs/decisions/0043-promo-code-counters-and-kept-cart-bodies.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { openDatabase, type Db } from './database';
import { clearBucket, deleteExpiredHits, giveHitBack, hitsIn, takeHit } from './rate-limits-repository';

let database: TestDatabase;
/** A second connection to the same database, as another process has. */
let other: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  other = openDatabase(database.url);
});
afterAll(async () => {
  await other.close();
  await database.drop();
});

const windowStart = '2026-11-24T10:00:00.000Z';
const expiresAt = '2026-11-24T10:15:00.000Z';
const hitsOf = async (bucket: string, start = windowStart) =>
  (await hitsIn(database.db, [{ bucket, windowStart: start }])).get(bucket) ?? 0;

describe('rate-limit counters', () => {
  it('count this process’s every write at once: a hit taken, given back, cleared, expired', async () => {
    const bucket = 'promoCodeAddress:a:counted';
    const take = () => takeHit(database.db, { bucket, windowStart, expiresAt, max: 3 });
    expect(await hitsOf(bucket)).toBe(0);
    expect(await take()).toBe(true);
    expect(await hitsOf(bucket)).toBe(1);
    expect(await take()).toBe(true);
    expect(await take()).toBe(true);
    expect(await take()).toBe(false);
    expect(await hitsOf(bucket)).toBe(3);
    // Another window of the same bucket is counted apart.
    expect(await hitsOf(bucket, expiresAt)).toBe(0);
    await giveHitBack(database.db, bucket, windowStart);
    expect(await hitsOf(bucket)).toBe(2);
    await clearBucket(database.db, bucket);
    expect(await hitsOf(bucket)).toBe(0);
    expect(await take()).toBe(true);
    expect(await hitsOf(bucket)).toBe(1);
    await deleteExpiredHits(database.db, new Date(expiresAt));
    expect(await hitsOf(bucket)).toBe(0);
  });

  it('sees another process’s hits within a second (at once on PostgreSQL)', async () => {
    const bucket = 'promoCodeAddress:a:elsewhere';
    expect(await hitsOf(bucket)).toBe(0);
    // Taken on the other connection and not through this process's repository, as another process would.
    await other.db.insertInto('rate_limits').values({ bucket, window_start: windowStart, hits: 20, expires_at: expiresAt }).execute();
    const started = Date.now();
    let seen = await hitsOf(bucket);
    if (database.dialect === 'postgres') expect(seen).toBe(20);
    while (seen !== 20 && Date.now() - started < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await hitsOf(bucket);
    }
    expect(seen).toBe(20);
  });
});
