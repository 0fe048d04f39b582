import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { insertUser } from '../../db/accounts-repository';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { startSession } from '../../use-cases/accounts/authenticate';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';
import { restaurantDay } from '../../use-cases/staff/list-staff-orders';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const BISTRO = 101;
const OTHER = 84;
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 1, orderPrice: 800, orderOptions: [] };

let t: TestApp;
const tokens = { bistroStaff: '', bistroManager: '', otherStaff: '', diner: '' };

async function userWithSession(email: string, staffOf: number | null, role: 'staff' | 'manager' = 'staff'): Promise<string> {
  const now = new Date();
  const id = await insertUser(t.database.db, {
    email,
    password_hash: 'not-used',
    first_name: 'Test',
    last_name: 'User',
    phone_number: null,
    created_at: now.toISOString(),
  });
  if (staffOf !== null) {
    await t.database.db
      .insertInto('restaurant_staff')
      .values({ restaurant_id: staffOf, user_id: id, role, created_at: now.toISOString() })
      .execute();
  }
  return startSession(t.database.db, id, 'user', now);
}

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'other-staff-place' }))], { now: openHoursClock() });
  tokens.bistroStaff = await userWithSession('kitchen@maple-bistro.example.com', BISTRO);
  tokens.otherStaff = await userWithSession('kitchen@other.example.com', OTHER);
  // Refunds are the owners' and managers' (decision 0103).
  tokens.bistroManager = await userWithSession('manager@maple-bistro.example.com', BISTRO, 'manager');
  tokens.diner = await userWithSession('just-a-diner@example.com', null);
});
afterAll(() => t.close());

let keys = 0;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function placeDineIn(tenant = 'maple-bistro', item: object = SOUP): Promise<{ id: string; amount: number }> {
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/tokenize',
    headers: { 'x-restaurant-id': tenant },
    payload: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
  });
  expect(card.statusCode).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'x-restaurant-id': tenant, 'idempotency-key': `staff-test-${Date.now()}-${(keys += 1)}` },
    payload: {
      type: 'dine_in',
      data: {
        config: { tableNum: '7' },
        items: [item],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
          card: { token: card.json().token },
          questions: tenant === 'maple-bistro' ? [{ id: 1920, answers: [0] }] : [],
        },
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { id: placed.json().order.id, amount: placed.json().order.payment.amount };
}

/** An open tab: the card only authorised, captured when the order is completed. */
async function asOpenTab(orderId: string): Promise<void> {
  const row = await t.database.db.selectFrom('orders').select('data').where('id', '=', orderId).executeTakeFirstOrThrow();
  const data = JSON.parse(row.data);
  data.payment.captured = false;
  await t.database.db
    .updateTable('orders')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', orderId)
    .execute();
  await t.database.db.updateTable('payments').set({ status: 'authorised', captured_cents: 0 }).where('order_id', '=', orderId).execute();
}

const list = (token: string | null, query = '', tenant = 'maple-bistro') =>
  t.app.inject({
    method: 'GET',
    url: `/api/staff/orders${query}`,
    headers: { 'x-restaurant-id': tenant, ...(token ? auth(token) : {}) },
  });

/** A cancel or a refund says why unless `reason` says otherwise (null: none sent). */
const move = (
  orderId: string,
  status: string,
  token = status === 'refunded' ? tokens.bistroManager : tokens.bistroStaff,
  tenant = 'maple-bistro',
  locale = 'en-CA',
  reason: string | null = status === 'cancelled' || status === 'refunded' ? 'Out of soup' : null,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    headers: { 'x-restaurant-id': tenant, 'accept-language': locale, ...auth(token) },
    payload: { status, ...(reason !== null && { reason }) },
  });

const payment = (orderId: string) =>
  t.database.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

describe('who may use the staff order calls', () => {
  it('needs a session (401, code 201), then staff of this restaurant (403)', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(null)).json()).toMatchObject({ code: 201, error: 'SESSION_EXPIRED' });
    const diner = await list(tokens.diner);
    expect(diner.statusCode).toBe(403);
    expect(diner.json()).toMatchObject({ code: 403, error: 'STAFF_ONLY' });
    // Staff of another restaurant is nobody here.
    expect((await list(tokens.otherStaff)).statusCode).toBe(403);
    const { id } = await placeDineIn();
    expect((await move(id, 'accepted', tokens.diner)).statusCode).toBe(403);
    expect((await move(id, 'accepted', tokens.otherStaff)).statusCode).toBe(403);
  });

  it('lets the demo staff account sign in and see maple-bistro’s orders', async () => {
    await seedDemoAccounts(t.database.db, new Date());
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-native',
      headers: { 'x-restaurant-id': 'maple-bistro' },
      payload: { email: 'staff@maple-bistro.example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await list(login.json().token)).statusCode).toBe(200);
    expect((await list(login.json().token, '', 'other-staff-place')).statusCode).toBe(403);
  });

  it("answers another restaurant's order as not found (404), and never changes it", async () => {
    const { id } = await placeDineIn();
    const response = await move(id, 'accepted', tokens.otherStaff, 'other-staff-place');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('ORDER_NOT_FOUND');
    const row = await t.database.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('placed');
    expect((await move('00000000-0000-4000-8000-000000000000', 'accepted')).statusCode).toBe(404);
    const listed = await list(tokens.otherStaff, '', 'other-staff-place');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().orders.some((order: { id: string }) => order.id === id)).toBe(false);
  });
});

describe('the staff calls in the API description', () => {
  it('are in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/staff/orders', '/api/staff/orders/{id}/status']));
  });
});

describe("today's orders", () => {
  it('lists the orders of the restaurant’s day with their next statuses, filtered by status', async () => {
    const { id } = await placeDineIn();
    const response = await list(tokens.bistroStaff);
    expect(response.statusCode).toBe(200);
    const order = response.json().orders.find((entry: { id: string }) => entry.id === id);
    expect(order).toMatchObject({ status: 'placed', tableNum: '7', payment_captured: true, next_statuses: ['accepted', 'cancelled'] });
    // The server's clock (pinned to 13:00 in Toronto here): the board counts tickets' ages on it, not on its own.
    const before = t.app.now().getTime();
    const said = Date.parse(response.json().now);
    expect(Math.abs(said - before)).toBeLessThan(60_000);

    expect((await move(id, 'accepted')).statusCode).toBe(200);
    const placed = (await list(tokens.bistroStaff, '?status=placed')).json().orders as Array<{ id: string; status: string }>;
    expect(placed.every((entry) => entry.status === 'placed')).toBe(true);
    expect(placed.some((entry) => entry.id === id)).toBe(false);
    const accepted = (await list(tokens.bistroStaff, '?status=accepted')).json().orders as Array<{ id: string }>;
    expect(accepted.some((entry) => entry.id === id)).toBe(true);
    expect((await list(tokens.bistroStaff, '?status=lost')).statusCode).toBe(400);
  });

  it("leaves out yesterday's orders (the restaurant's calendar)", async () => {
    const { id } = await placeDineIn();
    const { start } = restaurantDay(new Date(), 'America/Toronto');
    const yesterday = new Date(new Date(start).getTime() - 60_000).toISOString();
    await t.database.db.updateTable('orders').set({ placed_at: yesterday }).where('id', '=', id).execute();
    const orders = (await list(tokens.bistroStaff)).json().orders as Array<{ id: string }>;
    expect(orders.some((entry) => entry.id === id)).toBe(false);
  });
});

describe('changing an order’s status', () => {
  it('follows the lifecycle table and refuses a move outside it (409, in the caller’s language)', async () => {
    const { id } = await placeDineIn();
    const skip = await move(id, 'completed', tokens.bistroStaff, 'maple-bistro', 'fr-CA');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ code: 409, error: 'ORDER_STATUS_CHANGE_NOT_ALLOWED' });
    expect(skip.json().message).toContain('statut');

    for (const status of ['accepted', 'preparing', 'ready', 'completed']) {
      const response = await move(id, status);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().order.status).toBe(status);
    }
    // A retried click: the same status again changes nothing.
    const again = await move(id, 'completed');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ payment_action: 'none', order: { status: 'completed', next_statuses: ['refunded'] } });
    expect((await move(id, 'preparing')).statusCode).toBe(409);
    expect((await move(id, 'shipped')).statusCode).toBe(400);
  });

  it('refuses a cancel or a refund without a reason (400, in the caller’s language), and changes nothing', async () => {
    const placed = await placeDineIn();
    const done = await placeDineIn();
    for (const status of ['accepted', 'ready', 'completed']) expect((await move(done.id, status)).statusCode).toBe(200);
    for (const [id, status, reason] of [
      [placed.id, 'cancelled', null],
      [placed.id, 'cancelled', '   '],
      [done.id, 'refunded', null],
      [done.id, 'refunded', ''],
    ] as const) {
      const refused = await move(id, status, undefined, 'maple-bistro', 'fr-CA', reason);
      expect(refused.statusCode, `${status} ${JSON.stringify(reason)}`).toBe(400);
      expect(refused.json()).toEqual({
        code: 400,
        error: 'ORDER_STATUS_REASON_REQUIRED',
        message: 'Dites pourquoi, en quelques mots : annuler ou rembourser une commande demande une raison.',
      });
    }
    expect((await move(done.id, 'refunded', undefined, 'maple-bistro', 'en-CA', null)).json().message).toBe(
      'Say why, in a few words: cancelling or refunding an order needs a reason.',
    );
    // Nothing moved, no money went back, no event was written.
    const rows = await t.database.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [placed.id, done.id]).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ [placed.id]: 'placed', [done.id]: 'completed' });
    expect(await payment(placed.id)).toMatchObject({ status: 'captured', refunded_cents: 0 });
    expect(await payment(done.id)).toMatchObject({ status: 'captured', refunded_cents: 0 });
    const events = await t.database.db.selectFrom('order_events').select('type').where('order_id', 'in', [placed.id, done.id]).execute();
    expect(events.map((event) => event.type).sort()).toEqual(['accepted', 'completed', 'placed', 'placed', 'ready']);

    // With a reason, the same moves go through and keep it.
    const cancelled = await move(placed.id, 'cancelled', tokens.bistroStaff, 'maple-bistro', 'en-CA', ' Out of soup ');
    expect(cancelled.json()).toMatchObject({ payment_action: 'refunded', order: { status: 'cancelled', cancel_reason: 'Out of soup' } });
  });

  it('texts the diners waiting for the order when staff mark it ready', async () => {
    const { id } = await placeDineIn();
    // Staff leave a diner's phone at the counter: their session stands in for the order's token.
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/orders/notification',
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.bistroStaff}` },
      payload: { data: { config: { checkNum: id }, checkout: { contact: { phone_number: '416-555-0199' } } } },
    });
    expect(subscribe.statusCode, subscribe.body).toBe(200);
    const texts = () => t.database.db.selectFrom('outbox').select('body').where('order_id', '=', id).where('channel', '=', 'sms').execute();
    expect(await texts()).toHaveLength(1);
    expect((await move(id, 'accepted')).statusCode).toBe(200);
    expect((await move(id, 'ready')).statusCode).toBe(200);
    const sent = await texts();
    expect(sent).toHaveLength(2);
    expect(sent.some((text) => text.body.includes('is ready'))).toBe(true);
  });

  it('captures an open tab when the order is completed, once', async () => {
    const { id, amount } = await placeDineIn();
    await asOpenTab(id);
    expect((await list(tokens.bistroStaff)).json().orders.find((o: { id: string }) => o.id === id).payment_captured).toBe(false);
    for (const status of ['accepted', 'ready']) expect((await move(id, status)).json().payment_action).toBe('none');
    const completed = await move(id, 'completed');
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ payment_action: 'captured', order: { status: 'completed', payment_captured: true } });
    expect(await payment(id)).toMatchObject({ status: 'captured', captured_cents: amount });
    expect((await move(id, 'completed')).json().payment_action).toBe('none');
  });

  it('voids an uncaptured card on cancel, refunds a captured one, and refunds a completed order', async () => {
    const tab = await placeDineIn();
    await asOpenTab(tab.id);
    const voided = await move(tab.id, 'cancelled');
    expect(voided.json()).toMatchObject({ payment_action: 'voided', order: { status: 'cancelled', next_statuses: [] } });
    expect((await payment(tab.id)).status).toBe('voided');

    const paid = await placeDineIn();
    expect((await move(paid.id, 'accepted')).statusCode).toBe(200);
    const cancelled = await move(paid.id, 'cancelled');
    expect(cancelled.json().payment_action).toBe('refunded');
    expect(await payment(paid.id)).toMatchObject({ status: 'refunded', refunded_cents: paid.amount });
    expect((await move(paid.id, 'accepted')).statusCode).toBe(409);

    const done = await placeDineIn();
    for (const status of ['accepted', 'ready', 'completed']) expect((await move(done.id, status)).statusCode).toBe(200);
    const refunded = await move(done.id, 'refunded');
    expect(refunded.json()).toMatchObject({ payment_action: 'refunded', order: { status: 'refunded' } });
    expect(await payment(done.id)).toMatchObject({ status: 'refunded', refunded_cents: done.amount });
  });

  it('refuses the kitchen’s role a whole refund (403), and moves nothing', async () => {
    const done = await placeDineIn();
    for (const status of ['accepted', 'ready', 'completed']) expect((await move(done.id, status)).statusCode).toBe(200);
    const refused = await move(done.id, 'refunded', tokens.bistroStaff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'REFUND_ROLE_NOT_ALLOWED' });
    expect(await payment(done.id)).toMatchObject({ status: 'captured', refunded_cents: 0 });
  });

  it('refunds once when two staff cancel at the same time', async () => {
    const { id, amount } = await placeDineIn();
    const answers = await Promise.all([move(id, 'cancelled'), move(id, 'cancelled'), move(id, 'cancelled')]);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    expect(answers.filter((answer) => answer.json().payment_action === 'refunded')).toHaveLength(1);
    expect(await payment(id)).toMatchObject({ status: 'refunded', refunded_cents: amount });
  });

  it('keeps the status when the processor refuses (402), so nothing is half done', async () => {
    const { id } = await placeDineIn();
    await asOpenTab(id);
    // The authorisation is gone at the processor (expired): the capture fails.
    await t.database.db.updateTable('payments').set({ status: 'voided' }).where('order_id', '=', id).execute();
    for (const status of ['accepted', 'ready']) expect((await move(id, status)).statusCode).toBe(200);
    const failed = await move(id, 'completed');
    expect(failed.statusCode).toBe(402);
    expect(failed.json().error).toBe('TRANSACTION_FAILED');
    const row = await t.database.db.selectFrom('orders').select(['status', 'data']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
    expect(JSON.parse(row.data).payment.captured).toBe(false);
  });
});
