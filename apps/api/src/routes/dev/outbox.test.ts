import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const tenant = tenantFixture({ id: 74, slug: 'outbox-place' });

describe('the developer outbox', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp([asSource(tenant)], { devRoutes: false });
    on = await createTestApp([asSource(tenant)], { devRoutes: true });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  const read = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

  it('does not exist unless DEV_ROUTES is set, so a reset link cannot be read from the network', async () => {
    const forgot = await off.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'x-restaurant-id': 'outbox-place' },
      payload: { email: 'someone@example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    for (const address of ['127.0.0.1', '203.0.113.5']) {
      const answer = await read(off, address);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('when set, answers only a request made on this machine straight to the server', async () => {
    expect((await read(on, '127.0.0.1')).statusCode).toBe(200);
    expect((await read(on, '::1')).statusCode).toBe(200);
    expect((await read(on, '203.0.113.5')).statusCode).toBe(404);
    expect((await read(on, '10.0.0.8')).statusCode).toBe(404);
    // Through a proxy on this machine, the request is someone else's.
    expect((await read(on, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
    expect((await read(on, '127.0.0.1', { forwarded: 'for=203.0.113.5' })).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('listens on this machine only unless HOST says otherwise, and trusts no proxy unless told', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TRUST_PROXY).toEqual([]);
    expect(config.DEV_ROUTES).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' })).toMatchObject({
      HOST: '0.0.0.0',
      TRUST_PROXY: ['10.0.0.1', '192.168.0.0/16', '::1'],
    });
  });

  it('refuses the developer routes in production and a proxy list it cannot read, naming the setting', () => {
    expect(() => loadConfig({ DEV_ROUTES: '1', NODE_ENV: 'production' })).toThrow(/DEV_ROUTES: .*production/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" is not an IP address or CIDR range/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ DEV_ROUTES: '1' }).DEV_ROUTES).toBe(true);
  });
});
