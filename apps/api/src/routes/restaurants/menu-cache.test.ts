import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenusResponse } from '@servery/contracts/restaurant';
import { findRestaurantById } from '../../db/restaurants-repository';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getMenus } from '../../use-cases/menus/get-menus';

let t: TestApp;
const fixture = tenantFixture({
  id: 51,
  slug: 'cached-place',
  membership_program: { enabled: true, members: [{ identifier: 'GOLD-7', firstName: 'Gia', lastName: 'Gold' }] },
});
const burger = fixture.menu_groups![0]!.menus![0]!.sections![0]!.items![0]!;
burger.description = '<p onclick="steal()">Smash <strong>burger</strong><script>steal()</script></p>';
burger.localization = { 'fr-CA': { name: 'Burger <b>écrasé</b>', description: '<img src=x onerror=steal()>Burger écrasé' } };

beforeAll(async () => {
  t = await createTestApp([asSource(fixture)]);
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/restaurants/51/menus?type=dine_in', headers });
const names = (body: MenusResponse) => body.menu_groups.flatMap((group) => group.menus.map((menu) => menu.name));

describe('menu caching', () => {
  it('answers an ETag and 304 when the client already has this version', async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('answers 304 only for the restaurant, order type and member status the ETag was made for', async () => {
    const etag = (await get()).headers.etag as string;
    const conditional = { 'if-none-match': etag };
    expect((await get({ ...conditional, cookie: 'cached-place-member=GOLD-7' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/restaurants/51/menus?type=catering', headers: conditional })).statusCode).toBe(
      200,
    );
    const unknown = await t.app.inject({ method: 'GET', url: '/api/restaurants/59/menus?type=dine_in', headers: conditional });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('RESTAURANT_NOT_FOUND');
    const otherTenant = await get({ ...conditional, 'x-restaurant-id': 'another-place' });
    expect(otherTenant.statusCode).toBe(404);
    const badType = await t.app.inject({ method: 'GET', url: '/api/restaurants/51/menus?type=brunch', headers: conditional });
    expect(badType.statusCode).toBe(400);
  });

  it('sends precompressed bytes the client accepts', async () => {
    const plain = await get();
    const gzipped = await get({ 'accept-encoding': 'gzip' });
    const brotli = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('sanitises descriptions and keeps names as text', async () => {
    const body = (await get()).json<MenusResponse>();
    const item = body.menu_groups[0]!.menus[0]!.sections[0]!.items[0]!;
    expect(item.description).toBe('<p>Smash <strong>burger</strong></p>');
    expect(item.localization['fr-CA']).toEqual({ name: 'Burger écrasé', description: 'Burger écrasé' });
  });

  it('adds member-only menus for a valid member cookie, and only then', async () => {
    expect(names((await get()).json())).not.toContain('Members');
    expect(names((await get({ cookie: 'cached-place-member=nobody' })).json())).not.toContain('Members');
    expect(names((await get({ cookie: 'other=1; cached-place-member=gold-7' })).json())).toContain('Members');
    const guestTag = (await get()).headers.etag;
    const memberTag = (await get({ cookie: 'cached-place-member=GOLD-7' })).headers.etag;
    expect(memberTag).not.toBe(guestTag);
  });

  it('shows scheduled content once its publication time has passed, without a new import', async () => {
    const restaurant = (await findRestaurantById(t.database.db, 51))!;
    const itemNames = (body: MenusResponse) =>
      body.menu_groups.flatMap((g) => g.menus.flatMap((m) => m.sections.flatMap((s) => s.items.map((i) => i.name))));
    const before = await getMenus(t.database.db, restaurant, 'dine_in', false, new Date('2998-12-31T23:59:00Z'));
    const after = await getMenus(t.database.db, restaurant, 'dine_in', false, new Date('2999-01-01T00:01:00Z'));
    expect(itemNames(before.value)).not.toContain('Next month');
    expect(itemNames(after.value)).toContain('Next month');
    expect(after.etag).not.toBe(before.etag);
  });
});

describe('menu caching with two databases in one process', () => {
  // The API test files share their worker's modules (docs/decisions/0090-test-stages-in-parallel.md),
  // as a process serving one database never would: the same tenant id and menu version in another
  // database must still answer that database's own restaurant, data and menus.
  it("answers each database's own menus and data for the same tenant id and version", async () => {
    const renamed = tenantFixture({ id: 51, slug: 'cached-place', name: 'Another Place' });
    renamed.menu_groups![0]!.menus![0]!.sections![0]!.items![0]!.name = 'Only in the second database';
    const other = await createTestApp([asSource(renamed)]);
    try {
      const itemNames = (body: MenusResponse) =>
        body.menu_groups.flatMap((g) => g.menus.flatMap((m) => m.sections.flatMap((s) => s.items.map((i) => i.name))));
      const url = '/api/restaurants/51/menus?type=dine_in';
      const first = (await t.app.inject({ method: 'GET', url })).json<MenusResponse>();
      const second = (await other.app.inject({ method: 'GET', url })).json<MenusResponse>();
      expect(first.version).toBe(second.version);
      expect(itemNames(first)).not.toContain('Only in the second database');
      expect(itemNames(second)).toContain('Only in the second database');
      const data = await other.app.inject({ method: 'GET', url: '/cached-place/data.json' });
      expect(data.statusCode, data.body).toBe(200);
      expect(data.json().name).toBe('Another Place');
      expect((await t.app.inject({ method: 'GET', url: '/cached-place/data.json' })).json().name).not.toBe('Another Place');
    } finally {
      await other.close();
    }
  });
});
