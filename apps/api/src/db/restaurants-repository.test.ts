/**
 * The restaurant look-up every request makes (restaurants-repository.ts): on SQLite what this process
 * has read stays until it writes a restaurant itself, and what another process writes (the import
 * command beside the server) is seen within a second; PostgreSQL reads it every time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { importTenants } from '../use-cases/platform/import-tenants';
import { bumpMenuVersion, setOrdersPaused } from './availability-repository';
import { openDatabase, type Db } from './database';
import { findRestaurantById, findRestaurantBySlug } from './restaurants-repository';

const ID = 4401;
const tenant = tenantFixture({ id: ID, slug: 'lookup-place' });

let database: TestDatabase;
/** A second connection to the same database, as the import command run beside the server has. */
let other: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  const imported = await importTenants(database.db, [asSource(tenant)], new Date());
  expect(imported.ok).toBe(true);
  other = openDatabase(database.url);
});
afterAll(async () => {
  await other.close();
  await database.drop();
});

describe('the restaurant look-up', () => {
  it('finds a restaurant by id and by slug, and nothing for a name that is not one', async () => {
    expect((await findRestaurantById(database.db, ID))?.slug).toBe('lookup-place');
    expect((await findRestaurantBySlug(database.db, 'lookup-place'))?.id).toBe(ID);
    expect(await findRestaurantBySlug(database.db, 'no-such-place')).toBeNull();
    expect(await findRestaurantById(database.db, 999_999)).toBeNull();
  });

  it('sees this process’s own writes at once: a pause, a new menu version, a new import', async () => {
    const before = (await findRestaurantById(database.db, ID))!;
    await setOrdersPaused(database.db, ID, 'all', { 'en-CA': 'Back soon' });
    await bumpMenuVersion(database.db, ID, new Date());
    const paused = (await findRestaurantBySlug(database.db, 'lookup-place'))!;
    expect(paused.settings.orders_paused).toBe(true);
    expect(paused.menuVersion).toBe(before.menuVersion + 1);

    expect((await importTenants(database.db, [asSource({ ...tenant, name: 'Renamed place' })], new Date())).ok).toBe(true);
    const renamed = (await findRestaurantById(database.db, ID))!;
    expect(renamed.settings.name).toBe('Renamed place');
    expect(renamed.menuVersion).toBe(before.menuVersion + 2);
  });

  it('sees another process’s write within a second (at once on PostgreSQL)', async () => {
    const before = (await findRestaurantById(database.db, ID))!;
    // Written on the other connection and not through this process's repository, as another process
    // would: this process is not told.
    const settings = JSON.stringify({ ...before.settings, name: 'Imported beside' });
    await other.db
      .updateTable('restaurants')
      .set({ settings, menu_version: before.menuVersion + 1, updated_at: new Date().toISOString() })
      .where('id', '=', ID)
      .execute();
    const started = Date.now();
    let seen = (await findRestaurantById(database.db, ID))!;
    expect(seen.settings.name).toBe(database.dialect === 'postgres' ? 'Imported beside' : before.settings.name);
    while (seen.settings.name !== 'Imported beside' && Date.now() - started < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = (await findRestaurantById(database.db, ID))!;
    }
    expect(seen.settings.name).toBe('Imported beside');
    expect(seen.menuVersion).toBe(before.menuVersion + 1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
