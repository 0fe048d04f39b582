import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

// Harbour Catering (tenants/harbour-catering.json), generic catering (?genericCatering=true): a
// signed-in diner only, no pickup (delivered or brought to a room), no card, and a room or table
// from its generic_table_locations. The continental breakfast is $14.50 a person for 10 or more.
const harbour = { name: 'harbour-catering.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/harbour-catering.json'), 'utf8') };
const BREAKFAST = { id: 4100, menu_id: 4010, section_id: 4050 };
const PASSWORD = 'Secret12!';

let t: TestApp;
let token = '';
let calls = 0;
beforeAll(async () => {
  t = await createTestApp([harbour], { now: openHoursClock() });
  const registered = await post('/api/auth/register-user', {
    firstName: 'Élise',
    lastName: 'Tremblay',
    email: `elise-${Date.now()}@example.com`,
    password: PASSWORD,
  });
  expect(registered.statusCode, registered.body).toBe(200);
  token = registered.json().token as string;
});
afterAll(() => t.close());

function post(url: string, payload: object, options: { token?: string; headers?: Record<string, string> } = {}) {
  calls += 1;
  const headers: Record<string, string> = { 'x-restaurant-id': 'harbour-catering', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.8.0.${calls % 250}` });
}
const breakfast = (quantity: number) => ({ ...BREAKFAST, orderId: 1, quantity, orderPrice: 1450 * quantity, orderOptions: [] });

async function lastSlot() {
  const response = await post('/api/orders/scheduling', { type: 'generic_catering', items: [breakfast(11)] });
  expect(response.statusCode, response.body).toBe(200);
  const days = response.json().days as Array<{ date: string; slots: Array<{ startTime: string }> }>;
  const day = days[days.length - 1]!;
  return { date: day.date, time: day.slots[day.slots.length - 1]!.startTime };
}

async function genericOrder(change: { config?: object; checkout?: object; token?: string | null; language?: string } = {}) {
  const slot = await lastSlot();
  const body = {
    type: 'generic_catering',
    data: {
      config: { genericCatering: true, genericTableLocation: 'Salle Champlain:2', ...change.config },
      items: [breakfast(11)],
      costs: {},
      checkout: {
        paymentMethod: 'cost_center',
        costCenter: 'CC-4410',
        pickup: { delivery: true, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
        delivery: { type: 'default_address', address: '355 Rue Saint-Paul E', postalCode: 'H2Y 1H2' },
        contact: { full_name: 'Élise Tremblay', email: 'elise@example.com', phone_number: '514-555-0101' },
        questions: [{ id: 4920, answers: [0] }],
        ...change.checkout,
      },
    },
  };
  return post('/api/orders', body, {
    token: change.token === null ? undefined : (change.token ?? token),
    headers: { 'idempotency-key': `generic-catering-${calls}-${Date.now()}`, 'accept-language': change.language ?? 'en-CA' },
  });
}

async function ordersStored() {
  return (await t.database.db.selectFrom('orders').select('id').where('restaurant_id', '=', 104).execute()).length;
}

describe('generic catering at Harbour Catering', () => {
  it("refuses a guest's order with a localised 401 and stores nothing", async () => {
    const before = await ordersStored();
    const french = await genericOrder({ token: null, language: 'fr-CA' });
    expect(french.statusCode).toBe(401);
    expect(french.json()).toMatchObject({
      error: 'GENERIC_CATERING_LOGIN_REQUIRED',
      message: 'Veuillez vous connecter pour passer cette commande de traiteur.',
    });
    const english = await genericOrder({ token: null });
    expect(english.json().message).toBe('Please log in to place this catering order.');
    expect(await ordersStored()).toBe(before);
  });

  it('refuses a pickup without a room, since this caterer offers no pickup for generic catering', async () => {
    const slot = await lastSlot();
    const response = await genericOrder({
      config: { genericTableLocation: null },
      checkout: { pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time }, delivery: null },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe('VALIDATION_FAILED');
    expect(response.json().details).toEqual([{ path: 'data.config.genericTableLocation', message: 'required' }]);
  });

  it('brings an order that is not delivered to its room (no delivery charge)', async () => {
    const slot = await lastSlot();
    const response = await genericOrder({
      config: { genericTableLocation: 'Atrium:1' },
      checkout: { pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time }, delivery: null },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().order).toMatchObject({ tableLocation: 'Atrium 1', delivery: null });
    expect(response.json().order.costs.deliveryCharge.amount).toBe(0);
  });

  it('refuses a card: genericCateringHideCreditCard leaves only the purchase order and cost centre', async () => {
    const card = await post('/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'H2Y1H2' });
    expect(card.statusCode, card.body).toBe(200);
    const response = await genericOrder({ checkout: { paymentMethod: 'credit_card', costCenter: '', card: { token: card.json().token } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const config = await post('/api/payment/get-payment-config', { genericCatering: true });
    expect(config.json().methods).toEqual(['purchase_order', 'cost_center']);
  });

  it('refuses a table location that is not one of the list', async () => {
    const response = await genericOrder({ config: { genericTableLocation: 'Salle Champlain:9' }, language: 'fr-CA' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'TABLE_LOCATION_NOT_OFFERED',
      message: 'Veuillez choisir un emplacement de la liste.',
      details: [{ path: 'data.config.genericTableLocation', message: 'notOffered' }],
    });
  });

  // A delivered order names one place, its delivery: one of the caterer's delivery locations or a
  // street address; a room sent along (a table's QR link) is not kept (issue 30 defect 4, decision 0084).
  it('delivers a signed-in diner’s order to one of the caterer’s locations, named once on the order, its view and its receipt', async () => {
    const response = await genericOrder({
      language: 'fr-CA',
      checkout: { delivery: { type: 'custom_location', location: 'Marché Bonsecours' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { order, access_token } = response.json();
    expect(order).toMatchObject({
      type: 'generic_catering',
      tableLocation: null,
      delivery: { type: 'custom_location', location: 'Marché Bonsecours' },
    });
    expect(order.payment).toMatchObject({ method: 'cost_center', reference: 'CC-4410' });
    expect(order.costs.deliveryCharge.amount).toBe(3500);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${access_token}`,
      headers: { 'x-restaurant-id': 'harbour-catering' },
    });
    expect(view.json().order.tableLocation).toBeNull();
    const mail = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute();
    expect(mail[0]?.body).toContain('Marché Bonsecours');
    expect(mail[0]?.body).not.toContain('Salle Champlain');
    expect(mail[0]?.body).not.toContain('Emplacement');
  });

  it('refuses a delivery location that is not one of the caterer’s', async () => {
    const response = await genericOrder({ checkout: { delivery: { type: 'custom_location', location: 'Stade olympique' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'DELIVERY_ADDRESS_INVALID',
      details: [{ path: 'data.checkout.delivery.location', message: 'notOffered' }],
    });
  });
});

describe('generic catering at a caterer without rooms and without pickup', () => {
  let other: TestApp;
  beforeAll(async () => {
    const file = JSON.parse(harbour.text) as Record<string, unknown>;
    // Its own restaurant id: the process-wide menu and cart caches are keyed by it (and its version),
    // so a second caterer under the first one's id could be answered from the first one's settings.
    other = await createTestApp(
      [
        {
          name: harbour.name,
          text: JSON.stringify({ ...file, id: 9104, generic_table_locations: null, genericCateringRequiresLogin: false }),
        },
      ],
      { now: openHoursClock() },
    );
  });
  afterAll(() => other.close());

  it('refuses a pickup with PICKUP_NOT_OFFERED, in French too, and takes the same order delivered', async () => {
    const app = t;
    t = other;
    try {
      const slot = await lastSlot();
      const pickup = await genericOrder({
        token: null,
        language: 'fr-CA',
        config: { genericTableLocation: null },
        checkout: { pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time }, delivery: null },
      });
      expect(pickup.statusCode).toBe(400);
      expect(pickup.json()).toMatchObject({
        error: 'PICKUP_NOT_OFFERED',
        message: 'La cueillette n’est pas offerte pour cette commande de traiteur : veuillez choisir la livraison ou un emplacement.',
      });
      const delivered = await genericOrder({ token: null, config: { genericTableLocation: null } });
      expect(delivered.statusCode, delivered.body).toBe(201);
      expect(delivered.json().order.tableLocation).toBeNull();
    } finally {
      t = app;
    }
  });
});
