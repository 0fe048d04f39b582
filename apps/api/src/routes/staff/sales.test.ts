import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrdersResponse } from '@servery/contracts/staff';
import type { SalesSummaryResponse } from '@servery/contracts/staff-sales';
import type { Costs } from '@servery/domain/pricing';
import { bistroFile, placeBistroDineIn } from '../../test/bistro-dine-in';
import { asSource, pickupOrderBody, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { staffMember } from '../../test/staff-member';

const BISTRO = 101;
const OTHER = 87;

let t: TestApp;
const tokens = { manager: '', staff: '', otherOwner: '' };

const member = async (email: string, restaurantId: number, role: 'owner' | 'manager' | 'staff') =>
  (await staffMember(t.database.db, { email, restaurantId, role })).token;

const placeDineIn = async (tip: number | null) =>
  (await placeBistroDineIn(t, { tableNum: '4', costs: tip === null ? {} : { tip: { type: 'dollar', value: (tip / 100).toFixed(2) } } })).id;

const staffGet = (url: string, token: string, tenant = 'maple-bistro', locale = 'en-CA') =>
  t.app.inject({ method: 'GET', url, headers: { 'x-restaurant-id': tenant, 'accept-language': locale, authorization: `Bearer ${token}` } });

async function move(orderId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/status`,
      headers: { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${tokens.manager}` },
      payload: { status, ...(status === 'cancelled' || status === 'refunded' ? { reason: 'Test' } : {}) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

/** Two soups picked up at the first slot the bistro offers, by card, as the signed-in diner `headers` name. */
async function placeScheduledPickup(headers: Record<string, string>): Promise<string> {
  const items = [{ id: 1101, menu_id: 1010, section_id: 1050, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] }];
  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...extra } });
  const scheduling = await post('/api/orders/scheduling', { type: 'take-out', items });
  expect(scheduling.statusCode, scheduling.body).toBe(200);
  const card = await post('/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' });
  const placed = await post('/api/orders', pickupOrderBody(items, scheduling.json().days[0], card.json().token as string), {
    'idempotency-key': `sales-credit-${Date.now()}`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

beforeAll(async () => {
  t = await createTestApp([bistroFile, asSource(tenantFixture({ id: OTHER, slug: 'sales-other' }))], { now: openHoursClock() });
  tokens.manager = await member('manager@maple-bistro.example.com', BISTRO, 'manager');
  tokens.staff = await member('line@maple-bistro.example.com', BISTRO, 'staff');
  tokens.otherOwner = await member('owner@sales-other.example.com', OTHER, 'owner');
});
afterAll(() => t.close());

describe("the day's sales", () => {
  it('sums the stored orders to the cent, keeps cancelled orders apart and counts a refund, on screen and as CSV', async () => {
    const kept = await placeDineIn(300);
    const refunded = await placeDineIn(null);
    const cancelled = await placeDineIn(150);
    await placeDineIn(null);
    await move(refunded, 'accepted', 'ready', 'completed', 'refunded');
    await move(cancelled, 'cancelled');
    await move(kept, 'accepted');

    const answer = await staffGet('/api/staff/sales', tokens.manager);
    expect(answer.statusCode, answer.body).toBe(200);
    const sales = answer.json() as SalesSummaryResponse;

    // What the database holds, summed here independently of the summary's code.
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['id', 'status', 'total_cents', 'data'])
      .where('restaurant_id', '=', BISTRO)
      .execute();
    const stored = rows.map((row) => ({
      ...row,
      data: JSON.parse(row.data) as { costs: Costs; payment: { amount: number } },
    }));
    const sold = stored.filter((row) => row.status !== 'cancelled');
    const sum = (list: typeof stored, pick: (row: (typeof stored)[number]) => number) => list.reduce((total, row) => total + pick(row), 0);
    expect(sales.orders).toBe(3);
    expect(sales.items).toBe(6);
    expect(sales.total).toBe(sum(sold, (row) => row.total_cents));
    expect(sales.subtotal).toBe(sum(sold, (row) => row.data.costs.subtotal));
    expect(sales.tips).toBe(300);
    expect(sales.taxTotal).toBe(sum(sold, (row) => row.data.costs.taxes));
    expect(sales.serviceCharges).toBe(sum(sold, (row) => row.data.costs.serviceCharge.amount));
    expect(sales.tenders).toEqual([{ tender: 'payment:credit_card', amount: sum(sold, (row) => row.data.payment.amount) }]);
    const refundedRow = stored.find((row) => row.id === refunded)!;
    expect(sales.refunds).toEqual({ orders: 1, amount: refundedRow.data.payment.amount });
    expect(sales.net).toBe(sales.total - refundedRow.data.payment.amount);
    expect(sales.cancelled).toEqual({ orders: 1, amount: stored.find((row) => row.id === cancelled)!.total_cents });
    // The restaurant's cancel gave the card its money back: nothing is owed as credit.
    expect(sales.credited).toEqual({ orders: 0, amount: 0 });
    expect(sales.byType).toEqual([{ type: 'dine_in', orders: 3, amount: sales.total }]);
    expect(sales.byHour).toEqual([{ hour: 13, orders: 3, amount: sales.total }]);
    expect(sales.taxes.map((tax) => tax.label)).toEqual(['HST']);

    const csv = await staffGet('/api/staff/sales.csv', tokens.manager, 'maple-bistro', 'fr-CA');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="sales-maple-bistro-${sales.date}.csv"`);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,name,orders,amount');
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(lines).toContain(`summary,total,3,${dollars(sales.total)}`);
    expect(lines).toContain(`tender,payment:credit_card,,${dollars(sales.total)}`);
    expect(lines).toContain(`summary,refunds,1,${dollars(sales.refunds.amount)}`);
    expect(lines).toContain(`tax,TVH (HST),,${dollars(sales.taxTotal)}`);
    expect(lines).toContain(`hour,13:00,3,${dollars(sales.total)}`);
  });

  it('counts an order cancelled for account credit among the cancelled, and apart as charged and owed as credit; the board says it', async () => {
    const before = (await staffGet('/api/staff/sales', tokens.manager)).json() as SalesSummaryResponse;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-user',
      headers: { 'x-restaurant-id': 'maple-bistro' },
      payload: { firstName: 'Cora', lastName: 'Credit', email: `cora-${Date.now()}@example.com`, password: 'Secret12!' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const diner = { 'x-restaurant-id': 'maple-bistro', authorization: `Bearer ${registered.json().token as string}` };
    const orderId = await placeScheduledPickup(diner);
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/auth/orders/cancel-scheduled-order/${orderId}`, headers: diner });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const credit = (cancelled.json() as { credit: { amount: number } }).credit.amount;
    expect(credit).toBeGreaterThan(0);

    const after = (await staffGet('/api/staff/sales', tokens.manager)).json() as SalesSummaryResponse;
    expect(after.cancelled.orders).toBe(before.cancelled.orders + 1);
    expect(after.credited).toEqual({ orders: before.credited.orders + 1, amount: before.credited.amount + credit });
    expect(after.total).toBe(before.total);
    const csv = (await staffGet('/api/staff/sales.csv', tokens.manager)).body.trimEnd().split('\r\n');
    expect(csv).toContain(`summary,cancelled_for_credit,${after.credited.orders},${(after.credited.amount / 100).toFixed(2)}`);

    // The board's card of it says the credit too; an order staff cancel is no one's credit.
    const staffCancelled = await placeDineIn(null);
    await move(staffCancelled, 'cancelled');
    const board = (await staffGet('/api/staff/orders', tokens.manager)).json() as StaffOrdersResponse;
    const shown = (id: string) => board.orders.find((order) => order.id === id);
    expect(shown(orderId)).toMatchObject({ status: 'cancelled', credited: credit });
    expect(shown(staffCancelled)?.status).toBe('cancelled');
    expect(shown(staffCancelled)).not.toHaveProperty('credited');
  });

  it('shows an earlier day and refuses a day ahead, with the message in French', async () => {
    const yesterday = new Date(t.app.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const earlier = await staffGet(`/api/staff/sales?date=${yesterday}`, tokens.manager);
    expect(earlier.json()).toMatchObject({
      date: yesterday,
      to: yesterday,
      orders: 0,
      total: 0,
      tenders: [],
      byHour: [],
      byDay: [{ date: yesterday, orders: 0, amount: 0 }],
    });
    const ahead = await staffGet('/api/staff/sales?date=2099-01-01', tokens.manager, 'maple-bistro', 'fr-CA');
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({
      error: 'SALES_DATE_OUT_OF_RANGE',
      message: 'Choisissez une journée entre le 1er janvier 2000 et aujourd’hui.',
    });
    expect((await staffGet('/api/staff/sales?date=24-11-2026', tokens.manager)).statusCode).toBe(400);
  });

  it('sums a period day by day, zeros included, on screen and as CSV, and refuses a period backwards or too long', async () => {
    const day = (daysAgo: number) => new Date(t.app.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // An order of two days ago (its stored time moved back: the sales read when it was placed).
    const earlier = await placeDineIn(null);
    const twoDaysAgo = new Date(t.app.now().getTime() - 2 * 86_400_000).toISOString();
    await t.database.db.updateTable('orders').set({ placed_at: twoDaysAgo }).where('id', '=', earlier).execute();
    const earlierTotal = (
      await t.database.db.selectFrom('orders').select('total_cents').where('id', '=', earlier).executeTakeFirstOrThrow()
    ).total_cents;
    const today = (await staffGet('/api/staff/sales', tokens.manager)).json() as SalesSummaryResponse;

    const answer = await staffGet(`/api/staff/sales?date=${day(3)}&to=${day(0)}`, tokens.manager);
    expect(answer.statusCode, answer.body).toBe(200);
    const period = answer.json() as SalesSummaryResponse;
    expect(period).toMatchObject({ date: day(3), to: day(0) });
    expect(period.byDay).toEqual([
      { date: day(3), orders: 0, amount: 0 },
      { date: day(2), orders: 1, amount: earlierTotal },
      { date: day(1), orders: 0, amount: 0 },
      { date: day(0), orders: today.orders, amount: today.total },
    ]);
    expect(period.orders).toBe(today.orders + 1);
    expect(period.total).toBe(today.total + earlierTotal);
    expect(period.byHour).toEqual([{ hour: 13, orders: today.orders + 1, amount: period.total }]);

    const csv = await staffGet(`/api/staff/sales.csv?date=${day(3)}&to=${day(0)}`, tokens.manager);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="sales-maple-bistro-${day(3)}_${day(0)}.csv"`);
    const lines = csv.body.trimEnd().split('\r\n');
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(lines.filter((line) => line.startsWith('day,'))).toEqual([
      `day,${day(3)},0,0.00`,
      `day,${day(2)},1,${dollars(earlierTotal)}`,
      `day,${day(1)},0,0.00`,
      `day,${day(0)},${today.orders},${dollars(today.total)}`,
    ]);

    const reversed = await staffGet(`/api/staff/sales?date=${day(0)}&to=${day(1)}`, tokens.manager, 'maple-bistro', 'fr-CA');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: 'SALES_RANGE_REVERSED', message: expect.stringContaining('La fin de la période') });
    expect((await staffGet(`/api/staff/sales?date=${day(62)}&to=${day(0)}`, tokens.manager)).json()).toMatchObject({
      error: 'DATE_RANGE_TOO_LONG',
    });
    expect((await staffGet(`/api/staff/sales?date=${day(61)}&to=${day(0)}`, tokens.manager)).json().byDay).toHaveLength(62);
    expect((await staffGet(`/api/staff/sales?date=${day(1)}&to=2099-01-01`, tokens.manager)).json()).toMatchObject({
      error: 'SALES_DATE_OUT_OF_RANGE',
    });
  });

  it('is for owners and managers of this restaurant only', async () => {
    expect((await staffGet('/api/staff/sales', tokens.staff)).json()).toMatchObject({ error: 'STAFF_ROLE_NOT_ALLOWED' });
    expect((await staffGet('/api/staff/sales.csv', tokens.staff)).statusCode).toBe(403);
    expect((await staffGet('/api/staff/sales', tokens.otherOwner)).statusCode).toBe(403);
    // Their own restaurant's day has none of the bistro's orders.
    expect((await staffGet('/api/staff/sales', tokens.otherOwner, 'sales-other')).json()).toMatchObject({ orders: 0, total: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/staff/sales', headers: { 'x-restaurant-id': 'maple-bistro' } })).statusCode,
    ).toBe(401);
  });
});
