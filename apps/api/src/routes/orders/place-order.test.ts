import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { LIMITS } from '@servery/domain/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { buildApp } from '../../app';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { importTenants } from '../../use-cases/platform/import-tenants';
import { findRestaurantBySlug } from '../../db/restaurants-repository';
import { changeOrderStatus } from '../../use-cases/orders/order-notifications';
import { queueInOutbox } from '../../db/outbox-repository';
import { outboxSms } from '../../ports/sms';
import type { Db } from '../../db/database';

const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const BURGER = { id: 1106, menu_id: 1010, section_id: 1051 };
const CLUB_BURGER = { id: 1153, menu_id: 1013, section_id: 1065 };
const VISA = '4242424242424242';
const DECLINED = '4000000000000002';
const AMEX = '378282246310005';
const AMEX_CVD = '7391';

// One menu, one item, one order per 15-minute slot, open all day every day.
const tinySlots = tenantFixture({
  id: 82,
  slug: 'tiny-slots',
  menu_groups: [
    {
      id: 8201,
      name: 'Food',
      slug: 'food',
      menus: [
        { id: 8202, name: 'Lunch', ordering_interval: 15, max_orders_per_interval: 1, items: [{ id: 8203, name: 'Bowl', price: '10.00' }] },
      ],
    },
  ],
});

// A restaurant that does not offer special instructions on takeout orders.
const quietNotes = tenantFixture({
  id: 84,
  slug: 'quiet-notes',
  hide_takeout_special_instructions: true,
  menu_groups: [
    { id: 8401, name: 'Food', slug: 'food', menus: [{ id: 8402, name: 'Lunch', items: [{ id: 8403, name: 'Bowl', price: '10.00' }] }] },
  ],
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    [bistroFile, asSource(tinySlots), asSource(tenantFixture({ id: 83, slug: 'other-place' })), asSource(quietNotes)],
    {
      now: openHoursClock(),
    },
  );
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, tenant = 'maple-bistro') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-restaurant-id': tenant, ...headers } });

async function tokenize(number = VISA, cvd = '123', tenant = 'maple-bistro'): Promise<string> {
  const response = await post('/api/payment/tokenize', { number, expiry: '1230', cvd, postal_code: 'M5A 3C4' }, {}, tenant);
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

interface Slot {
  date: string;
  time: string;
  start: string;
}
async function firstSlot(items: object[], tenant = 'maple-bistro', type = 'take-out'): Promise<Slot> {
  const response = await post('/api/orders/scheduling', { type, items }, {}, tenant);
  expect(response.statusCode).toBe(200);
  const day = response.json().days[0];
  const slot = day.slots[0];
  return { date: day.date, time: slot.startTime, start: slot.start };
}

const soup = (quantity = 2) => ({ ...SOUP, orderId: 1, quantity, orderPrice: 800 * quantity, orderOptions: [] });

function pickupOrder(
  token: string | null,
  slot: Slot,
  overrides: { checkout?: object; items?: object[]; type?: string; config?: object } = {},
) {
  return {
    type: overrides.type ?? 'take-out',
    data: {
      config: overrides.config ?? { takeout: true, takeoutType: 'pickup' },
      items: overrides.items ?? [soup()],
      costs: { tip: { type: 'percentage', value: '18' } },
      checkout: {
        paymentMethod: 'credit_card',
        pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
        contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
        card: token ? { token } : null,
        questions: [{ id: 1920, answers: [1] }],
        ...overrides.checkout,
      },
    },
  };
}

const placeOrder = (body: object, key = newKey(), headers: Record<string, string> = {}, tenant = 'maple-bistro') =>
  post('/api/orders', body, { 'idempotency-key': key, ...headers }, tenant);

async function count(table: 'orders' | 'payments' | 'outbox', restaurantId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('POST /api/orders', () => {
  it('stores a paid pickup order once, at the set-costs total, with a receipt in the diner’s language', async () => {
    const slot = await firstSlot([soup()]);
    const token = await tokenize();
    const priced = await post('/api/orders/set-costs', {
      items: [soup()],
      costs: { tip: { type: 'percentage', value: '18' } },
      type: 'take-out',
    });
    const expected = priced.json().costs;

    const response = await placeOrder(pickupOrder(token, slot), newKey(), { 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.replayed).toBe(false);
    expect(body.paymentNotRequired).toBe(false);
    expect(body.order).toMatchObject({ status: 'placed', type: 'take-out', pickup_time: slot.start, scheduled: true });
    expect(body.order.costs.amountDue).toBe(expected.amountDue);
    expect(body.order.costs.totalWithTip).toBe(expected.totalWithTip);
    expect(body.order.payment).toMatchObject({ method: 'credit_card', brand: 'VISA', last4: '4242', amount: expected.amountDue });
    expect(body.order.number).toBeGreaterThan(0);

    const payments = await t.database.db.selectFrom('payments').selectAll().where('order_id', '=', body.order.id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'captured', captured_cents: expected.amountDue, amount_cents: expected.amountDue });

    const mail = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', body.order.id).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', recipient: 'dana@example.com', locale: 'fr-CA' });
    expect(mail[0]!.subject).toContain(`Votre commande no ${body.order.number}`);
    expect(mail[0]!.body).toContain('TVH');
    expect(mail[0]!.body).toContain('Heure de cueillette');
    expect(mail[0]!.body).toContain('Total');

    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?restaurant=101' });
    expect(outbox.json().messages.some((message: { order_id: string }) => message.order_id === body.order.id)).toBe(true);
  });

  it('refuses a declined card with 402/200 and stores nothing', async () => {
    const slot = await firstSlot([soup()]);
    const before = { orders: await count('orders', 101), payments: await count('payments', 101), outbox: await count('outbox', 101) };
    const response = await placeOrder(pickupOrder(await tokenize(DECLINED), slot));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 200, error: 'CARD_DECLINED' });
    expect(await count('orders', 101)).toBe(before.orders);
    expect(await count('payments', 101)).toBe(before.payments);
    expect(await count('outbox', 101)).toBe(before.outbox);
  });

  it('answers a repeated Idempotency-Key with the same order and charges once', async () => {
    const slot = await firstSlot([soup()]);
    const body = pickupOrder(await tokenize(), slot);
    const key = newKey();
    const first = await placeOrder(body, key);
    const second = await placeOrder(body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(second.json().access_token).toBe(first.json().access_token);
    expect(second.json().replayed).toBe(true);
    const payments = await t.database.db.selectFrom('payments').selectAll().where('order_id', '=', first.json().order.id).execute();
    expect(payments).toHaveLength(1);
  });

  it('places one order and one charge when the same key arrives several times at once', async () => {
    const slot = await firstSlot([soup()]);
    const body = pickupOrder(await tokenize(), slot);
    const key = newKey();
    const before = { orders: await count('orders', 101), payments: await count('payments', 101) };
    const answers = await Promise.all([placeOrder(body, key), placeOrder(body, key), placeOrder(body, key), placeOrder(body, key)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().order.id)).size).toBe(1);
    expect(await count('orders', 101)).toBe(before.orders + 1);
    expect(await count('payments', 101)).toBe(before.payments + 1);
  });

  it('refuses the same key with a different body (409)', async () => {
    const slot = await firstSlot([soup()]);
    const token = await tokenize();
    const key = newKey();
    expect((await placeOrder(pickupOrder(token, slot), key)).statusCode).toBe(201);
    const other = await placeOrder(pickupOrder(token, slot, { items: [soup(3)] }), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('needs an Idempotency-Key', async () => {
    const response = await post('/api/orders', pickupOrder(null, { date: '2030-01-01', time: '12:00', start: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('refuses a full slot, and scheduling stops offering it', async () => {
    const bowl = { id: 8203, menu_id: 8202, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] };
    const slot = await firstSlot([bowl], 'tiny-slots');
    const body = (token: string) => ({
      ...pickupOrder(token, slot, { items: [bowl] }),
      data: { ...pickupOrder(token, slot, { items: [bowl] }).data, costs: {} },
    });
    const noQuestions = (order: ReturnType<typeof body>) => ({
      ...order,
      data: { ...order.data, checkout: { ...order.data.checkout, questions: [] } },
    });
    const first = await placeOrder(noQuestions(body(await tokenize(VISA, '123', 'tiny-slots'))), newKey(), {}, 'tiny-slots');
    expect(first.statusCode).toBe(201);
    const second = await placeOrder(noQuestions(body(await tokenize(VISA, '123', 'tiny-slots'))), newKey(), {}, 'tiny-slots');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 424, error: 'TIMESLOT_FULL' });

    const scheduling = (await post('/api/orders/scheduling', { type: 'take-out', items: [bowl] }, {}, 'tiny-slots')).json();
    const starts = scheduling.days.flatMap((day: { slots: Array<{ start: string; remaining: number | null }> }) => day.slots);
    expect(starts.some((entry: { start: string }) => entry.start === slot.start)).toBe(false);
    expect(starts.every((entry: { remaining: number | null }) => entry.remaining === null || entry.remaining > 0)).toBe(true);
  });

  it('delivers inside the radius and refuses an address outside it, placing the address by its postal code', async () => {
    const slot = await firstSlot([soup()]);
    const delivery = (postalCode: string, point: object = {}) => ({
      pickup: { delivery: true, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
      delivery: { type: 'default_address', address: '1 Main Street', postalCode, ...point },
    });
    const config = { takeout: true, takeoutType: 'delivery' };
    const before = await count('orders', 101);
    // Richmond Hill is about 25 km from the bistro (radius 8 km); a point the browser claims is ignored.
    const outside = await placeOrder(
      pickupOrder(await tokenize(), slot, { checkout: delivery('L4C 1A1', { lat: 43.6505, lng: -79.3592 }), config }),
    );
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ error: 'DELIVERY_OUTSIDE_RADIUS', details: [{ path: 'data.checkout.delivery.postalCode' }] });
    const malformed = await placeOrder(pickupOrder(await tokenize(), slot, { checkout: delivery('12'), config }));
    expect(malformed.json()).toMatchObject({ error: 'DELIVERY_ADDRESS_INVALID', details: [{ path: 'data.checkout.delivery.postalCode' }] });
    expect(await count('orders', 101)).toBe(before);

    const inside = await placeOrder(pickupOrder(await tokenize(), slot, { checkout: delivery('m5v2t6'), config }));
    expect(inside.statusCode).toBe(201);
    const order = inside.json().order;
    expect(order.costs.deliveryCharge.amount).toBeGreaterThan(0);
    expect(order.delivery).toMatchObject({ type: 'default_address', postalCode: 'M5V 2T6' });
    expect(order.delivery.lat).toBeCloseTo(43.65, 1);
  });

  it('refuses an order without a required custom question', async () => {
    const slot = await firstSlot([soup()]);
    const response = await placeOrder(pickupOrder(await tokenize(), slot, { checkout: { questions: [] } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'QUESTION_REQUIRED', details: [{ path: 'data.checkout.questions.1920' }] });
  });

  it('keeps the member price the cart showed: a member-only item at the member discount is placed at that total', async () => {
    const clubBurger = { ...CLUB_BURGER, orderId: 1, quantity: 1, orderPrice: 1700, orderOptions: [] };
    const member = { cookie: 'maple-bistro-member=MC-100234' };
    const slot = await firstSlot([clubBurger]);
    const priced = await post('/api/orders/set-costs', { items: [clubBurger], costs: {}, type: 'take-out' }, member);
    expect(priced.statusCode).toBe(200);
    const shown = priced.json().costs;
    expect(shown.memberDiscount).toEqual({ preTax: true, amount: 170 });

    const body = pickupOrder(await tokenize(), slot, { items: [clubBurger], checkout: { questions: [{ id: 1920, answers: [1] }] } });
    const placed = await placeOrder({ ...body, data: { ...body.data, costs: {} } }, newKey(), member);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    expect(order.costs.memberDiscount).toEqual({ preTax: true, amount: 170 });
    expect(order.costs.amountDue).toBe(shown.amountDue);
    expect(order.payment.amount).toBe(shown.amountDue);

    // Without the member's cookie the same cart is not theirs to order: the item is members-only.
    const guest = await placeOrder({ ...body, data: { ...body.data, costs: {} } });
    expect(guest.json()).toMatchObject({ code: 426, error: 'ITEM_UNAVAILABLE' });
  });

  it('refuses a stale price with 428 and the fresh costs', async () => {
    const slot = await firstSlot([soup()]);
    const response = await placeOrder(pickupOrder(await tokenize(), slot, { items: [{ ...soup(), orderPrice: 1 }] }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 428, error: 'ITEM_PRICE_CHANGED' });
    expect(response.json().costs).toBeDefined();
  });

  it('files a signed-in diner’s order under their receipts, and tells an expired session so', async () => {
    const registered = await post('/api/auth/register-user', {
      firstName: 'Rita',
      lastName: 'Regular',
      email: 'rita@example.com',
      password: 'Regular123!',
    });
    const { token } = registered.json();
    const slot = await firstSlot([soup()]);
    const placed = await placeOrder(pickupOrder(await tokenize(), slot), newKey(), { authorization: `Bearer ${token}` });
    expect(placed.statusCode).toBe(201);
    const receipts = await post('/api/auth/get-past-receipts', {}, { authorization: `Bearer ${token}` });
    expect(receipts.json().receipts.map((receipt: { id: string }) => receipt.id)).toEqual([placed.json().order.id]);
    const expired = await placeOrder(pickupOrder(await tokenize(), slot), newKey(), {
      authorization: 'Bearer not-a-live-session-token-at-all',
    });
    expect(expired.json()).toMatchObject({ code: 201, error: 'SESSION_EXPIRED' });
  });

  it('shows an order only to its diner, at its restaurant', async () => {
    const slot = await firstSlot([soup()]);
    const placed = (await placeOrder(pickupOrder(await tokenize(), slot))).json();
    const get = (tenant: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/orders/${placed.order.id}?token=${token}`, headers: { 'x-restaurant-id': tenant } });
    const mine = await get('maple-bistro', placed.access_token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().order.id).toBe(placed.order.id);
    expect((await get('other-place', placed.access_token)).statusCode).toBe(404);
    expect((await get('maple-bistro', 'x'.repeat(32))).statusCode).toBe(404);
  });

  it('keeps a takeout order’s special instructions, except where the restaurant does not offer them', async () => {
    const slot = await firstSlot([soup()]);
    const withNotes = (token: string, at: Slot, items?: object[]) =>
      pickupOrder(token, at, {
        checkout: { pickup: { delivery: false, scheduled: true, dueByDate: at.date, dueByTime: at.time, notes: ' Ring the side door ' } },
        ...(items && { items }),
      });
    const kept = (await placeOrder(withNotes(await tokenize(), slot))).json();
    expect(kept.order.notes).toBe('Ring the side door');

    const bowl = { id: 8403, menu_id: 8402, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] };
    const quietSlot = await firstSlot([bowl], 'quiet-notes');
    const body = withNotes(await tokenize(VISA, '123', 'quiet-notes'), quietSlot, [bowl]);
    (body.data.checkout as { questions?: unknown }).questions = [];
    const quiet = await placeOrder(body, newKey(), {}, 'quiet-notes');
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(quiet.json().order.notes).toBe('');
  });

  it('shows its diner the lines with their options in both languages, the costs and the payment reference', async () => {
    const slot = await firstSlot([soup()]);
    const burger = {
      ...BURGER,
      orderId: 2,
      quantity: 1,
      orderPrice: 1900,
      orderOptions: [{ id: 1502, values: [{ id: 1607, quantity: 1 }] }],
    };
    const items = [soup(), { ...burger, specialInstructions: '  No pickles  ' }];
    const response = await placeOrder(pickupOrder(await tokenize(), slot, { items }));
    expect(response.statusCode).toBe(201);
    const placed = response.json();
    const payment = await t.database.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', placed.order.id)
      .executeTakeFirstOrThrow();

    const before = t.app.now().getTime();
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.order.id}?token=${placed.access_token}`,
      headers: { 'x-restaurant-id': 'maple-bistro' },
    });
    expect(shown.statusCode).toBe(200);
    const { order, lines } = shown.json();
    // The server's clock (not the system's: this app's starts at 1 PM in Toronto), which the status
    // screen says "today" by (web ordering/order/order-headline.ts).
    const said = Date.parse(shown.json().now);
    expect(said).toBeGreaterThanOrEqual(before);
    expect(said).toBeLessThanOrEqual(t.app.now().getTime());
    expect(order.payment).toMatchObject({ method: 'credit_card', brand: 'VISA', last4: '4242' });
    // The processor's reference is the restaurant's: never in the diner's answer (issue 30 defect 8).
    expect(order.payment).not.toHaveProperty('transaction');
    expect(JSON.stringify(shown.json())).not.toContain(payment.id);
    expect(lines).toEqual([
      {
        orderId: 1,
        quantity: 2,
        name: { 'en-CA': 'Soup of the day', 'fr-CA': 'Soupe du jour' },
        options: [],
        amount: 1600,
        instructions: null,
      },
      {
        orderId: 2,
        quantity: 1,
        name: { 'en-CA': 'Maple Burger', 'fr-CA': 'Burger Maple' },
        options: [{ name: { 'en-CA': 'Aged cheddar', 'fr-CA': 'Cheddar vieilli' }, quantity: 1, depth: 0 }],
        amount: 1900,
        instructions: 'No pickles',
      },
    ]);
    // The lines add up to the subtotal the costs show (no amount is computed twice).
    expect(lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(order.costs.subtotal);

    // The receipt names the same lines, the options and the payment's reference.
    const mail = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', placed.order.id).executeTakeFirstOrThrow();
    expect(mail.body).toContain('1 × Maple Burger');
    expect(mail.body).toContain('    Aged cheddar');
    // The processor's reference is the restaurant's, never in the diner's e-mail (issue 30 defect 8).
    expect(mail.body).not.toContain(payment.id);
  });
});

async function allText(database: Db): Promise<string> {
  const tables =
    database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db)).rows.map((row) => row.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
            database.db,
          )
        ).rows.map((row) => row.name);
  const texts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    texts.push(JSON.stringify(rows.rows));
  }
  return texts.join('\n');
}

describe('card data', () => {
  it('never reaches a table nor a log line, even at trace level', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    try {
      const imported = await importTenants(database.db, [bistroFile], new Date());
      expect(imported.ok).toBe(true);
      const app = await buildApp(
        { LOG_LEVEL: 'trace', WEB_DIST: path.join(repoRoot, 'apps/web/dist'), TENANTS_DIR: path.join(repoRoot, 'tenants') },
        database,
        { logStream: { write: (line: string) => lines.push(line) } },
      );
      await app.ready();
      const headers = { 'x-restaurant-id': 'maple-bistro' };
      const tokenised = await app.inject({
        method: 'POST',
        url: '/api/payment/tokenize',
        headers,
        payload: { number: '3782-8224-6310-005', expiry: '1230', cvd: AMEX_CVD, postal_code: 'M5A 3C4' },
      });
      expect(tokenised.statusCode).toBe(200);
      expect(tokenised.json()).toMatchObject({ brand: 'AMEX', last4: '0005', expiry: '1230' });
      const refused = await app.inject({
        method: 'POST',
        url: '/api/payment/tokenize',
        headers,
        payload: { number: AMEX, expiry: '1230', cvd: '12' },
      });
      expect(refused.statusCode).toBe(400);
      const scheduling = (
        await app.inject({ method: 'POST', url: '/api/orders/scheduling', headers, payload: { type: 'take-out', items: [soup()] } })
      ).json();
      const day = scheduling.days[0];
      const slot = { date: day.date, time: day.slots[0].startTime, start: day.slots[0].start };
      const placed = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...headers, 'idempotency-key': newKey() },
        payload: pickupOrder(tokenised.json().token, slot),
      });
      expect(placed.statusCode).toBe(201);
      await app.close();

      expect(lines.length).toBeGreaterThan(0);
      const stored = await allText(database);
      for (const text of [stored, lines.join('\n')]) {
        expect(text).not.toContain(AMEX);
        expect(text).not.toContain('3782-8224-6310-005');
        expect(text).not.toMatch(/"cvd"/i);
        expect(text).not.toContain(`"${AMEX_CVD}"`);
      }
      expect(stored).toContain('0005');
    } finally {
      await database.drop();
    }
  });
});

describe('POST /api/payment/*', () => {
  it('gives the sandbox config with test cards and reference labels in the request’s language', async () => {
    const response = await post('/api/payment/get-payment-config', { applePay: true, googlePay: false }, { 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(config).toMatchObject({ processor: 'sandbox', testMode: true, methods: ['credit_card'] });
    expect(config.testCards.some((card: { number: string }) => card.number === DECLINED)).toBe(true);
  });

  it('refuses an unsupported brand and Apple Pay on the sandbox', async () => {
    const discover = await post('/api/payment/tokenize', { number: '6011111111111117', expiry: '1230', cvd: '123' });
    expect(discover.statusCode).toBe(422);
    expect(discover.json().error).toBe('CARD_BRAND_UNSUPPORTED');
    const apple = await post('/api/payment/get-apple-pay-session', { validationUrl: 'https://apple-pay-gateway.apple.com/x' });
    expect(apple.json()).toMatchObject({ error: 'APPLE_PAY_UNSUPPORTED' });
  });
});

describe('POST /api/orders/notification', () => {
  it('texts an order at most a few times, and one address at most its limit, whatever the orders', async () => {
    const slot = await firstSlot([soup()]);
    const placed = (await placeOrder(pickupOrder(await tokenize(), slot))).json();
    const ask = (remoteAddress: string, checkNum: unknown, accessToken?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/notification',
        remoteAddress,
        headers: { 'x-restaurant-id': 'maple-bistro' },
        payload: { data: { config: { checkNum, accessToken }, checkout: { contact: { phone_number: '416-555-0142' } } } },
      });
    const perOrder: number[] = [];
    for (let attempt = 0; attempt < LIMITS.readyTextOrder.max + 1; attempt += 1)
      perOrder.push((await ask(`192.0.2.${attempt + 1}`, placed.order.number, placed.access_token)).statusCode);
    expect(perOrder).toEqual([...Array<number>(LIMITS.readyTextOrder.max).fill(200), 429]);

    // Listing order numbers from one address: refused past the address's limit, with Retry-After.
    const answers = [];
    for (let number = 1; number <= LIMITS.readyTextAddress.max + 2; number += 1) answers.push(await ask('192.0.2.200', number));
    expect(answers.slice(0, LIMITS.readyTextAddress.max).every((answer) => answer.statusCode === 404)).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks the order id, its token and the phone, confirms by SMS, and texts again when the order is ready', async () => {
    const slot = await firstSlot([soup()]);
    const placed = (await placeOrder(pickupOrder(await tokenize(), slot))).json();
    const ask = (checkNum: unknown, phone: string, token: string | null = placed.access_token) =>
      post('/api/orders/notification', {
        data: { config: { checkNum, ...(token !== null && { accessToken: token }) }, checkout: { contact: { phone_number: phone } } },
      });

    const noOrder = await ask(null, '416-555-0101');
    expect(noOrder.statusCode).toBe(400);
    expect(noOrder.json().details).toEqual([{ path: 'data.config.checkNum', message: 'required' }]);
    const badPhone = await ask(placed.order.number, '416-555-010');
    expect(badPhone.json().details).toEqual([{ path: 'data.checkout.contact.phone_number', message: 'invalidPhoneNumber' }]);
    expect((await ask(999999, '416-555-0101')).statusCode).toBe(404);
    // The number alone, or with another token, is the same answer as an order that does not exist.
    const noToken = await ask(placed.order.number, '416-555-0101', null);
    const wrongToken = await ask(placed.order.number, '416-555-0101', `${placed.access_token}x`);
    for (const refused of [noToken, wrongToken]) expect(refused.json()).toEqual((await ask(999999, '416-555-0101')).json());

    const ok = await ask(placed.order.number, '(416) 555-0199');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, orderNumber: placed.order.number, phone: '416-555-0199' });

    const restaurant = (await findRestaurantBySlug(t.database.db, 'maple-bistro'))!;
    expect(await changeOrderStatus(t.database, restaurant, placed.order.id, 'ready', outboxSms(queueInOutbox), new Date())).toEqual({
      ok: false,
      error: 'INVALID_TRANSITION',
    });
    await changeOrderStatus(t.database, restaurant, placed.order.id, 'accepted', outboxSms(queueInOutbox), new Date());
    expect(await changeOrderStatus(t.database, restaurant, placed.order.id, 'ready', outboxSms(queueInOutbox), new Date())).toEqual({
      ok: true,
      status: 'ready',
    });
    const texts = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('order_id', '=', placed.order.id)
      .where('channel', '=', 'sms')
      .execute();
    expect(texts.map((text) => text.body).sort()).toEqual([
      `Maple Bistro — Distillery District: order ${placed.order.number} is ready.`,
      `Maple Bistro — Distillery District: we'll text you when order ${placed.order.number} is ready.`,
    ]);
    expect(texts.every((text) => text.recipient === '+14165550199')).toBe(true);
  });
});

describe('GET /api/orders/another-round/:id', () => {
  it('rebuilds a dine-in order and reports an option that is gone', async () => {
    const burger = {
      ...BURGER,
      orderId: 1,
      quantity: 1,
      orderPrice: 1900,
      orderOptions: [{ id: 1502, values: [{ id: 1607, quantity: 1 }] }],
    };
    const body = {
      type: 'dine_in',
      data: {
        config: { tableNum: '12' },
        items: [burger, { ...soup(1), orderId: 2 }],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
          card: { token: await tokenize() },
          questions: [{ id: 1920, answers: [0] }],
        },
      },
    };
    const placed = await placeOrder(body);
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order.id as string;
    const round = () =>
      t.app.inject({ method: 'GET', url: `/api/orders/another-round/${id}`, headers: { 'x-restaurant-id': 'maple-bistro' } });

    const fresh = await round();
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      items: [
        { id: BURGER.id, orderPrice: 1900 },
        { id: SOUP.id, orderPrice: 800 },
      ],
      tableInfo: { tableNum: '12' },
    });

    // The cheese the diner chose is no longer on the menu.
    const row = await t.database.db.selectFrom('orders').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    data.items[0].orderOptions[0].values[0].id = 99999;
    await t.database.db
      .updateTable('orders')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', id)
      .execute();
    const gone = await round();
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ error: 'OPTION_NOT_FOUND', invalid_items: [{ orderId: 1, error: 'OPTION_NOT_FOUND' }] });
    expect(gone.json().items).toMatchObject([{ id: SOUP.id }]);

    data.items[0].orderOptions[0].id = 99998;
    await t.database.db
      .updateTable('orders')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', id)
      .execute();
    expect((await round()).json().error).toBe('SUB_OPTION_GROUP_NOT_FOUND');

    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/orders/another-round/${id}`,
      headers: { 'x-restaurant-id': 'other-place' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('a dine-in order while the restaurant is closed', () => {
  it('is refused with 417 RESTAURANT_CLOSED, in the diner’s language, and nothing is stored or charged', async () => {
    // 6 a.m. in Toronto: Maple Bistro opens at 10 or 11 every day.
    const early = new Date(openHoursClock()().getTime() - 7 * 3600_000);
    const closed = await createTestApp([bistroFile], { now: () => early });
    try {
      const headers = { 'x-restaurant-id': 'maple-bistro' };
      const card = await closed.app.inject({
        method: 'POST',
        url: '/api/payment/tokenize',
        headers,
        payload: { number: VISA, expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
      });
      const body = {
        type: 'dine_in',
        data: {
          config: { tableNum: '12' },
          items: [soup(1)],
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
            card: { token: card.json().token },
            questions: [{ id: 1920, answers: [0] }],
          },
        },
      };
      const refused = await closed.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...headers, 'idempotency-key': newKey(), 'accept-language': 'fr-CA' },
        payload: body,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 417,
        error: 'RESTAURANT_CLOSED',
        message: 'Ce restaurant est fermé en ce moment. Veuillez commander à son ouverture.',
      });
      const orders = await closed.database.db
        .selectFrom('orders')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .executeTakeFirst();
      expect(Number(orders?.count)).toBe(0);
      const payments = await closed.database.db
        .selectFrom('payments')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .executeTakeFirst();
      expect(Number(payments?.count)).toBe(0);
    } finally {
      await closed.close();
    }
  });
});
