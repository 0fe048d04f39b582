import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCredit, listActiveCredits, spendCredits } from '../../db/accounts-repository';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let userId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp([asSource(tenantFixture({ id: 91, slug: 'credit-place', credits_enabled: true }))]);
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
});
afterAll(() => t.close());

// The fixture's burger: $12.50 with a required side (fries, $3.25).
const burgerWithFries = {
  id: 9104,
  menu_id: 9102,
  section_id: 9103,
  orderId: 1,
  quantity: 1,
  orderPrice: 1575,
  orderOptions: [{ id: 9105, values: [{ id: 9106, quantity: 1 }] }],
};

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

  it('are spent soonest expiry first and never twice', async () => {
    expect(await spendCredits(t.database.db, 91, userId, 600, new Date())).toBe(true);
    const left = await listActiveCredits(t.database.db, 91, userId, new Date());
    expect(left.reduce((sum, grant) => sum + grant.remaining_cents, 0)).toBe(400);
    expect(await spendCredits(t.database.db, 91, userId, 500, new Date())).toBe(false);
  });
});
