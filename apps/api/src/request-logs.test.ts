/** What the request logs keep: no token, reset link, password or card field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from './test/fixtures';
import { createTestApp, type TestApp } from './test/test-app';

const tenant = tenantFixture({ id: 76, slug: 'log-place' });
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(tenant)], { logLines: lines });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('keep the path and the query’s names, never its values, a password or a card', async () => {
    const secrets = [
      'order-token-3f9a8b7c6d5e',
      'reset-token-0a1b2c3d4e5f6a7b',
      'Hunter12!zz',
      '4242424242424242',
      'sess-0011223344556677',
    ];
    await t.app.inject({
      method: 'GET',
      url: `/api/orders/0b7c3b1e-0000-4000-8000-000000000000?token=${secrets[0]}`,
      headers: { 'x-restaurant-id': 'log-place' },
    });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${secrets[1]}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-native',
      headers: { 'x-restaurant-id': 'log-place', authorization: `Bearer ${secrets[4]}`, cookie: `accessToken=${secrets[4]}` },
      payload: { email: 'nobody@example.com', password: secrets[2] },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/tokenize',
      headers: { 'x-restaurant-id': 'log-place', 'content-type': 'application/json' },
      payload: { number: secrets[3], expiry: '1230', cvd: '123' },
    });
    const log = lines.join('');
    expect(log).toContain('/api/orders/0b7c3b1e-0000-4000-8000-000000000000?token=[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
