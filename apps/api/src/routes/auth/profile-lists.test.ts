/**
 * The profile's lists (spec accounts-and-suites.md section 2): students, past receipts and scheduled orders with their detail,
 * each refusing another user's ids exactly like missing ones (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

const school = tenantFixture({
  id: 71,
  slug: 'lists-school',
  zone: 'America/Vancouver',
  menu_groups: [
    {
      id: 7101,
      name: 'Food',
      slug: 'food',
      menus: [
        {
          id: 7102,
          name: 'Lunch',
          items: [{ id: 7103, name: 'Bowl', price: '10.00', localization: { 'fr-CA': { name: 'Bol' } } }],
        },
      ],
    },
  ],
});
const other = tenantFixture({ id: 72, slug: 'lists-other' });
// The same menu at a restaurant that turned "order again" off.
const noAgain = tenantFixture({ id: 73, slug: 'lists-no-again', disable_order_again: true, menu_groups: school.menu_groups });

let t: TestApp;
beforeAll(async () => {
  // The clock is pinned: each order books the first slot the scheduling answer offered, which on the
  // real clock can pass between the two requests when a run straddles a quarter hour.
  t = await createTestApp([asSource(school), asSource(other), asSource(noAgain)], { now: openHoursClock() });
});
afterAll(() => t.close());

let people = 0;
const PASSWORD = 'Secret12!';

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': 'lists-school', ...(token && { authorization: `Bearer ${token}` }), ...headers },
    remoteAddress: `10.9.0.${(people % 200) + 1}`,
    ...(payload && { payload }),
  });
}

async function register(): Promise<string> {
  people += 1;
  const response = await call('POST', '/api/auth/register-user', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `lists${people}-${Date.now()}@example.com`,
    password: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const student = { firstName: 'Sam', lastName: 'Hopper', school: 'Maple Grove', grade: '3', classroom: '103', teacher: 'Mme Roy' };

async function placeScheduledOrder(token: string, tenant = 'lists-school'): Promise<string> {
  const bowl = { id: 7103, menu_id: 7102, section_id: null, orderId: 1, quantity: 2, orderPrice: 2000, orderOptions: [] };
  const at = { 'x-restaurant-id': tenant };
  const scheduling = await call('POST', '/api/orders/scheduling', { type: 'take-out', items: [bowl] }, undefined, at);
  expect(scheduling.statusCode, scheduling.body).toBe(200);
  const day = scheduling.json().days[0];
  const card = await call(
    'POST',
    '/api/payment/tokenize',
    { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' },
    undefined,
    at,
  );
  expect(card.statusCode, card.body).toBe(200);
  const placed = await call(
    'POST',
    '/api/orders',
    {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items: [bowl],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: day.date, dueByTime: day.slots[0].startTime },
          contact: { full_name: 'Grace Hopper', email: 'grace@example.com', phone_number: '416-555-0101' },
          card: { token: card.json().token },
        },
      },
    },
    token,
    { 'idempotency-key': `lists-${Date.now()}-${people}-${tenant}`, ...at },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  lastAccessToken = placed.json().access_token as string;
  return placed.json().order.id as string;
}
/** The status page's secret of the order placeScheduledOrder placed last. */
let lastAccessToken = '';

describe('students', () => {
  it('are added, listed, changed and removed by their owner only', async () => {
    const alice = await register();
    const bob = await register();
    const first = await call('POST', '/api/auth/students', student, alice);
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', '/api/auth/students', { ...student, firstName: 'Ada', grade: 'K' }, alice);
    const id = first.json().student.id as number;

    const listed = await call('POST', '/api/auth/get-user-snapshot', {}, alice);
    expect(listed.json().students.map((s: { firstName: string }) => s.firstName)).toEqual(['Sam', 'Ada']);
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, bob)).json().students).toEqual([]);

    // Bob cannot change or remove Alice's student; nor can Alice from another restaurant.
    expect((await call('PUT', `/api/auth/students/${id}`, { ...student, grade: '4' }, bob)).statusCode).toBe(404);
    expect((await call('POST', `/api/auth/delete-student/${id}`, undefined, bob)).statusCode).toBe(404);
    const elsewhere = await call('PUT', `/api/auth/students/${id}`, student, alice, { 'x-restaurant-id': 'lists-other' });
    expect(elsewhere.statusCode).toBe(404);

    // Allergens: only the spec's names, each once; kept and returned.
    const unknown = await call('PUT', `/api/auth/students/${id}`, { ...student, allergens: ['Shellfish'] }, alice);
    expect(unknown.statusCode).toBe(400);
    const twice = await call('PUT', `/api/auth/students/${id}`, { ...student, allergens: ['Egg', 'Egg'] }, alice);
    expect(twice.statusCode).toBe(400);
    const changed = await call('PUT', `/api/auth/students/${id}`, { ...student, grade: '4', allergens: ['Peanuts', 'Dairy'] }, alice);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().student.grade).toBe('4');
    expect(changed.json().student.allergens).toEqual(['Peanuts', 'Dairy']);
    expect((await call('POST', `/api/auth/delete-student/${second.json().student.id}`, undefined, alice)).statusCode).toBe(200);
    const after = await call('POST', '/api/auth/get-user-snapshot', {}, alice);
    expect(after.json().students).toEqual([{ ...student, id, grade: '4', allergens: ['Peanuts', 'Dairy'] }]);
  });

  it('refuse empty fields and bad names with the error envelope', async () => {
    const alice = await register();
    const empty = await call('POST', '/api/auth/students', { ...student, school: '' }, alice);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await call('POST', '/api/auth/students', { ...student, firstName: '<b>' }, alice)).statusCode).toBe(400);
    expect((await call('POST', '/api/auth/students', student)).statusCode).toBe(401);
  });
});

describe('order again (the snapshot’s lastItemsOrdered)', () => {
  it('offers the lines of the user’s own orders at this restaurant, once each, and none where it is turned off', async () => {
    const alice = await register();
    const bob = await register();
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, alice)).json().items).toEqual([]);
    await placeScheduledOrder(alice);
    await placeScheduledOrder(alice);
    const snapshot = await call('POST', '/api/auth/get-user-snapshot', {}, alice);
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.json().items).toEqual([
      { id: 7103, menu_id: 7102, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] },
    ]);
    // Another user's orders are not theirs to order again; nor are this restaurant's at another one.
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, bob)).json().items).toEqual([]);
    const elsewhere = { 'x-restaurant-id': 'lists-other' };
    expect((await call('POST', '/api/auth/get-user-snapshot', {}, alice, elsewhere)).json().items).toEqual([]);

    await placeScheduledOrder(alice, 'lists-no-again');
    const off = await call('POST', '/api/auth/get-user-snapshot', {}, alice, { 'x-restaurant-id': 'lists-no-again' });
    expect(off.statusCode).toBe(200);
    expect(off.json().items).toEqual([]);
  });
});

describe('past receipts and scheduled orders', () => {
  it('list only the owner’s orders, with the restaurant’s zone', async () => {
    const alice = await register();
    const bob = await register();
    const orderId = await placeScheduledOrder(alice);

    const receipts = await call('POST', '/api/auth/get-past-receipts', {}, alice);
    expect(receipts.statusCode, receipts.body).toBe(200);
    expect(receipts.json().receipts).toEqual([
      expect.objectContaining({ id: orderId, restaurantName: 'Restaurant lists-school', restaurantZone: 'America/Vancouver' }),
    ]);
    expect((await call('POST', '/api/auth/get-past-receipts', {}, bob)).json().receipts).toEqual([]);
    const scheduled = await call('POST', '/api/auth/orders/get-scheduled-orders', {}, alice);
    expect(scheduled.json().orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect((await call('POST', '/api/auth/orders/get-scheduled-orders', {}, bob)).json().orders).toEqual([]);

    // Accepted or started by the kitchen, it is still to come; completed or cancelled, it is not.
    const listed = async () =>
      (await call('POST', '/api/auth/orders/get-scheduled-orders', {}, alice)).json().orders.map((order: { id: string }) => order.id);
    for (const [status, shown] of [
      ['accepted', [orderId]],
      ['preparing', [orderId]],
      ['ready', [orderId]],
      ['completed', []],
      ['cancelled', []],
    ] as const) {
      await t.database.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
      expect(await listed(), status).toEqual(shown);
    }
  });

  it('open one order with named lines for its owner; another user’s is 404; cancel refunds once', async () => {
    const alice = await register();
    const bob = await register();
    const orderId = await placeScheduledOrder(alice);

    const detail = await call('GET', `/api/auth/scheduled-orders/${orderId}`, undefined, alice, { 'accept-language': 'fr-CA' });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.items).toEqual([{ name: 'Bol', quantity: 2, options: [], amount: 2000 }]);
    expect(body.cancellable).toBe(true);
    expect(body.delivery).toBe(false);
    expect(body.costs.subtotal).toBe(2000);
    expect(body.costs.totalWithTip).toBe(body.order.total);
    expect(body.order.restaurantZone).toBe('America/Vancouver');

    const stolen = await call('GET', `/api/auth/scheduled-orders/${orderId}`, undefined, bob);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe('ORDER_NOT_FOUND');
    expect((await call('GET', '/api/auth/scheduled-orders/ord-missing', undefined, alice)).statusCode).toBe(404);
    expect((await call('GET', `/api/auth/scheduled-orders/${orderId}`)).statusCode).toBe(401);
    expect((await call('PUT', `/api/auth/orders/cancel-scheduled-order/${orderId}`, undefined, bob)).statusCode).toBe(404);

    const cancelled = await call('PUT', `/api/auth/orders/cancel-scheduled-order/${orderId}`, undefined, alice);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().credit.amount).toBe(body.order.total);
    expect(cancelled.json().order.restaurantZone).toBe('America/Vancouver');
    const again = await call('PUT', `/api/auth/orders/cancel-scheduled-order/${orderId}`, undefined, alice);
    expect(again.json()).toMatchObject({ code: 443, error: 'SCHEDULED_ORDER_NOT_CANCELLABLE' });
    expect((await call('GET', `/api/auth/scheduled-orders/${orderId}`, undefined, alice)).json().cancellable).toBe(false);
    const credits = await call('GET', '/api/auth/user-credits', undefined, alice);
    expect(credits.json().credits.balance).toBe(body.order.total);
    expect((await call('GET', '/api/auth/user-credits', undefined, bob)).json().credits.balance).toBe(0);
  });

  it('say a cancel for credit gave credit, never a card refund, on the receipts and the status page; a cancel by the restaurant gave the card back', async () => {
    const alice = await register();
    const credited = await placeScheduledOrder(alice);
    const creditedToken = lastAccessToken;
    const byRestaurant = await placeScheduledOrder(alice);
    const standing = await placeScheduledOrder(alice);
    expect((await call('PUT', `/api/auth/orders/cancel-scheduled-order/${credited}`, undefined, alice)).statusCode).toBe(200);
    // Staff's cancel voids or refunds the card (change-order-status.ts); the status is what the receipts read.
    await t.database.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', byRestaurant).execute();

    const receipts = (await call('POST', '/api/auth/get-past-receipts', {}, alice)).json().receipts as Array<{
      id: string;
      total: number;
      refunded: number;
      credited: number;
    }>;
    const of = (id: string) => receipts.find((receipt) => receipt.id === id)!;
    expect(of(credited).total).toBeGreaterThan(0);
    expect(of(credited)).toMatchObject({ refunded: 0, credited: of(credited).total });
    expect(of(byRestaurant)).toMatchObject({ refunded: of(byRestaurant).total, credited: 0 });
    expect(of(standing)).toMatchObject({ refunded: 0, credited: 0 });

    const page = await call('GET', `/api/orders/${credited}?token=${creditedToken}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().order).toMatchObject({ status: 'cancelled', credited: of(credited).total });
    const own = await call('GET', `/api/orders/${standing}?token=${lastAccessToken}`);
    expect(own.json().order.credited).toBeUndefined();
  });
});
