// A menu's 304 asked again is answered before Fastify (plugins/kept-not-modified.ts) over real HTTP:
// with the very headers Fastify gave it and a request id of its own, and never once the menu changed
// or for a request that differs in anything the answer depends on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

const fixture = tenantFixture({
  id: 53,
  slug: 'kept-place',
  membership_program: { enabled: true, members: [{ identifier: 'GOLD-7', firstName: 'Gia', lastName: 'Gold' }] },
});
const PATH = '/api/restaurants/53/menus?type=dine_in';
// The fixture publishes an item at the turn of 2999 (test/fixtures.ts): the menu changes then.
let current = Date.parse('2998-12-31T23:50:00Z');
const lines: string[] = [];
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp([asSource(fixture)], { now: () => new Date(current), logLines: lines, trustProxy: ['127.0.0.1'] });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}) => fetch(`${base}${PATH}`, { headers });
const kept = () => lines.filter((line) => line.includes('request answered from a kept 304')).length;
// On PostgreSQL the restaurant is read on every request (db/restaurants-repository.ts): nothing is at
// hand before Fastify, so every 304 is Fastify's, with the same headers.
const keptHere = () => (t.database.dialect === 'sqlite' ? 1 : 0);
const withoutExchange = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !['date', 'x-request-id', 'keep-alive', 'connection'].includes(name)));

describe('kept 304s', () => {
  it('answers a 304 asked again with the headers Fastify sent, a request id of its own, while the menu is unchanged', async () => {
    const etag = (await get()).headers.get('etag')!;
    const before = kept();
    const first = await get({ 'if-none-match': etag });
    expect(first.status).toBe(304);
    expect(kept()).toBe(before);
    const again = await get({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(kept()).toBe(before + keptHere());
    expect(withoutExchange(again)).toEqual(withoutExchange(first));
    expect(withoutExchange(again)).toMatchObject({ etag, 'content-security-policy': expect.stringContaining("default-src 'self'") });
    expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const balancer = await get({ 'if-none-match': etag, 'x-request-id': 'lb-1234567890' });
    expect(balancer.status).toBe(304);
    expect(balancer.headers.get('x-request-id')).toBe('lb-1234567890');
    expect(kept()).toBe(before + 2 * keptHere());
    // The log line names the path, not the query's values (lib/redact-url.ts).
    expect(lines.filter((line) => line.includes('kept 304')).join('')).not.toContain('dine_in');
  });

  it('never answers from what was kept for another member status, tenant claim or protocol', async () => {
    const etag = (await get()).headers.get('etag')!;
    await get({ 'if-none-match': etag });
    await get({ 'if-none-match': etag });
    const before = kept();
    const member = await get({ 'if-none-match': etag, cookie: 'kept-place-member=GOLD-7' });
    expect(member.status).toBe(200);
    expect(member.headers.get('etag')).not.toBe(etag);
    const otherTenant = await get({ 'if-none-match': etag, 'x-restaurant-id': 'another-place' });
    expect(otherTenant.status).toBe(404);
    expect(((await otherTenant.json()) as { error: string }).error).toBe('RESTAURANT_NOT_FOUND');
    // Over HTTPS (a trusted proxy says so) the 304 carries HSTS, kept and answered again with it.
    const secure = { 'if-none-match': etag, 'x-forwarded-proto': 'https' };
    const overHttps = await get(secure);
    expect(overHttps.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    const overHttpsAgain = await get(secure);
    expect(overHttpsAgain.status).toBe(304);
    expect(overHttpsAgain.headers.get('strict-transport-security')).toBe(overHttps.headers.get('strict-transport-security'));
    expect((await get({ 'if-none-match': etag })).headers.get('strict-transport-security')).toBeNull();
    expect(kept()).toBe(before + 2 * keptHere());
  });

  it('answers the new menu once it has changed, not the kept 304', async () => {
    const etag = (await get()).headers.get('etag')!;
    await get({ 'if-none-match': etag });
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    current = Date.parse('2999-01-01T00:01:00Z');
    const changed = await get({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(await changed.json())).toContain('Next month');
  });
});
