import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

const tenant = tenantFixture({
  id: 75,
  slug: 'csrf-place',
  subsidies: {
    is_active: true,
    target_users: 'codes',
    target_items: 'all',
    type: 'discount',
    discount_percentage: '10',
    codes: ['LUNCH-1'],
  },
});

let t: TestApp;
let cookie: string;
let bearer: string;
beforeAll(async () => {
  t = await createTestApp([asSource(tenant)]);
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register-user',
    headers: { 'x-restaurant-id': 'csrf-place' },
    payload: { firstName: 'Sam', lastName: 'Site', email: 'csrf@example.com', password: 'Secret12!' },
  });
  bearer = registered.json().token;
  cookie = `accessToken=${bearer}; userId=${registered.json().user.id}`;
});
afterAll(() => t.close());

async function subsidyCode(): Promise<string | null> {
  const snapshot = await t.app.inject({
    method: 'POST',
    url: '/api/auth/get-user-snapshot',
    headers: { 'x-restaurant-id': 'csrf-place', authorization: `Bearer ${bearer}` },
    payload: {},
  });
  return snapshot.json().subsidyCode;
}

async function giveCode() {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/auth/add-subsidy-code',
    headers: { 'x-restaurant-id': 'csrf-place', authorization: `Bearer ${bearer}` },
    payload: { code: 'LUNCH-1' },
  });
  expect(added.statusCode, added.body).toBe(200);
}

/** The tables are written before the session exists: 'SESSION' stands for its cookie. */
const deleteCode = (headers: Record<string, string>, payload?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/delete-subsidy-code',
    headers: {
      'x-restaurant-id': 'csrf-place',
      host: 'servery.example',
      ...headers,
      ...(headers.cookie === 'SESSION' && { cookie }),
    },
    ...(payload !== undefined && { payload }),
  });

describe('cookie-authenticated changes from another site', () => {
  it.each<[string, Record<string, string>, string | undefined]>([
    ['another origin', { cookie: 'SESSION', origin: 'https://evil.example', 'content-type': 'application/json' }, '{}'],
    ['an opaque origin', { cookie: 'SESSION', origin: 'null', 'content-type': 'application/json' }, '{}'],
    ['a cross-site fetch with no Origin', { cookie: 'SESSION', 'sec-fetch-site': 'cross-site' }, undefined],
    ['a sibling site', { cookie: 'SESSION', 'sec-fetch-site': 'same-site' }, undefined],
    ['a text/plain form with no browser headers', { cookie: 'SESSION', 'content-type': 'text/plain' }, 'x'],
    ['a url-encoded form', { cookie: 'SESSION', 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['a body-less POST', { cookie: 'SESSION' }, undefined],
  ])('%s is refused and changes nothing', async (_case, headers, payload) => {
    await giveCode();
    const answer = await deleteCode(headers, payload);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 403, error: 'CROSS_SITE_REQUEST', message: expect.stringMatching(/another site/) });
    expect(await subsidyCode()).toBe('LUNCH-1');
  });

  it.each<[string, Record<string, string>, string | undefined]>([
    ['our own origin', { cookie: 'SESSION', origin: 'http://servery.example' }, undefined],
    ['the configured public address', { cookie: 'SESSION', origin: 'http://localhost:3000' }, undefined],
    ['a same-origin fetch', { cookie: 'SESSION', 'sec-fetch-site': 'same-origin' }, undefined],
    ['JSON without browser headers', { cookie: 'SESSION', 'content-type': 'application/json' }, '{}'],
    ['a bearer token and no cookie', { authorization: `Bearer ${'x'}` }, undefined],
    ['a bearer token beside the cookie', { cookie: 'SESSION', authorization: `Bearer ${'x'}` }, undefined],
  ])('%s goes through', async (_case, headers, payload) => {
    await giveCode();
    const withToken = headers.authorization ? { ...headers, authorization: `Bearer ${bearer}` } : headers;
    const answer = await deleteCode(withToken, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await subsidyCode()).toBeNull();
  });
});
