/**
 * A marketplace hub's checkout end to end through HTTP (contracts/marketplace.ts), on the demo hub
 * market-hall: one cart across vendors becomes one order per vendor with one charge; replays and
 * concurrent duplicates of one Idempotency-Key; a paused or closed vendor refuses only its own items
 * (EN and FR); a vendor's slot capacity under 50 checkouts at once; each vendor's staff see their own
 * orders only. Runs on SQLite, and on PostgreSQL when DATABASE_URL is set (scripts/test.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { openEventStream } from '../../test/event-stream-client';
import {
  BOWL,
  busyHubFile,
  CHOWDER,
  EDAMAME,
  GYOZA,
  HUB_CARD,
  hubCart as cart,
  hubOrderBody,
  KITS,
  RAMBLE,
  SALMON,
  TIDEWATER,
} from '../../test/market-hall';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';

// The hub on a busy day (test/market-hall.ts busyHubFile): Ramble Greens paused, Kits Noodle House
// from 11:00 with 3 orders per 15-minute slot, Tidewater on the hub's hours without a slot limit.

// Tuesday 24 November 2026, noon in Vancouver (UTC-7 from November 2026, tzdata/README.md).
const NOON = new Date('2026-11-24T19:00:00Z');
let now = NOON;

let t: TestApp;
beforeAll(async () => {
  // Imported (and so published) early that morning, so that the 10:00 test sees the menus.
  now = new Date('2026-11-24T15:00:00Z');
  t = await createTestApp(
    [busyHubFile(), { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') }],
    { now: () => now },
  );
  now = NOON;
  await seedDemoAccounts(t.database.db, NOON);
});
afterAll(async () => {
  await t.close();
});

let calls = 0;
function call(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}, tenant = 'market-hall') {
  calls += 1;
  return t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': tenant, ...headers },
    remoteAddress: `10.19.${Math.floor(calls / 200)}.${(calls % 200) + 1}`,
    ...(payload && { payload }),
  });
}

async function cardToken(): Promise<string> {
  const response = await call('POST', '/api/payment/tokenize', HUB_CARD);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

async function body(items: ReturnType<typeof cart>, pickup: object = {}) {
  return hubOrderBody(items, await cardToken(), { pickup, costs: { tip: { type: 'percentage', value: '10' } } });
}

function place(payload: object, key: string, locale = 'en-CA', tenant = 'market-hall') {
  return call('POST', '/api/orders/create-marketplace-order', payload, { 'idempotency-key': key, 'accept-language': locale }, tenant);
}

interface Placed {
  checkoutId: string;
  orders: Array<{
    order: {
      id: string;
      number: number;
      status: string;
      pickup_time: string;
      items: Array<{ id: number }>;
      costs: { amountDue: number; totalWithTip: number };
    };
    vendor: { id: number; name: string };
    access_token: string;
  }>;
  total: { amountDue: number; totalWithTip: number; subtotal: number; tip: number; taxes: number };
  payment: { amount: number; last4: string };
  replayed: boolean;
}

const paymentsOf = (ids: string[]) =>
  t.database.db.selectFrom('payments').select(['amount_cents', 'status']).where('order_id', 'in', ids).execute();
const ordersOf = (checkoutId: string) =>
  t.database.db.selectFrom('orders').select(['id', 'vendor_id', 'number', 'status']).where('checkout_id', '=', checkoutId).execute();

describe('POST /api/orders/create-marketplace-order', () => {
  it('makes one order per vendor, each with its own number, status, items and prep time, and charges once', async () => {
    now = NOON;
    const items = cart([GYOZA, 2], [SALMON], [EDAMAME], [CHOWDER]);
    // The cart's price is the sum of the vendors' orders: what the diner saw is what is charged.
    const priced = await call('POST', '/api/orders/set-costs', {
      items,
      costs: { tip: { type: 'percentage', value: '10' } },
      type: 'take-out',
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const placed = await place(await body(items), `hub-split-${Date.now()}`);
    expect(placed.statusCode, placed.body).toBe(201);
    const result = placed.json() as Placed;
    // The hub's order of vendors, each vendor's lines only.
    expect(result.orders.map((order) => [order.vendor.id, order.order.items.map((item) => item.id)])).toEqual([
      [TIDEWATER, [SALMON.id, CHOWDER.id]],
      [KITS, [GYOZA.id, EDAMAME.id]],
    ]);
    expect(result.orders.map((order) => order.vendor.name)).toEqual(['Tidewater Fish & Chips', 'Kits Noodle House']);
    const [fish, noodles] = result.orders;
    expect(fish!.order.number).not.toBe(noodles!.order.number);
    expect(result.orders.map((order) => order.order.status)).toEqual(['placed', 'placed']);
    // Each vendor's own prep time: Tidewater 10 minutes, Kits 8.
    expect(fish!.order.pickup_time).toBe('2026-11-24T19:10:00.000Z');
    expect(noodles!.order.pickup_time).toBe('2026-11-24T19:08:00.000Z');
    // The server's prices: 22.00 + 8.50 at Tidewater, 2 × 8.50 + 5.50 at Kits.
    expect(result.total.subtotal).toBe(2200 + 850 + 2 * 850 + 550);
    expect(result.total.amountDue).toBe(fish!.order.costs.amountDue + noodles!.order.costs.amountDue);
    expect(priced.json().costs.amountDue).toBe(result.total.amountDue);
    expect(priced.json().costs.taxes).toBe(result.total.taxes);
    expect(result.payment).toMatchObject({ amount: result.total.amountDue, last4: '4242' });
    const ids = result.orders.map((order) => order.order.id);
    expect(await paymentsOf(ids)).toEqual([{ amount_cents: result.total.amountDue, status: 'captured' }]);
    expect((await ordersOf(result.checkoutId)).map((row) => row.vendor_id).sort()).toEqual([TIDEWATER, KITS]);

    // Each order is the diner's to follow on its own, with its vendor.
    const view = await call('GET', `/api/orders/${noodles!.order.id}?token=${noodles!.access_token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().order.marketplace).toMatchObject({ checkoutId: result.checkoutId, vendor: { id: KITS } });

    // One receipt names both vendors with their order numbers.
    const mail = await t.database.db.selectFrom('outbox').select(['subject', 'body']).where('order_id', '=', ids[0]!).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('2 vendors');
    expect(mail[0]!.body).toContain(`Tidewater Fish & Chips · Order #${fish!.order.number}`);
    expect(mail[0]!.body).toContain(`Kits Noodle House · Order #${noodles!.order.number}`);
  });

  it('answers a replay with the same orders and no second charge, and refuses the key with another cart', async () => {
    now = NOON;
    const key = `hub-replay-${Date.now()}`;
    const payload = await body(cart([SALMON], [GYOZA]));
    const first = await place(payload, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await place(payload, key);
    expect(again.statusCode, again.body).toBe(200);
    const [a, b] = [first.json() as Placed, again.json() as Placed];
    expect(b.replayed).toBe(true);
    expect(b.orders.map((order) => order.order.id)).toEqual(a.orders.map((order) => order.order.id));
    expect(b.total).toEqual(a.total);
    expect(await paymentsOf(a.orders.map((order) => order.order.id))).toHaveLength(1);

    const other = await place(await body(cart([CHOWDER])), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('makes one set of orders and one charge from ten identical requests at once', async () => {
    now = NOON;
    const key = `hub-twins-${Date.now()}`;
    const payload = await body(cart([CHOWDER], [EDAMAME]));
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(payload, key)));
    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([...Array<number>(9).fill(200), 201]);
    const ids = new Set(answers.flatMap((answer) => (answer.json() as Placed).orders.map((order) => order.order.id)));
    expect(ids.size).toBe(2);
    expect(await paymentsOf([...ids])).toHaveLength(1);
  });

  it.each([
    ['en-CA', 'Ramble Greens is not taking orders right now. Back at 2 pm.'],
    ['fr-CA', 'Ramble Greens ne prend pas de commandes pour le moment. De retour à 14 h.'],
  ])('refuses only a paused vendor’s items, with its reason (%s), and places nothing', async (locale, reason) => {
    now = NOON;
    const before = await t.database.db.selectFrom('orders').select('id').execute();
    const refused = await place(await body(cart([SALMON], [BOWL], [GYOZA])), `hub-paused-${locale}-${Date.now()}`, locale);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'VENDOR_PAUSED',
      details: [{ path: `vendors.${RAMBLE}`, message: reason }],
      invalid_items: [{ orderId: 2, error: 'VENDOR_PAUSED' }],
    });
    expect(refused.json().message).toMatch(locale === 'fr-CA' ? /Retirez ses articles/ : /Remove its items/);
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    // The same cart without that vendor's items goes through.
    const placed = await place(await body(cart([SALMON], [GYOZA])), `hub-paused-ok-${locale}-${Date.now()}`, locale);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('refuses a vendor closed by its own hours, and takes the open vendors’ items', async () => {
    now = new Date('2026-11-24T17:00:00Z'); // 10:00 in Vancouver: the hub is open, Kits opens at 11:00.
    const refused = await place(await body(cart([SALMON], [EDAMAME])), `hub-closed-${Date.now()}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'VENDOR_CLOSED',
      details: [{ path: `vendors.${KITS}`, message: 'Kits Noodle House is closed at this time.' }],
      invalid_items: [{ orderId: 2, error: 'VENDOR_CLOSED' }],
    });
    const placed = await place(await body(cart([SALMON])), `hub-closed-ok-${Date.now()}`);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as Placed).orders.map((order) => order.vendor.id)).toEqual([TIDEWATER]);
    now = NOON;
  });

  it('never passes a vendor’s slot capacity under 50 checkouts at once, and charges only those placed', async () => {
    now = NOON;
    const slot = { scheduled: true, dueByDate: '2026-11-24', dueByTime: '15:00' };
    const payloads = await Promise.all(Array.from({ length: 50 }, () => body(cart([CHOWDER], [GYOZA]), slot)));
    const answers = await Promise.all(payloads.map((payload, index) => place(payload, `hub-rush-${index}-${Date.now()}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().error).toBe('TIMESLOT_FULL');
    const kitsAtThree = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('vendor_id', '=', KITS)
      .where('pickup_slot', '=', '2026-11-24T22:00:00.000Z')
      .execute();
    expect(kitsAtThree).toHaveLength(3);
    const placedIds = answers
      .filter((answer) => answer.statusCode === 201)
      .flatMap((answer) => (answer.json() as Placed).orders.map((o) => o.order.id));
    expect(placedIds).toHaveLength(6);
    expect(await paymentsOf(placedIds)).toHaveLength(3);
    // Kits' capacity is its own: Tidewater still takes that slot.
    const fishOnly = await place(await body(cart([SALMON]), slot), `hub-rush-fish-${Date.now()}`);
    expect(fishOnly.statusCode, fishOnly.body).toBe(201);
  });

  it('shows each vendor’s staff only its own orders, and lets them move only those', async () => {
    now = NOON;
    const placed = (await (await place(await body(cart([SALMON], [GYOZA])), `hub-staff-${Date.now()}`)).json()) as Placed;
    const [fish, noodles] = placed.orders;
    const login = async (email: string) => {
      const response = await call('POST', '/api/auth/login-native', { email, password: DEMO_PASSWORD });
      expect(response.statusCode, response.body).toBe(200);
      return { authorization: `Bearer ${response.json().token as string}` };
    };
    const tidewater = await login('tidewater@market-hall.example.com');
    const list = await call('GET', '/api/staff/orders', undefined, tidewater);
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json().orders as Array<{ id: string }>).map((order) => order.id);
    expect(ids).toContain(fish!.order.id);
    expect(ids).not.toContain(noodles!.order.id);
    const rows = await t.database.db.selectFrom('orders').select('vendor_id').where('id', 'in', ids).execute();
    expect(new Set(rows.map((row) => row.vendor_id))).toEqual(new Set([TIDEWATER]));

    const other = await call('POST', `/api/staff/orders/${noodles!.order.id}/status`, { status: 'accepted' }, tidewater);
    expect(other.statusCode).toBe(404);
    const own = await call('POST', `/api/staff/orders/${fish!.order.id}/status`, { status: 'accepted' }, tidewater);
    expect(own.statusCode, own.body).toBe(200);
    const noodleList = await call('GET', '/api/staff/orders', undefined, await login('noodles@market-hall.example.com'));
    const noodleOrder = (noodleList.json().orders as Array<{ id: string; status: string }>).find((order) => order.id === noodles!.order.id);
    expect(noodleOrder?.status).toBe('placed');
  });

  it('tells each vendor’s board of its own counter’s orders only, not the other vendors’ order ids', async () => {
    now = NOON;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await call('POST', '/api/auth/login-native', { email: 'tidewater@market-hall.example.com', password: DEMO_PASSWORD });
    const stream = await openEventStream<{ order_id?: string; type?: string }>(`${base}/api/staff/orders/events?restaurant=market-hall`, {
      authorization: `Bearer ${login.json().token as string}`,
    });
    expect(stream.response.status).toBe(200);
    await stream.next((event) => event.event === 'ready', 5000);

    const placed = (await (await place(await body(cart([CHOWDER], [EDAMAME])), `hub-events-${Date.now()}`)).json()) as Placed;
    const [fish, noodles] = placed.orders;
    await stream.next((event) => event.data.order_id === fish!.order.id && event.data.type === 'placed', 2000);
    // The Kits order was announced in the same transaction: a moment more for it to (wrongly) arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.received.some((event) => event.data.order_id === noodles!.order.id)).toBe(false);
    stream.close();
  });

  it('is refused by a restaurant that is not a hub', async () => {
    const refused = await place(
      {
        data: {
          items: cart([SALMON]),
          costs: {},
          checkout: { paymentMethod: 'credit_card', contact: { full_name: 'A B', email: 'a@b.ca', phone_number: '' } },
        },
      },
      `hub-not-${Date.now()}`,
      'en-CA',
      'maple-bistro',
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('NOT_A_MARKETPLACE');
  });

  it('takes one vendor’s items through POST /orders as that vendor’s order, and refuses several vendors there', async () => {
    const LAGER = { id: 6113, menu_id: 6013, section_id: 6056, price: 900 }; // Taps & Vines, served at the tables
    const key = `hub-table-${Date.now()}`;
    const table = await call(
      'POST',
      '/api/orders',
      {
        type: 'dine_in',
        data: {
          config: { tableNum: '12' },
          items: cart([LAGER, 2]),
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            card: { token: await cardToken() },
            contact: { full_name: 'Mina Market', email: 'mina@example.com', phone_number: '604-555-0110' },
          },
        },
      },
      { 'idempotency-key': key },
    );
    expect(table.statusCode, table.body).toBe(201);
    const stored = await t.database.db
      .selectFrom('orders')
      .select('vendor_id')
      .where('id', '=', table.json().order.id)
      .executeTakeFirstOrThrow();
    expect(stored.vendor_id).toBe(6943);

    const mixed = await call(
      'POST',
      '/api/orders',
      { type: 'take-out', ...(await body(cart([SALMON], [GYOZA]))) },
      { 'idempotency-key': `hub-mixed-${Date.now()}`, 'accept-language': 'fr-CA' },
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ error: 'MARKETPLACE_CHECKOUT_REQUIRED', message: expect.stringContaining('plusieurs comptoirs') });
  });
});
