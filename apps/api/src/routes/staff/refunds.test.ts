/**
 * Partial refunds (issue 31 item 3; docs/decisions/0103-partial-refunds.md): POST
 * /api/staff/orders/:id/refunds by line or amount, with a reason, through the payment port; roles,
 * over-refunds, two refunds at once, the Idempotency-Key, bad input; the refund in the order, the
 * diner's view, the sales and their CSV, the audit list, and a board on another server process.
 * On SQLite by default, on PostgreSQL with DATABASE_URL (test-database.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bistroFile, placeBistroDineIn } from '../../test/bistro-dine-in';
import { secondProcess } from '../../test/second-process';
import { asSource, tenantFixture } from '../../test/fixtures';
import { openEventStream } from '../../test/event-stream-client';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const BISTRO = 101;
const OTHER = 88;
/** Two soups of $8.00 and the bistro's 18 % service charge, 13 % HST: $21.33 charged to the card. */
const CHARGE = 2133;
/** One soup: $8.00 and its tax (the service charge is no line's). */
const ONE_SOUP = 904;

let t: TestApp;
let second: FastifyInstance;
let secondUrl = '';
const tokens = { owner: '', manager: '', kitchen: '', otherOwner: '' };
let keys = 0;

const member = async (email: string, restaurantId: number, role: 'owner' | 'manager' | 'staff') =>
  (await staffMember(t.database.db, { email, restaurantId, role })).token;

beforeAll(async () => {
  const clock = openHoursClock();
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'refunds-other' }))], { now: clock });
  ({ app: second, url: secondUrl } = await secondProcess(t, clock));
  tokens.owner = await member('owner@maple-bistro.example.com', BISTRO, 'owner');
  tokens.manager = await member('manager@maple-bistro.example.com', BISTRO, 'manager');
  tokens.kitchen = await member('kitchen@maple-bistro.example.com', BISTRO, 'staff');
  tokens.otherOwner = await member('owner@refunds-other.example.com', OTHER, 'owner');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const placeDineIn = () => placeBistroDineIn(t);

const staffHeaders = (token: string, extra: Record<string, string> = {}, tenant = 'maple-bistro') => ({
  'x-restaurant-id': tenant,
  authorization: `Bearer ${token}`,
  ...extra,
});

const refund = (
  orderId: string,
  body: object,
  token = tokens.manager,
  key: string | null = `refund-key-${(keys += 1)}`,
  locale = 'en-CA',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/refunds`,
    headers: staffHeaders(token, { 'accept-language': locale, ...(key ? { 'idempotency-key': key } : {}) }),
    payload: body,
  });

const preview = (orderId: string, body: object, token = tokens.manager) =>
  t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/refunds/preview`, headers: staffHeaders(token), payload: body });

const move = (orderId: string, status: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    headers: staffHeaders(tokens.manager),
    payload: { status, ...(status === 'cancelled' || status === 'refunded' ? { reason: 'Closing early' } : {}) },
  });

const payment = (orderId: string) =>
  t.database.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

describe('who may refund part of an order', () => {
  it('lets owners and managers; the kitchen’s role and another restaurant’s owner are refused before anything moves', async () => {
    const order = await placeDineIn();
    expect(order.amount).toBe(CHARGE);
    const kitchen = await refund(order.id, { amount: 100, reason: 'Cold' }, tokens.kitchen);
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json()).toMatchObject({ error: 'REFUND_ROLE_NOT_ALLOWED' });
    expect((await preview(order.id, { amount: 100 }, tokens.kitchen)).statusCode).toBe(403);
    // Another restaurant's owner, asking as this restaurant: not on its team.
    expect((await refund(order.id, { amount: 100, reason: 'Cold' }, tokens.otherOwner)).statusCode).toBe(403);
    // As their own restaurant, the order is not theirs: not found.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/refunds`,
      headers: staffHeaders(tokens.otherOwner, { 'idempotency-key': 'elsewhere-key-1' }, 'refunds-other'),
      payload: { amount: 100, reason: 'Cold' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await payment(order.id)).toMatchObject({ status: 'captured', refunded_cents: 0 });

    expect((await refund(order.id, { amount: 100, reason: 'Cold' }, tokens.owner)).statusCode).toBe(200);
    expect((await refund(order.id, { amount: 100, reason: 'Cold' }, tokens.manager)).statusCode).toBe(200);
    expect(await payment(order.id)).toMatchObject({ status: 'partially_refunded', refunded_cents: 200 });
  });
});

describe('a refund by line', () => {
  it('gives back one of two soups with its tax, everywhere the order shows, and a board on another process hears of it', async () => {
    const order = await placeDineIn();
    expect((await move(order.id, 'accepted')).statusCode).toBe(200);
    const stream = await openEventStream<{ order_id?: string; type?: string }>(
      `${secondUrl}/api/staff/orders/events?restaurant=maple-bistro`,
      {
        authorization: `Bearer ${tokens.manager}`,
      },
    );
    await stream.next((r) => r.event === 'ready', 5000);

    const asked = await preview(order.id, { lines: [{ line_id: 1, quantity: 1 }] });
    expect(asked.json()).toEqual({ amount: ONE_SOUP, refundable: CHARGE });

    const sentAt = Date.now();
    const answer = await refund(order.id, { lines: [{ line_id: 1, quantity: 1 }], reason: '  Soup was cold ' });
    expect(answer.statusCode, answer.body).toBe(200);
    await stream.next((r) => r.data.order_id === order.id && r.data.type === 'partially_refunded', 1000);
    expect(Date.now() - sentAt).toBeLessThan(1500);
    stream.close();

    expect(answer.json()).toMatchObject({
      replayed: false,
      refund: { amount: ONE_SOUP, reason: 'Soup was cold', lines: [{ lineId: 1, quantity: 1 }] },
      order: { status: 'accepted', refundedAmount: ONE_SOUP, refundable: CHARGE - ONE_SOUP, lines: [{ line_id: 1, quantity: 2 }] },
    });
    expect(await payment(order.id)).toMatchObject({ status: 'partially_refunded', refunded_cents: ONE_SOUP });

    // The diner's order shows it.
    const diner = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${order.token}`,
      headers: { 'x-restaurant-id': 'maple-bistro' },
    });
    expect(diner.json().order).toMatchObject({ refundedAmount: ONE_SOUP, refunds: [{ amount: ONE_SOUP, reason: 'Soup was cold' }] });
    expect(JSON.stringify(diner.json())).not.toContain('refund-key');

    // The order's events and the team's audit list.
    const events = await t.database.db
      .selectFrom('order_events')
      .select(['type', 'reason', 'actor_user_id'])
      .where('order_id', '=', order.id)
      .execute();
    expect(events).toContainEqual({ type: 'partially_refunded', reason: 'Soup was cold', actor_user_id: expect.any(Number) });
    const team = await t.app.inject({ method: 'GET', url: '/api/staff/team', headers: staffHeaders(tokens.manager) });
    expect(team.json().audit).toContainEqual(
      expect.objectContaining({
        action: 'refunded_part',
        actor: 'manager@maple-bistro.example.com',
        amount: ONE_SOUP,
        reason: 'Soup was cold',
      }),
    );

    // The other soup, then nothing more of that line.
    expect((await refund(order.id, { lines: [{ line_id: 1, quantity: 1 }], reason: 'Also cold' })).json().refund.amount).toBe(ONE_SOUP);
    const third = await refund(order.id, { lines: [{ line_id: 1, quantity: 1 }], reason: 'Again' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: 'REFUND_QUANTITY_EXCEEDED' });
  });

  it('reaches the diner’s open confirmation on another process: its status stream counts the new refund', async () => {
    const order = await placeDineIn();
    const diner = await openEventStream<{ status: string; refunds: number }>(
      `${secondUrl}/api/restaurants/maple-bistro/orders/${order.id}/events?token=${order.token}`,
    );
    await diner.next((r) => r.event === 'status' && r.data.refunds === 0, 5000);
    expect((await refund(order.id, { amount: 250, reason: 'Slow service' })).statusCode).toBe(200);
    // Within a second: the stream hears the refund's order event (use-cases/orders/watch-order-status.ts).
    const seen = await diner.next((r) => r.event === 'status' && r.data.refunds === 1, 1000);
    expect(seen.data).toEqual({ status: 'placed', refunds: 1, pickup_time: null });
    diner.close();
  });

  it('counts partial refunds in the sales and their CSV: net is what is kept', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/staff/sales', headers: staffHeaders(tokens.manager) })).json();
    const order = await placeDineIn();
    expect((await refund(order.id, { amount: 250, reason: 'Late' })).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/staff/sales', headers: staffHeaders(tokens.manager) })).json();
    expect(after.refunds).toEqual({ orders: before.refunds.orders + 1, amount: before.refunds.amount + 250 });
    expect(after.net).toBe(after.total - after.refunds.amount);
    const csv = await t.app.inject({ method: 'GET', url: '/api/staff/sales.csv', headers: staffHeaders(tokens.manager) });
    expect(csv.body).toContain(`summary,refunds,${after.refunds.orders},${(after.refunds.amount / 100).toFixed(2)}`);
    // The kitchen reads no sales.
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/sales', headers: staffHeaders(tokens.kitchen) })).statusCode).toBe(403);
  });
});

describe('what a refund refuses', () => {
  it('never gives back more than the card’s charge, and a whole refund after a partial one gives back the rest', async () => {
    const order = await placeDineIn();
    expect((await refund(order.id, { amount: 1000, reason: 'Spilled' })).statusCode).toBe(200);
    const over = await refund(order.id, { amount: CHARGE - 1000 + 1, reason: 'Spilled' }, tokens.manager, null);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REQUIRED' });
    const tooMuch = await refund(order.id, { amount: CHARGE - 1000 + 1, reason: 'Spilled' }, tokens.manager, undefined, 'fr-CA');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: 'REFUND_EXCEEDS_CHARGE', message: expect.stringContaining('carte') });
    const lines = await refund(order.id, { lines: [{ line_id: 1, quantity: 2 }], reason: 'Spilled' });
    expect(lines.json()).toMatchObject({ error: 'REFUND_EXCEEDS_CHARGE' });

    for (const status of ['accepted', 'ready', 'completed', 'refunded']) expect((await move(order.id, status)).statusCode).toBe(200);
    expect(await payment(order.id)).toMatchObject({ status: 'refunded', refunded_cents: CHARGE });
    const after = await refund(order.id, { amount: 1, reason: 'Again' });
    expect(after.json()).toMatchObject({ error: 'REFUND_NOT_POSSIBLE' });
  });

  it('makes one of two refunds at once when both together would go over the charge', async () => {
    const order = await placeDineIn();
    const both = await Promise.all([
      refund(order.id, { amount: 1200, reason: 'First' }),
      refund(order.id, { amount: 1200, reason: 'Second' }),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await payment(order.id)).toMatchObject({ refunded_cents: 1200 });
    const stored = await t.database.db.selectFrom('orders').select('data').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data).refunds).toHaveLength(1);
  });

  it('answers the same Idempotency-Key with the refund it made, and refuses it for another refund', async () => {
    const order = await placeDineIn();
    const first = await refund(order.id, { amount: 300, reason: 'Late' }, tokens.manager, 'same-key-123');
    const again = await refund(order.id, { amount: 300, reason: 'Late' }, tokens.manager, 'same-key-123');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, refund: { id: first.json().refund.id } });
    const other = await refund(order.id, { amount: 400, reason: 'Late' }, tokens.manager, 'same-key-123');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'REFUND_KEY_REUSED' });
    expect(await payment(order.id)).toMatchObject({ refunded_cents: 300 });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const order = await placeDineIn();
    const cases: Array<[object, string | RegExp]> = [
      [{ reason: 'Nothing chosen' }, 'REFUND_CHOICE_INVALID'],
      [{ amount: 100, lines: [{ line_id: 1, quantity: 1 }], reason: 'Both' }, 'REFUND_CHOICE_INVALID'],
      [{ amount: 100 }, 'REFUND_REASON_INVALID'],
      [{ amount: 100, reason: '   ' }, 'REFUND_REASON_INVALID'],
      // Control characters: refused by the request checks before the use case (which refuses them too).
      [{ amount: 100, reason: 'bell\u0007' }, /^(VALIDATION_FAILED|REFUND_REASON_INVALID)$/],
      [{ amount: 100, reason: 'two\nlines' }, /^(VALIDATION_FAILED|REFUND_REASON_INVALID)$/],
      [{ lines: [{ line_id: 9, quantity: 1 }], reason: 'Unknown line' }, 'REFUND_LINE_INVALID'],
      [{ lines: [{ line_id: 1, quantity: 3 }], reason: 'Too many' }, 'REFUND_QUANTITY_EXCEEDED'],
      [{ amount: 0, reason: 'Zero' }, 'VALIDATION_FAILED'],
      [{ amount: 1.5, reason: 'Fraction' }, 'VALIDATION_FAILED'],
      [{ amount: 100, reason: 'Extra', extra: true }, 'VALIDATION_FAILED'],
    ];
    for (const [body, error] of cases) {
      const answer = await refund(order.id, body);
      expect([400, 409], JSON.stringify(body)).toContain(answer.statusCode);
      expect(answer.json().error, JSON.stringify(body)).toMatch(error);
    }
    expect(await payment(order.id)).toMatchObject({ status: 'captured', refunded_cents: 0 });
    const unknown = await refund('00000000-0000-4000-8000-000000000000', { amount: 100, reason: 'No such order' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an order with no card charge to refund: cancelled, or an open tab only authorised', async () => {
    const cancelled = await placeDineIn();
    expect((await move(cancelled.id, 'cancelled')).statusCode).toBe(200);
    expect((await refund(cancelled.id, { amount: 100, reason: 'Late' })).json()).toMatchObject({ error: 'REFUND_NOT_POSSIBLE' });
    const tab = await placeDineIn();
    const row = await t.database.db.selectFrom('orders').select('data').where('id', '=', tab.id).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    data.payment.captured = false;
    await t.database.db
      .updateTable('orders')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', tab.id)
      .execute();
    const answer = await refund(tab.id, { amount: 100, reason: 'Late' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: 'REFUND_NOT_POSSIBLE' });
  });
});
