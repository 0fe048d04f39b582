/**
 * PostgreSQL stopped under load and started again, with the real server process running on: six
 * diners place orders (each with its own Idempotency-Key) and PostgreSQL is shut down as an operator
 * would once some are acknowledged. While it is down every answer is a 503 with the envelope and
 * Retry-After within a few seconds (db/database.ts pool and statement timeouts, plugins/errors.ts),
 * and /api/health names the database; a diner that gets a 503 sends the same order again later, as
 * the web app does. When PostgreSQL is back the same server recovers by itself, every order is
 * placed exactly once, and every order acknowledged before the stop is still there.
 *
 * Its own cluster (scripts/lib.mjs startPostgres, with PostgreSQL's crash safety left on), run in the
 * PostgreSQL pass of the suite only: SQLite is a file inside the server's own process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureApiBuild, startPostgres, type PostgresCluster } from '../../../../scripts/lib.mjs';
import { todayAtOnePmInToronto } from '../../../../scripts/open-hours.mjs';
import { openDatabase, type Db } from '../db/database';
import { cardToken, onPostgres, placeDineInOrder, startedServerProcess, stopServerProcess, type ServerProcess } from './server-process';

const ORDERS = 40;
const DINERS = 6;
/** PostgreSQL is stopped once this many orders were acknowledged. */
const STOP_AFTER = 8;
/** A diner waits this long after a 503 before sending the same order again. */
const RETRY_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OutageAnswer {
  ms: number;
  body: unknown;
  retryAfter: string | null;
}

describe.skipIf(!onPostgres)('PostgreSQL stopped under load', () => {
  let cluster: PostgresCluster | null = null;
  let server: ServerProcess | null = null;
  let database: Db | null = null;

  beforeAll(async () => {
    await ensureApiBuild({ exitOnFailure: false });
    cluster = await startPostgres({ durable: true, quiet: true });
    if (!cluster) throw new Error('PostgreSQL could not be started');
    server = await startedServerProcess(cluster.url, { CLOCK_START: todayAtOnePmInToronto().toISOString(), LOAD_DEMO_TENANTS: '1' });
    // The test's own checks read every order, as the operator would (db/data-scope.ts).
    database = openDatabase(cluster.url, { outsideScope: 'owner' });
  }, 180_000);

  afterAll(async () => {
    await stopServerProcess(server);
    await database?.close();
    await cluster?.stop();
  });

  it('answers 503 within seconds while it is down, recovers by itself, and keeps every order exactly once', async () => {
    const tokens = await Promise.all(Array.from({ length: ORDERS }, () => cardToken(server!)));
    const keys = tokens.map((_, i) => `database-stopped-${i}`);
    const acknowledged = new Map<number, string>();
    const acknowledgedBeforeStop = new Set<number>();
    const outage: OutageAnswer[] = [];
    const unexpected: string[] = [];
    const queue = keys.map((_, i) => i);
    let stopped = false;
    const deadline = Date.now() + 120_000;

    const diner = async () => {
      while (Date.now() < deadline && acknowledged.size + unexpected.length < ORDERS) {
        const i = queue.shift();
        if (i === undefined) {
          // Every order is either acknowledged or with another diner who may give it back.
          await sleep(50);
          continue;
        }
        const started = Date.now();
        const response = await placeDineInOrder(server!, keys[i]!, tokens[i]!).catch((error: Error) => {
          throw new Error(`order ${i} got no answer (${error.message}); the server said:\n${server!.output()}`);
        });
        const ms = Date.now() - started;
        if (response.status === 200 || response.status === 201) {
          acknowledged.set(i, ((await response.json()) as { order: { id: string } }).order.id);
          if (!stopped) acknowledgedBeforeStop.add(i);
        } else if (response.status === 503) {
          outage.push({ ms, body: await response.json(), retryAfter: response.headers.get('retry-after') });
          queue.push(i);
          await sleep(RETRY_MS);
        } else {
          unexpected.push(`order ${i}: ${response.status} ${await response.text()}`);
        }
      }
    };

    const operator = async () => {
      while (acknowledged.size < STOP_AFTER) await sleep(20);
      stopped = true;
      expect(await cluster!.pause()).toBe(true);

      // Down: the health check says which dependency, within seconds, in the diner's language.
      const asked = Date.now();
      const health = await fetch(`${server!.url}/api/health`, { headers: { 'accept-language': 'fr-CA' } });
      expect(Date.now() - asked).toBeLessThan(5_000);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', down: ['database'] });

      // Down for a while under load, then back; the server is not restarted.
      while (outage.length < 2 * DINERS) await sleep(50);
      await sleep(2_000);
      expect(await cluster!.resume()).toBe(true);
      const back = Date.now();
      for (;;) {
        const again = await fetch(`${server!.url}/api/health`).catch(() => null);
        if (again?.status === 200) break;
        expect(Date.now() - back, 'the server is healthy again once PostgreSQL is back').toBeLessThan(20_000);
        await sleep(200);
      }
    };

    await Promise.all([operator(), ...Array.from({ length: DINERS }, diner)]);

    expect(unexpected, server!.output()).toEqual([]);
    expect(stopped).toBe(true);
    expect(acknowledgedBeforeStop.size).toBeGreaterThanOrEqual(STOP_AFTER);
    // The outage was felt, and felt as a 503 with the envelope and Retry-After within a few seconds.
    expect(outage.length).toBeGreaterThanOrEqual(2 * DINERS);
    for (const answer of outage) {
      expect(answer.ms).toBeLessThan(5_000);
      expect(answer.body).toMatchObject({ code: 503, error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
      expect(answer.retryAfter).toBe('5');
    }
    // Every order went through in the end, once each, charged once each.
    expect(acknowledged.size).toBe(ORDERS);
    const rows = await database!.db
      .selectFrom('orders')
      .leftJoin('payments', (join) => join.onRef('payments.order_id', '=', 'orders.id').on('payments.status', '=', 'captured'))
      .select(['orders.id', 'orders.idempotency_key', 'payments.id as payment'])
      .where('orders.idempotency_key', 'in', keys)
      .execute();
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(rows.map((row) => row.idempotency_key)).size).toBe(ORDERS);
    expect(rows.every((row) => row.payment !== null)).toBe(true);
    for (const [i, id] of acknowledged) expect(rows.find((row) => row.idempotency_key === keys[i])?.id).toBe(id);

    // Sent again with the same keys, every order replays the one that was placed.
    for (const i of acknowledgedBeforeStop) {
      const replay = await placeDineInOrder(server!, keys[i]!, tokens[i]!);
      expect([200, 201]).toContain(replay.status);
      expect(await replay.json()).toMatchObject({ replayed: true, order: { id: acknowledged.get(i) } });
    }
  }, 180_000);
});
