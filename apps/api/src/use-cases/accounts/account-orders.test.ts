/**
 * The profile's scheduled orders as issue 30 (defect 3) found them: a delivery is listed as one, and
 * an order's detail carries every line it was priced with (here a caterer's $35 delivery charge and
 * Québec's two taxes), so the lines the profile shows add up to the order's total.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { sumOfLines } from '../../test/costs';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';
import { pricedCosts } from './account-orders';

const harbour = { name: 'harbour-catering.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/harbour-catering.json'), 'utf8') };
// The continental breakfast, $14.50 a person for 10 or more.
const breakfast = { id: 4100, menu_id: 4010, section_id: 4050, orderId: 1, quantity: 11, orderPrice: 15950, orderOptions: [] };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp([harbour], { now: openHoursClock() });
  const registered = await post('/api/auth/register-user', {
    firstName: 'Dana',
    lastName: 'Diner',
    email: 'dana-orders@example.com',
    password: 'Secret12!',
  });
  expect(registered.statusCode, registered.body).toBe(200);
  token = registered.json().token as string;
});
afterAll(() => t.close());

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': 'harbour-catering', ...headers } });
}

let placements = 0;
async function placeCatering(delivery: boolean): Promise<string> {
  placements += 1;
  const scheduling = await post('/api/orders/scheduling', { type: 'catering', items: [breakfast] });
  const day = scheduling.json().days[0];
  const placed = await post(
    '/api/orders',
    {
      type: 'catering',
      data: {
        config: {},
        items: [breakfast],
        costs: { tip: { type: 'percentage', value: '10' } },
        checkout: {
          paymentMethod: 'purchase_order',
          purchaseOrder: 'PO-30',
          pickup: { delivery, scheduled: true, dueByDate: day.date, dueByTime: day.slots[0].startTime },
          ...(delivery && { delivery: { type: 'default_address', address: '355 Rue Saint-Paul E', postalCode: 'H2Y 1H2' } }),
          contact: { full_name: 'Dana Diner', email: 'dana-orders@example.com', phone_number: '514-555-0101' },
          questions: [{ id: 4920, answers: [0] }],
        },
      },
    },
    { authorization: `Bearer ${token}`, 'idempotency-key': `account-orders-${placements}` },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

describe('a scheduled catering order', () => {
  it('is listed as a delivery or a pickup, as it was placed', async () => {
    const delivered = await placeCatering(true);
    const picked = await placeCatering(false);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/auth/orders/get-scheduled-orders',
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map((list.json().orders as Array<{ id: string; delivery: boolean }>).map((order) => [order.id, order.delivery]));
    expect(byId).toEqual(
      new Map([
        [delivered, true],
        [picked, false],
      ]),
    );
  });

  it('opens with every line it was priced with, the $35 delivery charge among them, adding up to its total', async () => {
    const orderId = await placeCatering(true);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/auth/scheduled-orders/${orderId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const { costs, order, delivery, splitTaxes } = detail.json();
    expect(delivery).toBe(true);
    expect(splitTaxes).toBe(true);
    expect(costs.subtotal).toBe(15950);
    expect(costs.deliveryCharge.amount).toBe(3500);
    // GST 5 % and QST 9.975 % of $159.50 + $35.00; the tip is 10 % of $159.50.
    expect(costs.taxBrackets.map((bracket: { key: string; amount: number }) => [bracket.key, bracket.amount])).toEqual([
      ['GST', 973],
      ['QST', 1940],
    ]);
    expect(costs.tip.amount).toBe(1595);
    expect(costs.totalWithTip).toBe(15950 + 3500 + 973 + 1940 + 1595);
    expect(sumOfLines(costs)).toBe(costs.totalWithTip);
    expect(order.total).toBe(costs.totalWithTip);
  });
});

describe('pricedCosts', () => {
  it('reads a row kept without its costs as its total alone, which still adds up', () => {
    const costs = pricedCosts({}, 1234, 'ON');
    expect(costs).toMatchObject({ subtotal: 1234, taxes: 0, total: 1234, totalWithTip: 1234, amountDue: 1234 });
    expect(sumOfLines(costs)).toBe(1234);
  });
});
