/**
 * Migration 0027 (users.home_restaurant_id) on a database upgraded from 0026: an account with orders
 * takes the restaurant of its first order; one with none keeps no home, and its reset e-mail falls back
 * to the restaurant it is asked from (use-cases/accounts/reset-password.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { importTenants } from '../use-cases/platform/import-tenants';
import { migrateToLatest } from './migrate';

// Imported at migration 0026 by today's import: a file's gift cards are written with the columns of
// migration 0036 (issued gift cards), which this schema has not got yet, so they are left out.
const tenants = ['maple-bistro', 'cantine'].map((slug) => {
  const { gift_cards: _cards, ...file } = JSON.parse(fs.readFileSync(path.join(repoRoot, `tenants/${slug}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  return { name: `${slug}.json`, text: JSON.stringify(file) };
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ upTo: '0026-secrets-at-rest' });
  expect((await importTenants(database.db, tenants, new Date())).ok).toBe(true);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const old = database.db as unknown as Kysely<any>;
  const restaurants = await old.selectFrom('restaurants').select(['id', 'slug']).execute();
  const idOf = (slug: string) => restaurants.find((row) => row.slug === slug)!.id as number;
  const user = (email: string) => ({
    email,
    password_hash: 'x',
    first_name: 'A',
    last_name: 'B',
    phone_number: null,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const withOrders = await old.insertInto('users').values(user('orders@example.com')).returning('id').executeTakeFirstOrThrow();
  await old.insertInto('users').values(user('none@example.com')).execute();
  const order = (id: string, slug: string, placedAt: string) => ({
    id,
    restaurant_id: idOf(slug),
    user_id: withOrders.id,
    status: 'placed',
    order_type: 'take-out',
    total_cents: 100,
    data: '{}',
    placed_at: placedAt,
    updated_at: placedAt,
    locale: 'en-CA',
  });
  // The later order at the bistro does not make it home: the cantine came first.
  await old
    .insertInto('orders')
    .values([
      order('0b0e8a52-7c1e-4f57-9f0e-2a1d5e0c0271', 'maple-bistro', '2026-03-01T12:00:00.000Z'),
      order('0b0e8a52-7c1e-4f57-9f0e-2a1d5e0c0272', 'cantine', '2026-02-01T12:00:00.000Z'),
    ])
    .execute();
  await migrateToLatest(database.db);
});
afterAll(() => database?.drop());

it('gives an account with orders the restaurant of its first order as its home, and one with none no home', async () => {
  const rows = await database.db
    .selectFrom('users')
    .leftJoin('restaurants', 'restaurants.id', 'users.home_restaurant_id')
    .select(['users.email', 'restaurants.slug'])
    .orderBy('users.email')
    .execute();
  expect(rows).toEqual([
    { email: 'none@example.com', slug: null },
    { email: 'orders@example.com', slug: 'cantine' },
  ]);
});
