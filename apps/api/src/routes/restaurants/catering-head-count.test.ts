import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { demoTenant, firstCateringSlot } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

// Harbour Catering (tenants/harbour-catering.json): the smoked meat box is $21.50 a guest (per_person),
// the viennoiserie platter $72 a platter; catering from $150; QC taxes (GST 5 %, QST 9.975 %).
const BOX = { id: 4106, menu_id: 4011, section_id: 4052 };
const PLATTER = { id: 4101, menu_id: 4010, section_id: 4050 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([demoTenant('harbour-catering.json'), demoTenant('maple-bistro.json')], { now: openHoursClock() });
});
afterAll(() => t.close());

let keys = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': 'harbour-catering', ...headers } });
const box = (quantity: number, orderId = 1) => ({ ...BOX, orderId, quantity, orderPrice: 2150 * quantity, orderOptions: [] });
const platter = (quantity: number, orderId = 2) => ({ ...PLATTER, orderId, quantity, orderPrice: 7200 * quantity, orderOptions: [] });

const firstSlot = (items: object[]) => firstCateringSlot(t.app, 'harbour-catering', items);

async function place(items: object[], checkout: object, headers: Record<string, string> = {}) {
  const slot = await firstSlot(items.map((item) => ({ ...item, quantity: 12, orderPrice: 0 })));
  return post(
    '/api/orders',
    {
      type: 'catering',
      data: {
        config: {},
        items,
        costs: {},
        checkout: {
          paymentMethod: 'purchase_order',
          purchaseOrder: 'PO-7781',
          pickup: { delivery: false, scheduled: true, dueByDate: slot.date, dueByTime: slot.time },
          contact: { full_name: 'Élise Tremblay', email: `elise-${keys}@example.com`, phone_number: '514-555-0101' },
          questions: [
            { id: 4920, answers: [1] },
            { id: 4921, answers: [0] },
          ],
          ...checkout,
        },
      },
    },
    { 'idempotency-key': `head-count-${(keys += 1)}`, ...headers },
  );
}

async function register(): Promise<string> {
  const response = await post('/api/auth/register-user', {
    firstName: 'Élise',
    lastName: 'Tremblay',
    email: `owner-${(keys += 1)}@example.com`,
    password: 'Traiteur1!x',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const receiptUrl = (restaurant: string, id: string, query = '') => `/api/restaurants/${restaurant}/orders/${id}/receipt.pdf${query}`;

describe('catering by head count', () => {
  it('prices per-person lines by the head count, whatever quantity the client sent', async () => {
    // The client says 1 box ($21.50) for 12 guests: the server makes it 12 boxes.
    const response = await place([box(1), platter(1)], { headCount: 12 });
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json();
    expect(order.headCount).toBe(12);
    expect(order.items.map((line: { id: number; quantity: number }) => [line.id, line.quantity])).toEqual([
      [4106, 12],
      [4101, 1],
    ]);
    expect(order.costs.subtotal).toBe(12 * 2150 + 7200);
    expect(order.answers).toEqual([
      {
        id: 4920,
        question: { 'en-CA': 'Dietary restrictions?', 'fr-CA': 'Restrictions alimentaires?' },
        answers: [{ 'en-CA': 'Vegetarian', 'fr-CA': 'Végétarien' }],
      },
      {
        id: 4921,
        question: { 'en-CA': 'Serving equipment', 'fr-CA': 'Matériel de service' },
        answers: [{ 'en-CA': 'Disposable', 'fr-CA': 'Jetable' }],
      },
    ]);
    // The receipt e-mail (in the request's language) says the guests and the answers.
    const mail = await t.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute();
    for (const expected of ['Guests: 12', '12 × Montréal smoked meat box', 'Dietary restrictions?: Vegetarian', 'Purchase order: PO-7781'])
      expect(mail[0]?.body).toContain(expected);
  });

  it.each<[string, object, string]>([
    ['without a head count', {}, 'required'],
    ['with zero guests', { headCount: 0 }, ''],
  ])('refuses per-person lines %s and places nothing', async (_name, checkout, message) => {
    const before = await t.database.db.selectFrom('orders').select('id').execute();
    const response = await place([box(12)], checkout);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe('VALIDATION_FAILED');
    if (message) expect(response.json().details).toEqual([{ path: 'data.checkout.headCount', message }]);
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps no head count on an order without per-person lines that gave none', async () => {
    const response = await place([platter(3)], {});
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().order.headCount).toBeNull();
  });
});

describe('the receipt as a PDF', () => {
  it('gives the guest holding the secret the receipt, in English and in French', async () => {
    const placed = await place([box(1), platter(1)], { headCount: 12 });
    const { order, access_token: token } = placed.json();
    const english = await t.app.inject({ method: 'GET', url: receiptUrl('harbour-catering', order.id, `?token=${token}&lang=en-CA`) });
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(`attachment; filename="receipt-${order.number}.pdf"`);
    expect(english.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(english.rawPayload);
    const total = `$${(order.costs.totalWithTip / 100).toFixed(2)}`;
    for (const expected of [
      'Traiteur du Havre — Harbour Catering',
      'Receipt',
      `Order #${order.number}`,
      'Guests: 12',
      'Customer: Élise Tremblay',
      '12 × Montréal smoked meat box',
      '1 × Viennoiserie platter (24 pieces)',
      'Subtotal',
      '$330.00',
      'GST (5 %)',
      'QST (9.975 %)',
      'Total',
      total,
      'Purchase order: PO-7781',
      'Dietary restrictions?: Vegetarian',
      'Serving equipment: Disposable',
    ])
      expect(text).toContain(expected);

    const french = await t.app.inject({ method: 'GET', url: receiptUrl('harbour-catering', order.id, `?token=${token}&lang=fr-CA`) });
    expect(french.headers['content-disposition']).toBe(`attachment; filename="recu-${order.number}.pdf"`);
    const texte = pdfText(french.rawPayload);
    for (const expected of [
      'Reçu',
      `Commande #${order.number}`,
      'Invités: 12',
      '12 × Boîte smoked meat de Montréal',
      'Sous-total',
      '330,00 $',
      'TPS (5 %)',
      'TVQ (9,975 %)',
      'Bon de commande: PO-7781',
      'Restrictions alimentaires?: Végétarien',
      'Matériel de service: Jetable',
    ])
      expect(texte).toContain(expected);
  });

  it('gives a signed-in diner their own order, and nobody else any', async () => {
    const owner = await register();
    const other = await register();
    const placed = await place([box(1)], { headCount: 10 }, { authorization: `Bearer ${owner}` });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, access_token: token } = placed.json();
    const get = (url: string, bearer?: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

    const own = await get(receiptUrl('104', order.id), owner);
    expect(own.statusCode, own.body).toBe(200);
    expect(pdfText(own.rawPayload)).toContain('10 ×');

    for (const [url, bearer] of [
      [receiptUrl('harbour-catering', order.id), other],
      [receiptUrl('harbour-catering', order.id), undefined],
      [receiptUrl('harbour-catering', order.id, '?token=not-the-secret-of-this-order'), undefined],
      [receiptUrl('maple-bistro', order.id, `?token=${token}`), undefined],
      [receiptUrl('maple-bistro', order.id), owner],
      [receiptUrl('harbour-catering', '00000000-0000-4000-8000-000000000000'), owner],
    ] as const) {
      const refused = await get(url, bearer);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error).toBe('ORDER_NOT_FOUND');
    }
  });
});
