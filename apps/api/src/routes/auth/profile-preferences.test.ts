import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The profile screen's default tip and promo code (migration 0009). */
const restaurant = tenantFixture({ id: 71, slug: 'prefs-bistro' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(restaurant)]);
});
afterAll(() => t.close());

let emails = 0;
const newEmail = () => `prefs${(emails += 1)}-${Date.now()}@example.com`;

function call(url: string, payload: object, token?: string) {
  const headers: Record<string, string> = { 'x-restaurant-id': 'prefs-bistro' };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url, headers, payload });
}

async function register(): Promise<{ token: string; userId: number }> {
  const response = await call('/api/auth/register-user', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: newEmail(),
    password: 'Secret12!',
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { token: body.token, userId: body.user.id };
}

describe('default tip and promo code', () => {
  it('are empty on a new account, kept by edit-user, restored with the session and forgotten with null', async () => {
    const ada = await register();
    const fresh = await call('/api/auth/get-salata-user-info', { userId: ada.userId, token: ada.token });
    expect(fresh.json().user).toMatchObject({ defaultTipPercent: null, promoCode: null });

    const saved = await call('/api/auth/edit-user', { defaultTipPercent: 18, promoCode: '  WELCOME10 ' }, ada.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({ firstName: 'Ada', defaultTipPercent: 18, promoCode: 'WELCOME10' });

    // Changing the name alone leaves them as they were.
    const renamed = await call('/api/auth/edit-user', { firstName: 'Augusta' }, ada.token);
    expect(renamed.json().user).toMatchObject({ firstName: 'Augusta', defaultTipPercent: 18, promoCode: 'WELCOME10' });

    const restored = await call('/api/auth/get-salata-user-info', { userId: ada.userId, token: ada.token });
    expect(restored.json().user).toMatchObject({ defaultTipPercent: 18, promoCode: 'WELCOME10' });

    const cleared = await call('/api/auth/edit-user', { defaultTipPercent: null, promoCode: '' }, ada.token);
    expect(cleared.json().user).toMatchObject({ defaultTipPercent: null, promoCode: null });
  });

  it.each([[-1], [101], [12.5], ['15']])('refuses a default tip of %j with a 400 envelope', async (value) => {
    const ada = await register();
    const response = await call('/api/auth/edit-user', { defaultTipPercent: value }, ada.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('refuses a promo code longer than 50 characters', async () => {
    const ada = await register();
    const response = await call('/api/auth/edit-user', { promoCode: 'X'.repeat(51) }, ada.token);
    expect(response.statusCode).toBe(400);
  });

  it("changes only the signed-in user's preferences; another user's id in the restore is refused", async () => {
    const ada = await register();
    const bob = await register();
    await call('/api/auth/edit-user', { defaultTipPercent: 20, promoCode: 'ADA' }, ada.token);
    const bobView = await call('/api/auth/get-salata-user-info', { userId: bob.userId, token: bob.token });
    expect(bobView.json().user).toMatchObject({ defaultTipPercent: null, promoCode: null });
    const crossed = await call('/api/auth/get-salata-user-info', { userId: ada.userId, token: bob.token });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ code: 201 });
    const anonymous = await call('/api/auth/edit-user', { defaultTipPercent: 10 });
    expect(anonymous.json()).toMatchObject({ code: 201 });
    const adaView = await call('/api/auth/get-salata-user-info', { userId: ada.userId, token: ada.token });
    expect(adaView.json().user).toMatchObject({ defaultTipPercent: 20, promoCode: 'ADA' });
  });
});
