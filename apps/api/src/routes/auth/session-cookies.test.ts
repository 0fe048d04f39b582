/**
 * Session cookies (plugins/session.ts; issue 29 item 4): a new session at every sign-in (no
 * fixation); over HTTPS, directly or behind the trusted proxy, the cookie is `__Host-` prefixed and
 * Secure, and a bare-named cookie (one a page over plain HTTP could have set) opens nothing there; a
 * cookie replayed after sign-out is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const PROXY = '10.9.8.7';
const PASSWORD = 'Secret12!';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp([asSource(tenantFixture({ id: 63, slug: 'cookie-bistro' }))], { trustProxy: [PROXY] });
});
afterAll(async () => {
  await t.close();
});

const https = { 'x-forwarded-proto': 'https' };
const call = (url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-restaurant-id': 'cookie-bistro', ...headers },
    remoteAddress: PROXY,
    ...(payload && { payload }),
  });
const setCookies = (response: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((response.headers['set-cookie'] as string[]) ?? []);
const tokenIn = (cookies: string[], name: string) =>
  cookies
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

describe('session cookies', () => {
  it('over HTTPS are __Host- prefixed and Secure, open the session, and a bare-named one opens nothing', async () => {
    const email = `cookies-${Date.now()}@example.com`;
    const registered = await call(
      '/api/auth/register-user',
      { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, phoneNumber: '(416) 555-0199' },
      https,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const login = await call('/api/auth/login-native', { email, password: PASSWORD }, https);
    expect(login.statusCode, login.body).toBe(200);
    const cookies = setCookies(login);
    const hostCookie = cookies.find((c) => c.startsWith('__Host-accessToken='));
    expect(hostCookie).toMatch(/; Path=\/;.*HttpOnly; SameSite=Lax; Secure$/);
    expect(hostCookie).not.toMatch(/Domain=/i);
    expect(cookies.some((c) => c.startsWith('accessToken='))).toBe(false);
    const token = tokenIn(cookies, '__Host-accessToken')!;
    // No fixation: signing in again makes another session.
    expect(token).not.toBe(registered.json().token);

    const withHost = await call('/api/auth/get-past-receipts', {}, { ...https, cookie: `__Host-accessToken=${token}` });
    expect(withHost.statusCode, withHost.body).toBe(200);
    const bare = await call('/api/auth/get-past-receipts', {}, { ...https, cookie: `accessToken=${token}` });
    expect(bare.json()).toMatchObject({ code: 201 });

    // Replayed after sign-out: refused.
    const out = await call('/api/auth/logout', { accessToken: token }, https);
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).some((c) => c.startsWith('__Host-accessToken=;') && /Max-Age=0/.test(c))).toBe(true);
    const replayed = await call('/api/auth/get-past-receipts', {}, { ...https, cookie: `__Host-accessToken=${token}` });
    expect(replayed.json()).toMatchObject({ code: 201 });
  });

  it('over plain HTTP keep the bare name, without Secure', async () => {
    const email = `plain-${Date.now()}@example.com`;
    const registered = await call('/api/auth/register-user', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: PASSWORD,
      phoneNumber: '(416) 555-0199',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const cookies = setCookies(registered);
    expect(cookies.some((c) => c.startsWith('accessToken=') && !/Secure/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('__Host-'))).toBe(false);
  });
});
