import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';
import { hashToken } from '../../lib/session-tokens';

const school = tenantFixture({
  id: 61,
  slug: 'acct-school',
  subsidies: {
    is_active: true,
    target_users: 'codes',
    target_items: 'all',
    type: 'fixed_price',
    discount_fixed_price: '2.00',
    codes: ['LUNCH-2025'],
  },
});
const other = tenantFixture({ id: 62, slug: 'acct-other' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(school), asSource(other)]);
});
afterAll(() => t.close());

let addresses = 0;
/** Each test signs in from its own address so the per-address limit of one test does not leak into another. */
const newIp = () => `10.0.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;
let emails = 0;
const newEmail = () => `person${(emails += 1)}-${Date.now()}@example.com`;
const PASSWORD = 'Secret12!';

interface Call {
  token?: string;
  ip?: string;
  tenant?: string | null;
  headers?: Record<string, string>;
}
function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, options: Call = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.tenant !== null) headers['x-restaurant-id'] = options.tenant ?? 'acct-school';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({ method, url, headers, remoteAddress: options.ip ?? '127.0.0.1', ...(payload && { payload }) });
}

async function register(email = newEmail()): Promise<{ token: string; userId: number; email: string }> {
  const response = await call('POST', '/api/auth/register-user', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: PASSWORD,
    phoneNumber: '(416) 555-0199',
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { token: body.token, userId: body.user.id, email };
}

async function insertOrder(
  userId: number | null,
  fields: { status?: string; pickupHours?: number; total?: number; restaurantId?: number } = {},
): Promise<string> {
  const id = `ord-${Math.random().toString(36).slice(2)}`;
  const now = new Date();
  await t.database.db
    .insertInto('orders')
    .values({
      id,
      restaurant_id: fields.restaurantId ?? 61,
      user_id: userId,
      status: fields.status ?? 'placed',
      order_type: 'take-out',
      total_cents: fields.total ?? 2350,
      data: '{}',
      placed_at: now.toISOString(),
      updated_at: now.toISOString(),
      number: null,
      pickup_slot: null,
      pickup_time: new Date(now.getTime() + (fields.pickupHours ?? 24) * 3600_000).toISOString(),
      idempotency_key: null,
      request_hash: null,
      access_token_hash: null,
      locale: 'en-CA',
    })
    .execute();
  return id;
}

describe('sessions', () => {
  it('register, login, restore, edit, logout, then restore fails with 201', async () => {
    const { token: firstToken, userId, email } = await register();
    const login = await call('POST', '/api/auth/login-native', { email: email.toUpperCase(), password: PASSWORD }, { ip: newIp() });
    expect(login.statusCode, login.body).toBe(200);
    const body = login.json();
    expect(body.user).toMatchObject({
      id: userId,
      firstName: 'Ada',
      email,
      phoneNumber: '4165550199',
      paymentMethods: [],
      suiteOperator: false,
    });
    expect(body.user.credits).toEqual({ balance: 0, entries: [] });
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(
      cookies.some((cookie) => cookie.startsWith(`accessToken=${body.token};`) && /HttpOnly/.test(cookie) && /SameSite=Lax/.test(cookie)),
    ).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith(`userId=${userId};`))).toBe(true);
    const token = body.token as string;
    expect(token).not.toBe(firstToken);

    const restored = await call('POST', '/api/auth/get-salata-user-info', { userId, token });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().user.id).toBe(userId);
    // A valid token named for another user id is not a session for that user.
    const mismatch = await call('POST', '/api/auth/get-salata-user-info', { userId: userId + 1000, token });
    expect(mismatch.json()).toMatchObject({ code: 201, error: 'SESSION_EXPIRED' });

    const edited = await call('POST', '/api/auth/edit-user', { firstName: 'Augusta', phoneNumber: '514-555-0100' }, { token });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().user).toMatchObject({ firstName: 'Augusta', lastName: 'Lovelace', phoneNumber: '5145550100' });
    // The cookie works as well as the header.
    const byCookie = await call('POST', '/api/auth/get-user-snapshot', {}, { headers: { cookie: `accessToken=${token}` } });
    expect(byCookie.statusCode).toBe(200);

    const out = await call('POST', '/api/auth/logout', { accessToken: token });
    expect(out.statusCode).toBe(200);
    const after = await call('POST', '/api/auth/get-salata-user-info', { userId, token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 201, error: 'SESSION_EXPIRED' });
    const guarded = await call('POST', '/api/auth/get-user-snapshot', {}, { token });
    expect(guarded.json()).toMatchObject({ code: 201 });
    // The first session (from registration) is still its own, until it is logged out too.
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, { token: firstToken })).statusCode).toBe(200);
  });

  it('stores only the hash of a session token', async () => {
    const { token } = await register();
    const rows = await t.database.db.selectFrom('sessions').select(['token_hash']).execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.some((row) => row.token_hash === hashToken(token))).toBe(true);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('refuses missing, unknown and expired tokens with 201', async () => {
    expect((await call('POST', '/api/auth/get-past-receipts', {})).json()).toMatchObject({ code: 201 });
    expect((await call('POST', '/api/auth/get-past-receipts', {}, { token: 'x'.repeat(43) })).json()).toMatchObject({ code: 201 });
    const { token } = await register();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const expired = await call('POST', '/api/auth/get-past-receipts', {}, { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 201, error: 'SESSION_EXPIRED' });
  });

  it('registration applies the password rule and a unique e-mail', async () => {
    const weak = await call('POST', '/api/auth/register-user', { firstName: 'A', lastName: 'B', email: newEmail(), password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({ path: 'body.password', message: 'weakPassword' });
    const { email } = await register();
    const again = await call('POST', '/api/auth/register-user', {
      firstName: 'A',
      lastName: 'B',
      email: ` ${email.toUpperCase()}`,
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('EMAIL_TAKEN');
  });

  it('a wrong password and an unknown e-mail give the same answer; a guesser’s 6th try is 429 while the owner still signs in', async () => {
    const { email } = await register();
    const guesser = newIp();
    const wrong = await call('POST', '/api/auth/login-native', { email, password: 'Wrong123!' }, { ip: guesser });
    const unknown = await call('POST', '/api/auth/login-native', { email: newEmail(), password: 'Wrong123!' }, { ip: newIp() });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('INVALID_CREDENTIALS');

    // Per account and address: four more failures, then even the right password waits at that address.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      expect((await call('POST', '/api/auth/login-native', { email, password: 'Wrong123!' }, { ip: guesser })).statusCode).toBe(401);
    }
    const sixth = await call('POST', '/api/auth/login-native', { email, password: PASSWORD }, { ip: guesser });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 429, error: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/try again/) });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out by someone else's failures.
    expect((await call('POST', '/api/auth/login-native', { email, password: PASSWORD }, { ip: newIp() })).statusCode).toBe(200);
  });

  it('user-exist answers and is rate-limited', async () => {
    const { email } = await register();
    const ip = newIp();
    expect((await call('POST', '/api/auth/user-exist', { email }, { ip })).json()).toEqual({ exists: true });
    expect((await call('POST', '/api/auth/user-exist', { email: newEmail() }, { ip })).json()).toEqual({ exists: false });
    let last = 200;
    for (let attempt = 0; attempt < 25; attempt += 1) last = (await call('POST', '/api/auth/user-exist', { email }, { ip })).statusCode;
    expect(last).toBe(429);
  });

  it('the demo diner logs in with Demo1234!', async () => {
    await seedDemoAccounts(t.database.db, new Date());
    const response = await call('POST', '/api/auth/login-native', { email: 'diner@example.com', password: 'Demo1234!' }, { ip: newIp() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email: 'diner@example.com', firstName: 'Dana', suiteOperator: false });
    // The demo operator's venue is not imported here: give the account an operator role at a test tenant.
    const operatorUser = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'operator@example.com')
      .executeTakeFirstOrThrow();
    await t.database.db.insertInto('suite_roles').values({ restaurant_id: 62, user_id: operatorUser.id, role: 'operator' }).execute();
    const operator = await call(
      'POST',
      '/api/auth/login-native',
      { email: 'operator@example.com', password: 'Demo1234!' },
      { ip: newIp() },
    );
    expect(operator.json().user.suiteOperator).toBe(true);
    const cookies = ([] as string[]).concat(operator.headers['set-cookie'] ?? []);
    expect(cookies.some((cookie) => cookie.startsWith('operatorAccessToken='))).toBe(true);
    // An operator token is not a user session.
    expect((await call('POST', '/api/auth/get-past-receipts', {}, { token: operator.json().token })).json()).toMatchObject({ code: 201 });
  });
});

describe('password reset', () => {
  async function resetLink(email: string): Promise<string> {
    const rows = await t.database.db.selectFrom('outbox').select(['body', 'recipient']).where('recipient', '=', email).execute();
    const body = rows.at(-1)?.body ?? '';
    const token = /reset-password\?token=([\w-]+)/.exec(body)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it('points the link at the configured public address, whatever Host or X-Forwarded-Host the request claims', async () => {
    const { email } = await register();
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    expect((await call('POST', '/api/auth/forgot-password', { email }, { ip: newIp(), headers: forged })).statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('outbox').select('body').where('recipient', '=', email).execute();
    const body = rows.at(-1)?.body ?? '';
    expect(body).toContain('http://localhost:3000/reset-password?token=');
    expect(body).not.toContain('evil.example');
  });

  it('answers the same for unknown e-mails and the link works once', async () => {
    const { email, token: session } = await register();
    const unknown = await call('POST', '/api/auth/forgot-password', { email: newEmail() }, { ip: newIp() });
    const known = await call('POST', '/api/auth/forgot-password', { email }, { ip: newIp() });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const token = await resetLink(email);
    const stored = await t.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    const weak = await call('POST', '/api/auth/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    const reset = await call('POST', '/api/auth/reset-password', { token, password: 'NewSecret9$' });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await call('POST', '/api/auth/reset-password', { token, password: 'Other99!x' });
    expect(again.json()).toMatchObject({ error: 'RESET_LINK_INVALID' });
    // The reset ended the old sessions; the new password works.
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, { token: session })).json()).toMatchObject({ code: 201 });
    expect((await call('POST', '/api/auth/login-native', { email, password: 'NewSecret9$' }, { ip: newIp() })).statusCode).toBe(200);
  });

  it('the reset e-mail speaks for the restaurant where the account was made, wherever it is asked from', async () => {
    const { email, userId } = await register();
    const home = await t.database.db.selectFrom('users').select('home_restaurant_id').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(home.home_restaurant_id).toBe(61);
    // The diner last opened another restaurant of the platform and asks from there.
    expect((await call('POST', '/api/auth/forgot-password', { email }, { ip: newIp(), tenant: 'acct-other' })).statusCode).toBe(200);
    const message = await t.database.db
      .selectFrom('outbox')
      .select(['restaurant_id', 'subject'])
      .where('recipient', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ restaurant_id: 61, subject: 'Restaurant acct-school: reset your password' });

    // An account with no home (made before migration 0027, with no order) is branded where it asked from.
    await t.database.db.updateTable('users').set({ home_restaurant_id: null }).where('id', '=', userId).execute();
    await call('POST', '/api/auth/forgot-password', { email }, { ip: newIp(), tenant: 'acct-other' });
    const fallback = await t.database.db
      .selectFrom('outbox')
      .select(['restaurant_id', 'subject'])
      .where('recipient', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(fallback).toEqual({ restaurant_id: 62, subject: 'Restaurant acct-other: reset your password' });
  });

  it('an expired link is refused', async () => {
    const { email } = await register();
    await call('POST', '/api/auth/forgot-password', { email }, { ip: newIp() });
    const token = await resetLink(email);
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await call('POST', '/api/auth/reset-password', { token, password: 'NewSecret9$' })).json()).toMatchObject({
      error: 'RESET_LINK_INVALID',
    });
  });
});

describe('profile data belongs to its user', () => {
  const student = { firstName: 'Léa', lastName: 'Roy', school: 'Maple', grade: '2', classroom: '2A', teacher: 'Ms. T' };

  it('students: create, update, delete; another user’s are not found', async () => {
    const alice = await register();
    const bob = await register();
    const created = await call('POST', '/api/auth/students', student, { token: alice.token });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().student.id as number;
    const updated = await call('PUT', `/api/auth/students/${id}`, { ...student, grade: '3' }, { token: alice.token });
    expect(updated.json().student).toMatchObject({ id, grade: '3' });
    const snapshot = await call('POST', '/api/auth/get-user-snapshot', {}, { token: alice.token });
    expect(snapshot.json()).toMatchObject({ items: [], subsidyCode: null, students: [{ id, grade: '3' }] });
    // At another restaurant the student does not exist.
    expect((await call('PUT', `/api/auth/students/${id}`, student, { token: alice.token, tenant: 'acct-other' })).statusCode).toBe(404);

    const stolen = await call('PUT', `/api/auth/students/${id}`, { ...student, teacher: 'Mallory' }, { token: bob.token });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual((await call('PUT', '/api/auth/students/999999', student, { token: bob.token })).json());
    expect((await call('POST', `/api/auth/delete-student/${id}`, {}, { token: bob.token })).statusCode).toBe(404);
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, { token: bob.token })).json().students).toEqual([]);

    expect((await call('POST', `/api/auth/delete-student/${id}`, {}, { token: alice.token })).statusCode).toBe(200);
    expect((await call('POST', `/api/auth/delete-student/${id}`, {}, { token: alice.token })).statusCode).toBe(404);
  });

  it('subsidy codes: add a listed code, refuse others, delete', async () => {
    const { token } = await register();
    expect((await call('POST', '/api/auth/add-subsidy-code', { code: 'nope' }, { token })).json()).toMatchObject({
      error: 'SUBSIDY_CODE_NOT_FOUND',
    });
    expect((await call('POST', '/api/auth/add-subsidy-code', { code: 'lunch-2025' }, { token })).json()).toEqual({ code: 'LUNCH-2025' });
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, { token })).json().subsidyCode).toBe('LUNCH-2025');
    expect((await call('POST', '/api/auth/delete-subsidy-code', {}, { token })).json()).toEqual({ code: null });
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, { token })).json().subsidyCode).toBeNull();
  });

  it('cancelling a scheduled order gives credits that expire; a second cancel is 443', async () => {
    const alice = await register();
    const bob = await register();
    const orderId = await insertOrder(alice.userId, { total: 2350 });
    await insertOrder(alice.userId, { pickupHours: -2 });
    const acceptedId = await insertOrder(alice.userId, { status: 'accepted' });

    // The one gone by is not scheduled; the one the kitchen accepted still is (it cannot be cancelled, below).
    const scheduled = await call('POST', '/api/auth/orders/get-scheduled-orders', {}, { token: alice.token });
    expect(new Set(scheduled.json().orders.map((order: { id: string }) => order.id))).toEqual(new Set([orderId, acceptedId]));
    expect((await call('POST', '/api/auth/orders/get-scheduled-orders', {}, { token: bob.token })).json().orders).toEqual([]);

    const stolen = await call('PUT', `/api/auth/orders/cancel-scheduled-order/${orderId}`, undefined, { token: bob.token });
    expect(stolen.statusCode).toBe(404);

    const cancelled = await call('PUT', `/api/auth/orders/cancel-scheduled-order/${orderId}`, undefined, { token: alice.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json();
    expect(body.order.status).toBe('cancelled');
    expect(body.credit.amount).toBe(2350);
    const expiry = Date.parse(body.credit.expiresAt);
    expect(expiry).toBeGreaterThan(Date.now() + 360 * 86400_000);
    expect(expiry).toBeLessThan(Date.now() + 370 * 86400_000);
    // The board and the webhooks hear of it like any cancellation: an event naming who and why.
    const event = await t.database.db
      .selectFrom('order_events')
      .select(['type', 'actor_user_id', 'reason'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ type: 'cancelled', actor_user_id: alice.userId, reason: 'scheduled_order_cancelled' });

    const credits = await call('GET', `/api/auth/user-credits?userId=${alice.userId}`, undefined, { token: alice.token });
    expect(credits.json().credits).toMatchObject({ balance: 2350, entries: [{ amount: 2350, orderId }] });
    expect((await call('GET', `/api/auth/user-credits?userId=${alice.userId}`, undefined, { token: bob.token })).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/user-credits', undefined, { token: bob.token })).json().credits.balance).toBe(0);

    const second = await call('PUT', `/api/auth/orders/cancel-scheduled-order/${orderId}`, undefined, { token: alice.token });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 443, error: 'SCHEDULED_ORDER_NOT_CANCELLABLE' });
    // Listed, but the kitchen has accepted it: not the diner's to cancel.
    const accepted = await call('PUT', `/api/auth/orders/cancel-scheduled-order/${acceptedId}`, undefined, { token: alice.token });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ code: 443, error: 'SCHEDULED_ORDER_NOT_CANCELLABLE' });
    expect((await call('GET', '/api/auth/user-credits', undefined, { token: alice.token })).json().credits.balance).toBe(2350);
  });

  it('past receipts are the user’s own, newest first, across restaurants', async () => {
    const alice = await register();
    const bob = await register();
    const first = await insertOrder(alice.userId, { status: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await insertOrder(alice.userId, { restaurantId: 62 });
    await insertOrder(bob.userId);
    const receipts = await call('POST', '/api/auth/get-past-receipts', {}, { token: alice.token });
    expect(receipts.json().receipts.map((order: { id: string }) => order.id)).toEqual([second, first]);
    const bobs = await call('POST', '/api/auth/get-past-receipts', {}, { token: bob.token });
    expect(bobs.json().receipts.map((order: { id: string }) => order.id)).not.toContain(first);
  });

  it('a password change needs the current password and ends other sessions', async () => {
    const { email, token } = await register();
    const other = (await call('POST', '/api/auth/login-native', { email, password: PASSWORD }, { ip: newIp() })).json().token as string;
    expect((await call('POST', '/api/auth/edit-user', { password: 'Changed1!x' }, { token })).json()).toMatchObject({
      error: 'INVALID_CREDENTIALS',
    });
    const changed = await call('POST', '/api/auth/edit-user', { password: 'Changed1!x', currentPassword: PASSWORD }, { token });
    expect(changed.statusCode).toBe(200);
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, { token: other })).json()).toMatchObject({ code: 201 });
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, { token })).statusCode).toBe(200);
  });
});
