import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCredit, listActiveCredits, spendCredits } from '../../db/accounts-repository';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let userId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp([
    asSource(tenantFixture({ id: 91, slug: 'credit-place', credits_enabled: true })),
    // A restaurant that does not offer credits itself, where a cancelled order still gave some back.
    asSource(tenantFixture({ id: 92, slug: 'another-place', name: 'Another Place', zone: 'America/Vancouver' })),
  ]);
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register-user',
    payload: { firstName: 'Cara', lastName: 'Credit', email: 'cara@example.com', password: 'Credit123!' },
  });
  ({ token } = registered.json());
  userId = registered.json().user.id;
  const now = new Date();
  await insertCredit(t.database.db, {
    restaurantId: 91,
    userId,
    amountCents: 1000,
    reason: 'refund',
    orderId: null,
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  for (const [amountCents, days] of [
    [250, 30],
    [499, 2],
  ] as const) {
    await insertCredit(t.database.db, {
      restaurantId: 92,
      userId,
      amountCents,
      reason: 'scheduled_order_cancelled',
      orderId: null,
      now,
      expiresAt: new Date(now.getTime() + days * 86_400_000),
    });
  }
});
afterAll(() => t.close());

// The fixture's burger: $12.50 with a required side (fries, $3.25); its ids start at the tenant's id x 100.
const burgerAt = (base: number) => ({
  id: base + 4,
  menu_id: base + 2,
  section_id: base + 3,
  orderId: 1,
  quantity: 1,
  orderPrice: 1575,
  orderOptions: [{ id: base + 5, values: [{ id: base + 6, quantity: 1 }] }],
});
const burgerWithFries = burgerAt(9100);

describe('account credits', () => {
  it('are a tender for the signed-in diner only', async () => {
    const costsFor = async (headers: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/orders/set-costs',
          headers: { 'x-restaurant-id': 'credit-place', ...headers },
          payload: { items: [burgerWithFries], type: 'dine_in' },
        })
      ).json().costs;
    const guest = await costsFor({});
    expect(guest.credits).toEqual({ id: null, balance: 0, amount: 0 });
    const diner = await costsFor({ authorization: `Bearer ${token}` });
    expect(diner.credits).toEqual({ id: userId, balance: 1000, amount: 1000 });
    expect(diner.amountDue).toBe(diner.totalWithTip - 1000);
  });

  it('are a tender where they were given, also where the restaurant offers none itself', async () => {
    const costs = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/set-costs',
        headers: { 'x-restaurant-id': 'another-place', authorization: `Bearer ${token}` },
        payload: { items: [burgerAt(9200)], type: 'dine_in' },
      })
    ).json().costs;
    // $7.49 of credit on a larger total: all of it is applied, the rest is due.
    expect(costs.totalWithTip).toBeGreaterThan(749);
    expect(costs.credits).toEqual({ id: userId, balance: 749, amount: 749 });
    expect(costs.amountDue).toBe(costs.totalWithTip - 749);
  });

  it('are listed per restaurant for the profile, by name, each with its grants soonest expiry first', async () => {
    const balances = await t.app.inject({ method: 'GET', url: '/api/auth/credit-balances', headers: { authorization: `Bearer ${token}` } });
    expect(balances.statusCode, balances.body).toBe(200);
    const { restaurants } = balances.json();
    expect(restaurants).toEqual([
      expect.objectContaining({ restaurantId: 92, restaurantName: 'Another Place', restaurantZone: 'America/Vancouver' }),
      expect.objectContaining({ restaurantId: 91 }),
    ]);
    expect(restaurants[0].credits.balance).toBe(749);
    expect(restaurants[0].credits.entries.map((entry: { amount: number }) => entry.amount)).toEqual([499, 250]);
    expect(restaurants[1].credits.balance).toBe(1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/credit-balances' })).statusCode).toBe(401);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-user',
      payload: { firstName: 'Sid', lastName: 'Stranger', email: 'sid@example.com', password: 'Credit123!' },
    });
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/auth/credit-balances',
      headers: { authorization: `Bearer ${stranger.json().token}` },
    });
    expect(theirs.json()).toEqual({ restaurants: [] });
  });

  it('are spent soonest expiry first and never twice', async () => {
    expect(await spendCredits(t.database.db, 91, userId, 600, new Date())).toBe(true);
    const left = await listActiveCredits(t.database.db, 91, userId, new Date());
    expect(left.reduce((sum, grant) => sum + grant.remaining_cents, 0)).toBe(400);
    expect(await spendCredits(t.database.db, 91, userId, 500, new Date())).toBe(false);
  });
});
