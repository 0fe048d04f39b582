/**
 * The order-event hub against the real database (ports/order-events.ts, migration 0025): it reads
 * what committed past the last change it saw, never what rolled back, and on PostgreSQL takes a
 * change whose number was handed out before one it already read once that change commits.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { importTenants } from '../use-cases/platform/import-tenants';
import { liveChangesRepository } from '../db/live-changes-repository';
import { recordOrderEvent } from '../db/order-events-repository';
import { LIVE_BATCH, orderEventHub, type OrderEvent, type OrderEventHub } from './order-events';

const RESTAURANT = 4711;
let database: TestDatabase;
let hub: OrderEventHub;
const heard: OrderEvent[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await importTenants(database.db, [asSource(tenantFixture({ id: RESTAURANT, slug: 'hub-test' }))], new Date('2026-11-29T12:00:00Z'));
  hub = orderEventHub(liveChangesRepository(database, { batch: LIVE_BATCH }), { pollMs: 20 });
  await hub.subscribe(RESTAURANT, (event) => heard.push(event)).ready;
});
afterAll(async () => {
  await hub.close();
  await database.drop();
});

const now = new Date('2026-11-29T12:00:00Z');
const record = (orderId: string, db = database.db) => recordOrderEvent(db, { restaurantId: RESTAURANT, orderId, type: 'placed' }, now);
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not heard within ${ms} ms: ${JSON.stringify(heard.map((e) => e.orderId))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const heardOf = (orderId: string) => heard.filter((event) => event.orderId === orderId).length;

describe('the order-event hub', () => {
  it('tells of a committed event once, and never of one rolled back', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await record('rolled-back', trx);
        throw new Error('the order failed');
      })
      .catch(() => undefined);
    await record('committed');
    await until(() => heardOf('committed') === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardOf('committed')).toBe(1);
    expect(heardOf('rolled-back')).toBe(0);
  });

  it.skipIf(process.env.DATABASE_URL?.startsWith('postgres') !== true)(
    'takes an event that commits after a later-numbered one it has already told of',
    async () => {
      let commitSlow!: () => void;
      const slowMayCommit = new Promise<void>((resolve) => (commitSlow = resolve));
      let slowWritten!: () => void;
      const slowHasWritten = new Promise<void>((resolve) => (slowWritten = resolve));
      const slow = database.db.transaction().execute(async (trx) => {
        await record('slow', trx);
        slowWritten();
        await slowMayCommit;
      });
      await slowHasWritten;
      await record('fast');
      await until(() => heardOf('fast') === 1);
      expect(heardOf('slow')).toBe(0);
      commitSlow();
      await slow;
      await until(() => heardOf('slow') === 1);
      expect(heard.map((event) => event.orderId).filter((id) => id === 'slow' || id === 'fast')).toEqual(['fast', 'slow']);
    },
  );

  it.skipIf(process.env.DATABASE_URL?.startsWith('postgres') !== true)(
    'has nothing in the database that NOTIFYs: a committing order takes no lock on the whole database',
    async () => {
      const { rows } = await sql<{ name: string }>`
        select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and (p.prosrc ilike '%pg_notify%' or p.prosrc ~* '\mnotify\s')`.execute(database.db);
      expect(rows).toEqual([]);
    },
  );
});
