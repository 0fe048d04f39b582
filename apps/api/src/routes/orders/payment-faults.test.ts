/**
 * Payments under faults (issue 29 item 6; docs/decisions/0066-payment-faults-and-lifecycle-model.md):
 * a processor outside our database (test/faulty-processor.ts) takes the charge and then times out,
 * answers 500, or charges twice on one call. Whatever it does, through POST /api/orders:
 * - a retry with the same Idempotency-Key gives one placed order and one charge;
 * - a new checkout attempt (a new key) after a fault leaves one charge, not two;
 * - an order shows paid (its payment captured) only when the processor's ledger holds that capture.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { faultyProcessor, heldCents, type Fault, type FaultyProcessor, type FaultyStep } from '../../test/faulty-processor';
import { createTestApp, type TestApp } from '../../test/test-app';

const RESTAURANT = 96;
const bar = tenantFixture({
  id: RESTAURANT,
  slug: 'faulty-bar',
  allow_open_tab: true,
  menu_groups: [
    {
      id: 9601,
      name: 'Food',
      slug: 'food',
      menus: [{ id: 9602, name: 'All day', items: [{ id: 9603, name: 'Bowl', price: '10.00' }] }],
    },
  ],
});

let processor: FaultyProcessor;
let t: TestApp;
beforeAll(async () => {
  processor = await faultyProcessor([asSource(bar)]);
  t = await createTestApp([asSource(bar)], { ports: { payments: processor } });
});
afterAll(async () => {
  await t.close();
  await processor.close();
});
beforeEach(() => expect(processor.pending()).toBe(0));

let calls = 0;
function post(url: string, payload: object, headers: Record<string, string> = {}) {
  calls += 1;
  // A fresh address per call: the declined-payment limit counts per address and is not under test.
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-restaurant-id': 'faulty-bar', ...headers },
    remoteAddress: `10.7.${Math.floor(calls / 250)}.${calls % 250}`,
  });
}

async function tokenize(): Promise<string> {
  const response = await post('/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'K1K1Y1' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

function dineIn(cardToken: string, tab = false) {
  return {
    type: 'dine_in',
    data: {
      config: { tableNum: '4' },
      items: [{ id: 9603, menu_id: 9602, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] }],
      costs: {},
      checkout: {
        paymentMethod: 'credit_card',
        contact: { full_name: 'Faye Fault', email: 'faye@example.com', phone_number: '416-555-0199' },
        card: { token: cardToken },
        ...(tab && { tab: { owner: 'Faye' } }),
      },
    },
  };
}

let keys = 0;
const newKey = () => `faults-${Date.now()}-${(keys += 1)}`;
const place = (body: object, key: string) => post('/api/orders', body, { 'idempotency-key': key });

interface StoredOrder {
  id: string;
  status: string;
  payment: { paymentId: string | null; captured: boolean; amount: number };
}

async function orders(): Promise<StoredOrder[]> {
  const rows = await t.database.db.selectFrom('orders').select(['id', 'status', 'data']).where('restaurant_id', '=', RESTAURANT).execute();
  return rows.map((row) => ({ id: row.id, status: row.status, payment: (JSON.parse(row.data) as Pick<StoredOrder, 'payment'>).payment }));
}

/** Ledger rows added since `before` (the processor's own record). */
async function newPayments(before: number) {
  return (await processor.ledger(RESTAURANT)).slice(before);
}

/**
 * The invariants of the module comment over the whole restaurant: every order shown paid has its
 * capture in the processor's ledger, for its amount; no payment holds money without an order
 * standing on it.
 */
async function expectBooksAgree(): Promise<void> {
  const placed = await orders();
  const ledger = await processor.ledger(RESTAURANT);
  for (const order of placed) {
    const payment = ledger.find((row) => row.id === order.payment.paymentId);
    if (order.payment.captured)
      expect(payment, `order ${order.id} shows paid`).toMatchObject({ status: 'captured', captured_cents: order.payment.amount });
    else if (order.status !== 'cancelled' && order.status !== 'refunded') expect(payment?.status).toBe('authorised');
  }
  const kept = new Set(placed.map((order) => order.payment.paymentId));
  const orphans = ledger.filter((row) => heldCents(row) > 0 && !kept.has(row.id));
  expect(orphans, 'money held for no order').toEqual([]);
}

const AFTER_THE_CHARGE: Array<[FaultyStep, Fault]> = [
  ['authorise', 'timeout-after'],
  ['authorise', 'error-after'],
  ['capture', 'timeout-after'],
  ['capture', 'error-after'],
  ['authorise', 'timeout-before'],
  ['capture', 'timeout-before'],
];

describe('a processor that takes the charge and then fails', () => {
  it.each(AFTER_THE_CHARGE)(
    '%s %s: 503 and nothing kept; the retry with the same key places one order with one charge',
    async (step, fault) => {
      const body = dineIn(await tokenize());
      const key = newKey();
      const ledgerBefore = (await processor.ledger(RESTAURANT)).length;
      const ordersBefore = (await orders()).length;

      processor.arm(step, fault);
      const refused = await place(body, key);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ code: 1803, error: 'PAYMENT_PROCESSOR_UNAVAILABLE' });
      expect(refused.body).not.toMatch(/timed out|500 Internal/);
      expect(await orders()).toHaveLength(ordersBefore);
      // What it took is given back: an authorisation voided, a capture refunded.
      const attempt = await newPayments(ledgerBefore);
      expect(attempt.map(heldCents)).toEqual(attempt.map(() => 0));
      if (fault !== 'timeout-before' || step === 'capture') expect(attempt).toHaveLength(1);
      if (step === 'capture' && fault !== 'timeout-before') expect(attempt[0]).toMatchObject({ status: 'refunded', refunded_cents: 1130 });
      if (step === 'authorise' && fault !== 'timeout-before') expect(attempt[0]).toMatchObject({ status: 'voided' });

      const placed = await place(body, key);
      expect(placed.statusCode, placed.body).toBe(201);
      const replayed = await place(body, key);
      expect(replayed.statusCode, replayed.body).toBe(200);
      expect(replayed.json().order.id).toBe(placed.json().order.id);

      expect(await orders()).toHaveLength(ordersBefore + 1);
      const all = await newPayments(ledgerBefore);
      const charged = all.filter((row) => heldCents(row) > 0);
      expect(charged).toEqual([expect.objectContaining({ order_id: placed.json().order.id, status: 'captured', captured_cents: 1130 })]);
      await expectBooksAgree();
    },
  );

  it('a new checkout attempt (a new key) after a lost capture leaves one charge, not two', async () => {
    const body = dineIn(await tokenize());
    const ledgerBefore = (await processor.ledger(RESTAURANT)).length;
    const ordersBefore = (await orders()).length;
    processor.arm('capture', 'timeout-after');
    expect((await place(body, newKey())).statusCode).toBe(503);
    const again = await place(body, newKey());
    expect(again.statusCode, again.body).toBe(201);
    expect(await orders()).toHaveLength(ordersBefore + 1);
    const held = (await newPayments(ledgerBefore)).filter((row) => heldCents(row) > 0);
    expect(held).toHaveLength(1);
    expect(held[0]!.order_id).toBe(again.json().order.id);
    await expectBooksAgree();
  });

  it('gives back from what it knows when the processor’s list does not answer either', async () => {
    const body = dineIn(await tokenize());
    const ledgerBefore = (await processor.ledger(RESTAURANT)).length;
    processor.arm('capture', 'timeout-after');
    processor.arm('paymentsFor', 'timeout-before');
    expect((await place(body, newKey())).statusCode).toBe(503);
    // The authorisation we heard of is voided, or (here: it was captured) refunded.
    const attempt = await newPayments(ledgerBefore);
    expect(attempt).toEqual([expect.objectContaining({ status: 'refunded', refunded_cents: 1130 })]);
    await expectBooksAgree();
  });
});

describe('a processor that answers twice', () => {
  it('an authorisation performed twice: the order keeps one payment and the duplicate is voided', async () => {
    const ledgerBefore = (await processor.ledger(RESTAURANT)).length;
    processor.arm('authorise', 'twice');
    const key = newKey();
    const body = dineIn(await tokenize());
    const placed = await place(body, key);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await place(body, key)).statusCode).toBe(200);
    const attempt = await newPayments(ledgerBefore);
    expect(attempt).toHaveLength(2);
    expect(attempt.filter((row) => heldCents(row) > 0)).toHaveLength(1);
    expect(attempt.map((row) => row.status).sort()).toEqual(['captured', 'voided']);
    await expectBooksAgree();
  });

  it('a capture performed twice takes the money once', async () => {
    const ledgerBefore = (await processor.ledger(RESTAURANT)).length;
    processor.arm('capture', 'twice');
    const placed = await place(dineIn(await tokenize()), newKey());
    expect(placed.statusCode, placed.body).toBe(201);
    const attempt = await newPayments(ledgerBefore);
    expect(attempt).toEqual([expect.objectContaining({ status: 'captured', captured_cents: 1130 })]);
    await expectBooksAgree();
  });
});

describe('an order on an open tab', () => {
  it('shows authorised, not paid, until the capture; a lost authorisation answer leaves no hold behind', async () => {
    const body = dineIn(await tokenize(), true);
    const key = newKey();
    processor.arm('authorise', 'timeout-after');
    expect((await place(body, key)).statusCode).toBe(503);
    const placed = await place(body, key);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await orders()).find((row) => row.id === placed.json().order.id)!;
    expect(order.payment.captured).toBe(false);
    await expectBooksAgree();
  });
});
