/**
 * One rule for text input (packages/contracts/src/text-input.ts; issue 29 item 2): a control
 * character anywhere in a body, a query or a path is a 400 naming the field, in the caller's
 * language, on SQLite and PostgreSQL alike (PostgreSQL cannot store NUL and answered 500); a URL that
 * does not parse is the field's 400, never a 500. Nothing is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { staffMember } from '../test/staff-member';
import { createTestApp, type TestApp } from '../test/test-app';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
let t: TestApp;
let owner = '';

beforeAll(async () => {
  t = await createTestApp([bistroFile]);
  owner = (await staffMember(t.database.db, { email: 'owner@text-input.example.com', restaurantId: BISTRO, role: 'owner' })).token;
});
afterAll(async () => {
  await t.close();
});

const addWebhook = (payload: object, locale = 'en-CA') =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/webhooks',
    headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${owner}`, 'accept-language': locale },
    payload,
  });
const endpoints = async () => (await t.database.db.selectFrom('webhook_endpoints').select('id').execute()).length;

describe('text input', () => {
  it('refuses a NUL or another control character with a 400 naming the field, in both languages, and writes nothing', async () => {
    for (const description of ['Kitchen\u0000printer', 'bell\u0007', 'esc\u001B[0m']) {
      const english = await addWebhook({ url: 'https://hooks.example.com/in', description });
      expect(english.statusCode, english.body).toBe(400);
      expect(english.json()).toMatchObject({
        error: 'VALIDATION_FAILED',
        details: [{ path: 'body.description', message: 'must not contain control characters' }],
      });
      const french = await addWebhook({ url: 'https://hooks.example.com/in', description }, 'fr-CA');
      expect(french.statusCode).toBe(400);
      expect(french.json().message).not.toBe(english.json().message);
    }
    expect(await endpoints()).toBe(0);
  });

  it('keeps lines and tabs, accents and emoji', async () => {
    const added = await addWebhook({ url: 'https://hooks.example.com/in', description: 'Crème\tbrûlée 🍮' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().endpoint.description).toBe('Crème\tbrûlée 🍮');
  });

  it('refuses a URL that does not parse with a 400 naming the field, never a 500', async () => {
    for (const url of ['http://', 'x', 'http://[::1', 'http://exa mple.com', 'ftp://example.com']) {
      const answer = await addWebhook({ url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(answer.json().details).toEqual([{ path: 'body.url', message: 'must be an http(s) URL' }]);
    }
  });

  it('refuses a control character in a query or a path the same way', async () => {
    const query = await t.app.inject({ method: 'GET', url: `/api/restaurants/${BISTRO}/menus?type=dine_in%00` });
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json().details).toEqual([{ path: 'querystring.type', message: 'must not contain control characters' }]);
    const inPath = await t.app.inject({
      method: 'GET',
      url: '/api/staff/orders/%00abc',
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${owner}` },
    });
    expect(inPath.statusCode, inPath.body).toBeGreaterThanOrEqual(400);
    expect(inPath.statusCode).toBeLessThan(500);
  });
});
