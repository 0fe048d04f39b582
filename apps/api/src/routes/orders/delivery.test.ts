import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// A campus kitchen that delivers to its own lists: schools, rooms and areas, stadium sections.
const campus = tenantFixture({
  id: 84,
  slug: 'campus-eats',
  delivery: {
    schools: [{ name: 'Maple PS', grades: '1, 2', classrooms: '101, 102', teachers: 'Ms. Roy, Mr. Tran' }],
    custom_locations: 'Lobby, Gym',
    areas: 'North, South',
    stadium_sections: '101, 102',
  },
  menu_groups: [
    { id: 8401, name: 'Food', slug: 'food', menus: [{ id: 8402, name: 'All day', items: [{ id: 8403, name: 'Bowl', price: '10.00' }] }] },
  ],
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(campus)]);
});
afterAll(() => t.close());

let keys = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': 'campus-eats', ...headers } });

async function order(delivery: object) {
  const tokenized = await post('/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' });
  return post(
    '/api/orders',
    {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'delivery' },
        items: [{ id: 8403, menu_id: 8402, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] }],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: true, scheduled: false },
          delivery,
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
          card: { token: tokenized.json().token },
        },
      },
    },
    { 'idempotency-key': `delivery-test-${Date.now()}-${(keys += 1)}` },
  );
}

describe('delivery address types', () => {
  it('takes a school with its grade, classroom and teacher from the restaurant’s lists', async () => {
    const placed = await order({ type: 'school', student: 'Sam', school: 'Maple PS', grade: '2', classroom: '101', teacher: 'Mr. Tran' });
    expect(placed.json()).toMatchObject({ order: { delivery: {} } });
    expect(placed.json().order.delivery).toMatchObject({ type: 'school', school: 'Maple PS', teacher: 'Mr. Tran' });

    const wrongTeacher = await order({ type: 'school', school: 'Maple PS', grade: '2', classroom: '101', teacher: 'Nobody' });
    expect(wrongTeacher.statusCode).toBe(400);
    expect(wrongTeacher.json()).toMatchObject({
      error: 'DELIVERY_ADDRESS_INVALID',
      details: [{ path: 'data.checkout.delivery.teacher', message: 'notOffered' }],
    });
    const noGrade = await order({ type: 'school', school: 'Maple PS', classroom: '101', teacher: 'Ms. Roy' });
    expect(noGrade.json()).toMatchObject({ details: [{ path: 'data.checkout.delivery.grade', message: 'required' }] });
  });

  it('takes a custom location with its area, and a stadium seat in an offered section', async () => {
    expect((await order({ type: 'custom_location', location: 'Gym', area: 'North' })).statusCode).toBe(201);
    const noArea = await order({ type: 'custom_location', location: 'Gym' });
    expect(noArea.json()).toMatchObject({ error: 'DELIVERY_ADDRESS_INVALID', details: [{ path: 'data.checkout.delivery.area' }] });
    const elsewhere = await order({ type: 'custom_location', location: 'Roof', area: 'North' });
    expect(elsewhere.json()).toMatchObject({ details: [{ path: 'data.checkout.delivery.location', message: 'notOffered' }] });

    expect((await order({ type: 'stadium', section: '102', row: 'F', seat: '12' })).statusCode).toBe(201);
    const noSeat = await order({ type: 'stadium', section: '102', row: 'F' });
    expect(noSeat.json()).toMatchObject({ details: [{ path: 'data.checkout.delivery.seat', message: 'required' }] });
    const otherSection = await order({ type: 'stadium', section: '999', row: 'F', seat: '1' });
    expect(otherSection.json()).toMatchObject({ details: [{ path: 'data.checkout.delivery.section', message: 'notOffered' }] });
  });
});

describe('the room, floor or suite at a listed location', () => {
  const ordersOf = async () => (await t.database.db.selectFrom('orders').select('id').where('restaurant_id', '=', 84).execute()).length;

  it('is kept with the order, read back with it, and said on the receipt after the location', async () => {
    const placed = await order({ type: 'custom_location', location: 'Gym', area: 'North', detail: '  Floor 12, suite 1204 ' });
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json();
    expect(body.order.delivery).toEqual({ type: 'custom_location', location: 'Gym', area: 'North', detail: 'Floor 12, suite 1204' });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${body.order.id}?token=${body.access_token}`,
      headers: { 'x-restaurant-id': 'campus-eats' },
    });
    expect(read.json().order.delivery.detail).toBe('Floor 12, suite 1204');

    const mail = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', body.order.id).execute();
    expect(mail[0]!.body).toContain('Gym, Floor 12, suite 1204, North');
  });

  it('is optional', async () => {
    const placed = await order({ type: 'custom_location', location: 'Lobby', area: 'South' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.delivery.detail).toBeUndefined();
  });

  it.each([
    ['one over the 100 characters', 'x'.repeat(101)],
    ['a control character (a paste)', 'Floor 12\u0007'],
  ])('refuses %s on its field, and places nothing', async (_name, detail) => {
    const before = await ordersOf();
    const refused = await order({ type: 'custom_location', location: 'Gym', area: 'North', detail });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: 'body.data.checkout.delivery.detail' })]);
    expect(await ordersOf()).toBe(before);
  });

  it('belongs to a listed location only: another address type keeps none', async () => {
    const placed = await order({ type: 'stadium', section: '101', row: 'B', seat: '4', detail: 'Suite 9' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.delivery).toEqual({ type: 'stadium', section: '101', row: 'B', seat: '4' });
  });
});
