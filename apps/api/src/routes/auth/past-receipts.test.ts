/**
 * POST /api/auth/get-past-receipts (contracts/accounts.ts `PastReceipt`) after the checkouts that
 * make several orders with one payment: a school checkout (an order per day and child, each with its
 * date, child and meals) and a marketplace hub's (an order per vendor, named), each under its one
 * checkout, in the request's language. Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { GYOZA, hubCart, SALMON } from '../../test/market-hall';
import { createTestApp, type TestApp } from '../../test/test-app';

const tenant = (name: string) => ({ name, text: fs.readFileSync(path.join(repoRoot, 'tenants', name), 'utf8') });

// Tuesday 24 November 2026, noon in Vancouver (3 p.m. in Toronto): the market hall is open, and the
// school takes orders from Friday 27 November.
const NOON = new Date('2026-11-24T20:00:00Z');
let now = new Date('2026-11-24T15:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([tenant('maple-school.json'), tenant('market-hall.json')], { now: () => now });
  now = NOON;
});
afterAll(() => t.close());

let calls = 0;
function call(
  method: 'GET' | 'POST',
  url: string,
  options: { tenant?: string; token?: string; body?: object; headers?: Record<string, string> },
) {
  calls += 1;
  return t.app.inject({
    method,
    url,
    headers: {
      ...(options.tenant && { 'x-restaurant-id': options.tenant }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    remoteAddress: `10.23.${Math.floor(calls / 200)}.${(calls % 200) + 1}`,
    ...(options.body && { payload: options.body }),
  });
}

async function cardToken(tenantSlug: string): Promise<string> {
  const response = await call('POST', '/api/payment/tokenize', {
    tenant: tenantSlug,
    body: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const contact = { full_name: 'Pat Receipts', email: 'pat.receipts@example.com', phone_number: '416-555-0150' };
// A meal with its two required choices (white milk, apple slices).
const meal = (id: number, menuId: number, sectionId: number, price: number, choices: Array<[number, number]>) => ({
  id,
  menu_id: menuId,
  section_id: sectionId,
  orderId: 1,
  quantity: 1,
  orderPrice: price,
  orderOptions: choices.map(([group, value]) => ({ id: group, values: [{ id: value, quantity: 1 }] })),
});
const PIZZA = meal(2108, 2014, 2054, 700, [
  [2516, 2656],
  [2517, 2660],
]); // Friday 27 November
const CHILI = meal(2110, 2015, 2055, 775, [
  [2520, 2670],
  [2521, 2674],
]); // Monday 30 November

describe('past receipts of checkouts with several orders', () => {
  it('list a school checkout’s days with child and meals, and a hub checkout’s vendor orders, each under its checkout', async () => {
    const registered = await call('POST', '/api/auth/register-user', {
      tenant: 'maple-school',
      body: { firstName: 'Pat', lastName: 'Receipts', email: contact.email, password: 'Secret12!' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = registered.json().token as string;
    const student = async (firstName: string) => {
      const added = await call('POST', '/api/auth/students', {
        tenant: 'maple-school',
        token,
        body: { firstName, lastName: 'Receipts', school: 'Maple Grove Public School', grade: '2', classroom: '102', teacher: 'Mr. Dubois' },
      });
      expect(added.statusCode, added.body).toBe(200);
      return added.json().student.id as number;
    };
    const [lea, noah] = [await student('Léa'), await student('Noah')];

    const school = await call('POST', '/api/orders/create-k12-order', {
      tenant: 'maple-school',
      token,
      headers: { 'idempotency-key': `receipts-school-${calls}` },
      body: {
        type: 'school',
        data: {
          rotationalMenuOrders: [
            { date: '2026-11-27', orderId: 1, studentId: lea, items: [PIZZA] },
            { date: '2026-11-30', orderId: 2, studentId: noah, items: [CHILI] },
          ],
          costs: {},
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken('maple-school') }, contact },
        },
      },
    });
    expect(school.statusCode, school.body).toBe(201);
    const schoolCheckout = school.json().checkoutId as string;

    const hub = await call('POST', '/api/orders/create-marketplace-order', {
      tenant: 'market-hall',
      token,
      headers: { 'idempotency-key': `receipts-hub-${calls}` },
      body: {
        data: {
          items: hubCart(SALMON, [GYOZA, 2]),
          costs: {},
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken('market-hall') }, contact, pickup: {} },
        },
      },
    });
    expect(hub.statusCode, hub.body).toBe(201);
    const hubCheckout = hub.json().checkoutId as string;
    const hubOrders = hub.json().orders as Array<{ order: { id: string; costs: { totalWithTip: number } } }>;

    // Léa leaves the profile: her receipt still names her, as the order kept her.
    expect((await call('POST', `/api/auth/delete-student/${lea}`, { tenant: 'maple-school', token })).statusCode).toBe(200);

    const receipts = await call('POST', '/api/auth/get-past-receipts', { token, body: {} });
    expect(receipts.statusCode, receipts.body).toBe(200);
    const list = receipts.json().receipts as Array<Record<string, unknown>>;
    // A checkout's orders share their placing time: in the list they are read in their numbers' order.
    const ofCheckout = (id: string) =>
      list.filter((receipt) => receipt.checkoutId === id).sort((a, b) => Number(a.number) - Number(b.number));
    expect(list).toHaveLength(4);

    expect(ofCheckout(hubCheckout)).toEqual([
      expect.objectContaining({
        restaurantName: 'Market Hall',
        vendorName: 'Tidewater Fish & Chips',
        id: hubOrders[0]!.order.id,
        total: hubOrders[0]!.order.costs.totalWithTip,
        lines: [{ name: 'Wild salmon and chips', quantity: 1, options: [], amount: 2200 }],
      }),
      expect.objectContaining({
        vendorName: 'Kits Noodle House',
        id: hubOrders[1]!.order.id,
        total: hubOrders[1]!.order.costs.totalWithTip,
        lines: [{ name: 'Pork gyoza (6)', quantity: 2, options: [], amount: 1700 }],
      }),
    ]);
    expect(ofCheckout(schoolCheckout)).toEqual([
      expect.objectContaining({
        orderType: 'school',
        vendorName: null,
        schoolDate: '2026-11-27',
        studentName: 'Léa Receipts',
        lines: [{ name: 'Cheese pizza (2 slices)', quantity: 1, options: ['White milk (250 mL)', 'Apple slices'], amount: 700 }],
      }),
      expect.objectContaining({
        schoolDate: '2026-11-30',
        studentName: 'Noah Receipts',
        lines: [{ name: 'Beef and bean chili with cornbread', quantity: 1, options: ['White milk (250 mL)', 'Apple slices'], amount: 775 }],
      }),
    ]);

    // In French: the lines, options and the vendors in French.
    const french = (await call('POST', '/api/auth/get-past-receipts', { token, body: {}, headers: { 'accept-language': 'fr-CA' } })).json()
      .receipts as Array<{
      number: number;
      schoolDate?: string;
      vendorName: string | null;
      lines: Array<{ name: string; options: string[] }>;
    }>;
    expect(french.find((receipt) => receipt.schoolDate === '2026-11-27')!.lines[0]).toMatchObject({
      name: 'Pizza au fromage (2 pointes)',
      options: ['Lait blanc (250 ml)', 'Tranches de pomme'],
    });
    const frenchHub = french.filter((receipt) => receipt.vendorName !== null).sort((a, b) => a.number - b.number);
    expect(frenchHub.map((receipt) => receipt.lines[0]!.name)).toEqual(['Saumon sauvage et frites', 'Gyozas au porc (6)']);

    // Another person sees none of them.
    const other = await call('POST', '/api/auth/register-user', {
      tenant: 'maple-school',
      body: { firstName: 'Oli', lastName: 'Other', email: 'oli.other@example.com', password: 'Secret12!' },
    });
    expect((await call('POST', '/api/auth/get-past-receipts', { token: other.json().token, body: {} })).json().receipts).toEqual([]);
  });
});
