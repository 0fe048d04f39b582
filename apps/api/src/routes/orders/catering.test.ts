import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenant, firstCateringSlot } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

// Harbour Catering (tenants/harbour-catering.json): the continental breakfast is $14.50 a person for 10
// or more; catering from $150; delivery within 25 km of Old Montréal for $35.
const harbour = demoTenant('harbour-catering.json');
const BREAKFAST = { id: 4100, menu_id: 4010, section_id: 4050 };

let t: TestApp;
const clock = openHoursClock();
beforeAll(async () => {
  t = await createTestApp([harbour], { now: clock });
});
afterAll(() => t.close());

let keys = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': 'harbour-catering', ...headers } });
const breakfast = (quantity: number) => ({ ...BREAKFAST, orderId: 1, quantity, orderPrice: 1450 * quantity, orderOptions: [] });

const firstSlot = (items: object[]) => firstCateringSlot(t.app, 'harbour-catering', items);

function cateringOrder(items: object[], slot: { date: string; time: string }, checkout: object = {}) {
  return {
    type: 'catering',
    data: {
      config: {},
      items,
      costs: {},
      checkout: {
        paymentMethod: 'purchase_order',
        purchaseOrder: 'PO-55120',
        pickup: { delivery: true, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
        delivery: { type: 'default_address', address: '355 Rue Saint-Paul E', postalCode: 'H2Y 1H2' },
        contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '514-555-0101' },
        questions: [{ id: 4920, answers: [0] }],
        ...checkout,
      },
    },
  };
}

describe('catering at Harbour Catering', () => {
  it('refuses a line below the item minimum on the cart routes and at placement, and places nothing', async () => {
    const validate = await post('/api/orders/validate', { itemsInCart: [breakfast(9)], type: 'catering' });
    expect(validate.statusCode).toBe(400);
    expect(validate.json().invalid_items).toEqual([expect.objectContaining({ orderId: 1, error: 'INVALID_QUANTITY' })]);
    const slot = await firstSlot([breakfast(12)]);
    const placed = await post('/api/orders', cateringOrder([breakfast(9)], slot), { 'idempotency-key': `catering-${(keys += 1)}` });
    expect(placed.statusCode).toBe(400);
    const orders = await t.database.db.selectFrom('orders').select('id').where('restaurant_id', '=', 104).execute();
    expect(orders).toHaveLength(0);
  });

  it('delivers an order of 11 with the $35 charge, and keeps the purchase order on the order and its receipt', async () => {
    const slot = await firstSlot([breakfast(11)]);
    const response = await post('/api/orders', cateringOrder([breakfast(11)], slot), { 'idempotency-key': `catering-${(keys += 1)}` });
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json();
    expect(order.type).toBe('catering');
    expect(order.costs.subtotal).toBe(15950);
    expect(order.costs.deliveryCharge.amount).toBe(3500);
    expect(order.delivery).toMatchObject({ address: '355 Rue Saint-Paul E', postalCode: 'H2Y 1H2' });
    expect(order.payment).toMatchObject({ method: 'purchase_order', reference: 'PO-55120' });
    const mail = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute();
    expect(mail[0]?.body).toContain('Purchase order: PO-55120');
  });

  it('refuses a delivery outside the caterer radius', async () => {
    const slot = await firstSlot([breakfast(11)]);
    const far = cateringOrder([breakfast(11)], slot, {
      delivery: { type: 'default_address', address: '1 Main St', postalCode: 'K1P 1J1' },
    });
    const response = await post('/api/orders', far, { 'idempotency-key': `catering-${(keys += 1)}` });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('DELIVERY_OUTSIDE_RADIUS');
  });

  it('names, for the menus a diner browses, the earliest time one of them takes: two days ahead, as a cart of them would', async () => {
    const ask = (body: object) => post('/api/orders/scheduling', { type: 'catering', ...body });
    const firstStart = async (body: object) => {
      const response = await ask(body);
      expect(response.statusCode, response.body).toBe(200);
      return Date.parse(response.json().days[0].slots[0].start as string);
    };
    // Breakfast (4010) needs 48 h and 1 h of preparation, lunch (4011) 48 h and 1 h 30, the hot buffet (4012) 72 h and 3 h.
    const browsed = await firstStart({ items: [], menus: [4012, 4011, 4010] });
    expect(browsed).toBe(await firstStart({ items: [breakfast(10)] }));
    expect(browsed - clock().getTime()).toBeGreaterThanOrEqual((2880 + 60) * 60_000);
    expect(await firstStart({ items: [], menus: [4012] })).toBeGreaterThan(browsed);
    // No menu named, or none the caterer has: the restaurant's hours alone, as before.
    const plain = await firstStart({ items: [] });
    expect(plain).toBeLessThan(browsed);
    expect(await firstStart({ items: [], menus: [999_999] })).toBe(plain);
    // With items, the cart's menus decide and `menus` is not read.
    expect(await firstStart({ items: [breakfast(10)], menus: [4012] })).toBe(browsed);
    const wrong = await ask({ items: [], menus: ['breakfast'] });
    expect(wrong.statusCode).toBe(400);
  });
});
