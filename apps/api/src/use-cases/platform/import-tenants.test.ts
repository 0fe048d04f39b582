import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRestaurantById, loadPublishedMenuTree } from '../../db/restaurants-repository';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { importTenants } from './import-tenants';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const now = new Date('2026-11-22T12:00:00Z');
const countItems = async () =>
  (await database.db.selectFrom('items').select(database.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;

describe('importTenants', () => {
  it('stores a tenant with prices in cents and publishes content without a date at import', async () => {
    const result = await importTenants(database.db, [asSource(tenantFixture({ id: 41, slug: 'importer' }))], now);
    expect(result).toEqual({ ok: true, imported: [{ id: 41, slug: 'importer' }] });
    const item = await database.db
      .selectFrom('items')
      .selectAll()
      .where('restaurant_id', '=', 41)
      .where('id', '=', 4104)
      .executeTakeFirstOrThrow();
    expect(item.price_cents).toBe(1250);
    expect(item.published_at).toBe(now.toISOString());
  });

  it('places events from the import day by their offset, at their wall-clock times, the lock moving with the start', async () => {
    const tenant = tenantFixture({
      id: 47,
      slug: 'offset-arena',
      zone: 'America/Toronto',
      suites_enabled: true,
      suites: [{ id: 4750, name: 'Suite A' }],
      events: [
        // Written for an import on 24 November 2026 (EST); imported on 1 March 2027 it is 21 March, after the change to EDT.
        {
          id: 4770,
          name: 'Concert',
          starts_at: '2026-12-12T19:30',
          ends_at: '2026-12-12T22:30',
          pre_order_lock_at: '2026-12-09T23:59',
          import_day_offset: 20,
          suites: [],
        },
        {
          id: 4771,
          name: 'Tonight',
          starts_at: '2026-11-24T19:00',
          pre_order_lock_at: '2026-11-21T23:59',
          on_import_day: true,
          suites: [],
        },
        { id: 4772, name: 'Fixed', starts_at: '2026-12-31T18:00', pre_order_lock_at: '2026-12-28T23:59', suites: [] },
      ],
    });
    const result = await importTenants(database.db, [asSource(tenant)], new Date('2027-03-01T17:00:00Z'));
    expect(result.ok).toBe(true);
    const events = (await findRestaurantById(database.db, 47))!.settings.events;
    expect(events.map((event) => [event.id, event.starts_at, event.ends_at ?? null, event.pre_order_lock_at])).toEqual([
      [4770, '2027-03-21T23:30:00.000Z', '2027-03-22T02:30:00.000Z', '2027-03-19T03:59:00.000Z'],
      [4771, '2027-03-02T00:00:00.000Z', null, '2027-02-27T04:59:00.000Z'],
      [4772, '2026-12-31T23:00:00.000Z', null, '2026-12-29T04:59:00.000Z'],
    ]);
  });

  it('upserts: a second import replaces the menu and bumps the menu version', async () => {
    const renamed = tenantFixture({ id: 41, slug: 'importer', name: 'Renamed' });
    renamed.menu_groups![0]!.menus![0]!.sections![0]!.items![0]!.price = '13.00';
    await importTenants(database.db, [asSource(renamed)], now);
    const restaurant = await findRestaurantById(database.db, 41);
    expect(restaurant?.settings.name).toBe('Renamed');
    expect(restaurant?.menuVersion).toBe(2);
    const tree = await loadPublishedMenuTree(database.db, 41, now.toISOString());
    expect(tree.menuGroups[0]?.menus[0]?.sections[0]?.items[0]?.price).toBe(1300);
  });

  it('refuses a file with a wrong type whole, naming the file and the JSON path, and changes nothing', async () => {
    const before = await countItems();
    const bad = tenantFixture({ id: 42, slug: 'broken' });
    (bad.menu_groups![0]!.menus![0]!.sections![0]!.items![0] as { price: unknown }).price = true;
    const result = await importTenants(database.db, [asSource(tenantFixture({ id: 43, slug: 'fine' })), asSource(bad, 'broken.json')], now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      expect.stringContaining('broken.json: $.menu_groups[0].menus[0].sections[0].items[0].price: must be an amount'),
    ]);
    expect(await countItems()).toBe(before);
    expect(await findRestaurantById(database.db, 43)).toBeNull();
  });

  it('refuses text the console would refuse (a bidirectional override, a zero-width space), naming each place, and changes nothing', async () => {
    const bad = tenantFixture({ id: 44, slug: 'hidden-text' });
    const item = bad.menu_groups![0]!.menus![0]!.sections![0]!.items![0]!;
    item.name = 'Soup\u202Eof the day';
    item.description = 'Hot\u200B';
    const result = await importTenants(database.db, [asSource(bad, 'hidden.json')], now);
    expect(result).toEqual({
      ok: false,
      errors: [
        'hidden.json: $.menu_groups[0].menus[0].sections[0].items[0].name: must not contain control characters',
        'hidden.json: $.menu_groups[0].menus[0].sections[0].items[0].description: must not contain control characters',
      ],
    });
    expect(await findRestaurantById(database.db, 44)).toBeNull();
  });

  it('refuses text that is not JSON', async () => {
    const result = await importTenants(database.db, [{ name: 'garbage.json', text: '{ "id": 1,' }], now);
    expect(result).toMatchObject({ ok: false, errors: [expect.stringMatching(/^garbage\.json: \$: not valid JSON/)] });
  });

  it('refuses two files with the same restaurant id, and a slug owned by another restaurant', async () => {
    const twins = await importTenants(
      database.db,
      [asSource(tenantFixture({ id: 44, slug: 'a' })), asSource(tenantFixture({ id: 44, slug: 'b' }))],
      now,
    );
    expect(twins).toMatchObject({ ok: false, errors: [expect.stringContaining('restaurant id 44 is also used by a.json')] });
    const taken = await importTenants(database.db, [asSource(tenantFixture({ id: 45, slug: 'importer' }))], now);
    expect(taken).toMatchObject({ ok: false, errors: [expect.stringContaining('slug "importer" belongs to restaurant 41')] });
    expect(await findRestaurantById(database.db, 45)).toBeNull();
  });

  it('gives each of several imports of one restaurant at once its own menu version', async () => {
    const id = 48;
    await importTenants(database.db, [asSource(tenantFixture({ id, slug: 'racing' }))], now);
    const start = (await findRestaurantById(database.db, id))!.menuVersion;
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => importTenants(database.db, [asSource(tenantFixture({ id, slug: 'racing', name: `Racing ${n}` }))], now)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    // Read from the row itself: each import added one, none wrote a version another had written.
    const row = await database.db.selectFrom('restaurants').select('menu_version').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.menu_version).toBe(start + 4);
  });
});
