/** Maintenance mode (plugins/maintenance.ts): every API call but health is refused in the diner's language, and nothing is written. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { asSource, tenantFixture } from '../test/fixtures';
import { BARE_APP_CONFIG } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { importTenants } from '../use-cases/platform/import-tenants';
import type { FastifyInstance } from 'fastify';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  expect((await importTenants(database.db, [asSource(tenantFixture({ id: 88, slug: 'under-works' }))], new Date())).ok).toBe(true);
  app = await buildApp({ ...BARE_APP_CONFIG, MAINTENANCE: true }, database, { tabSweepMs: null });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

it('refuses API calls with 503 MAINTENANCE and Retry-After, in the asked language, and writes nothing', async () => {
  const menus = await app.inject({ method: 'GET', url: '/api/restaurants/under-works/menus', headers: { 'accept-language': 'fr-CA' } });
  expect(menus.statusCode).toBe(503);
  expect(menus.headers['retry-after']).toBe('60');
  expect(menus.json()).toEqual({
    code: 503,
    error: 'MAINTENANCE',
    message: 'Nous apportons des améliorations. Les commandes reprennent dans quelques minutes.',
  });
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register-user',
    headers: { 'x-restaurant-id': 'under-works' },
    payload: { firstName: 'Ada', lastName: 'L', email: 'ada-maintenance@example.com', password: 'Secret12!' },
  });
  expect(register.json()).toMatchObject({ error: 'MAINTENANCE' });
  expect(await database.db.selectFrom('users').select('id').where('email', '=', 'ada-maintenance@example.com').execute()).toEqual([]);
});

it('still answers the health check', async () => {
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});
