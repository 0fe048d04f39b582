/**
 * The database away: a request is answered 503 with the envelope and Retry-After within a few
 * seconds (pool and statement timeouts, db/database.ts), and /api/health names what is down. The
 * server here points at a PostgreSQL port nothing listens on, as a stopped database looks.
 */
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { repoRoot } from '../config';
import { isDatabaseUnavailable, openDatabase, type Db } from '../db/database';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Db;

/** A port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  database = openDatabase(`postgres://servery:secret@127.0.0.1:${await closedPort()}/servery`);
  app = await buildApp(
    {
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
      TENANTS_DIR: path.join(repoRoot, 'tenants'),
      DEV_ROUTES: false,
      TRUST_PROXY: [],
      DELIVERY_WORKERS: false,
    },
    database,
    {},
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the database away', () => {
  it('/api/health answers 503 naming the database, within seconds', async () => {
    const started = Date.now();
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'fr-CA' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      down: ['database'],
      message: expect.stringContaining('indisponible'),
    });
    expect(health.headers['retry-after']).toBe('5');
  });

  it('a diner’s request is 503 with the envelope, not a 500', async () => {
    const menus = await app.inject({ method: 'GET', url: '/api/restaurants/101/menus?type=dine_in' });
    expect(menus.statusCode).toBe(503);
    expect(menus.json()).toMatchObject({ code: 503, error: 'SERVICE_UNAVAILABLE' });
    expect(menus.headers['retry-after']).toBe('5');
  });

  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, true],
    [{ code: '08006' }, true],
    [{ code: '57014', message: 'canceling statement due to statement timeout' }, true],
    [{ message: 'timeout exceeded when trying to connect' }, true],
    [{ code: 'SQLITE_BUSY' }, true],
    [new Error('Client has encountered a connection error and is not queryable'), true],
    [new Error('Connection terminated unexpectedly'), true],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }, false],
    [{ code: '42P01', message: 'relation "x" does not exist' }, false],
    [new Error('something else'), false],
  ])('isDatabaseUnavailable(%o) is %s', (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
