import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

// The demo restaurant as its operator wrote it: Ontario, HST 13 %, service charge 18 %.
const bistroFile = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };
const FISH_AND_CHIPS = { id: 1111, menu_id: 1010, section_id: 1051 };
const LOBSTER_ROLL = { id: 1105, menu_id: 1010, section_id: 1050 };
const CLUB_BURGER = { id: 1153, menu_id: 1013, section_id: 1065 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    [
      bistroFile,
      asSource(tenantFixture({ id: 81, slug: 'paused-place', orders_paused: true })),
      asSource(tenantFixture({ id: 187, slug: 'asap-paused-place', asap_paused: true })),
      asSource(tenantFixture({ id: 84, slug: 'catering-place', min_catering_amount: '50.00' })),
      // At 1 p.m. in Toronto, whatever the hour the tests run at: a dine-in cart needs an open restaurant.
    ],
    { now: openHoursClock() },
  );
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-restaurant-id': 'maple-bistro', ...headers } });
const line = (item: typeof SOUP, orderId: number, quantity: number, orderPrice: number) => ({
  ...item,
  orderId,
  quantity,
  orderPrice,
  orderOptions: [],
});
const setCosts = (costs: object, items = [line(SOUP, 1, 2, 1600)], headers: Record<string, string> = {}) =>
  post('/api/orders/set-costs', { items, costs, type: 'dine_in' }, headers);

describe('POST /api/orders/set-costs', () => {
  it('prices a cart from the server’s menu: service charge 18 %, HST 13 % once, tip on the discounted subtotal', async () => {
    const response = await setCosts({ tip: { type: 'percentage', value: '18' } });
    expect(response.statusCode).toBe(200);
    const { costs, rejected } = response.json();
    expect(rejected).toEqual([]);
    // 2 x $8.00 = 1600; service 18 % = 288; HST 13 % of 1888 = 245.44 -> 245; total 2133; tip 18 % of 1600 = 288.
    expect(costs).toMatchObject({
      subtotal: 1600,
      subtotalDiscounted: 1600,
      serviceCharge: {
        amount: 288,
        type: 'percentage',
        percentageValue: '18',
        label: { 'en-CA': 'Service charge', 'fr-CA': 'Frais de service' },
      },
      taxBrackets: [{ key: 'HST', rate: '0.13', amount: 245, label: { 'en-CA': 'HST', 'fr-CA': 'TVH' } }],
      taxes: 245,
      total: 2133,
      totalWithoutTaxes: 1888,
      tip: { amount: 288, type: 'percentage', percentageValue: '18' },
      totalWithTip: 2421,
      amountDue: 2421,
      paymentNotRequired: false,
    });
  });

  it('applies a promo code and a gift card, and reports what it could not apply', async () => {
    const response = await setCosts({
      tip: { type: 'percentage', value: '18' },
      discount: { code: 'welcome10' },
      voucher: { code: '6035710000005678' },
    });
    const { costs } = response.json();
    // 10 % of 1600 = 160 -> 1440; service 259.2 -> 259; HST 13 % of 1699 = 220.87 -> 221; total 1920; tip 259.2 -> 259.
    expect(costs).toMatchObject({
      discount: { amount: 160, code: 'WELCOME10', type: 'percentage' },
      subtotalDiscounted: 1440,
      total: 1920,
      totalWithTip: 2179,
    });
    expect(costs.voucher).toEqual({ code: '6035710000005678', balance: 1235, amount: 1235 });
    expect(costs.amountDue).toBe(944);

    const refused = await setCosts({ discount: { code: 'SUMMER25' }, voucher: { code: '6035710000009999' } }, undefined, {
      'accept-language': 'fr-CA',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().rejected).toEqual([
      { field: 'discount', error: 'DISCOUNT_CODE_EXPIRED', message: 'Ce code promotionnel est expiré.' },
      {
        field: 'voucher',
        error: 'GIFT_CARD_NOT_FOUND',
        message: 'Ce numéro de carte-cadeau n’a aucun fonds à utiliser. Vérifiez le numéro et réessayez.',
      },
    ]);
    expect(refused.json().costs).toMatchObject({ discount: { amount: 0 }, voucher: { amount: 0 }, subtotalDiscounted: 1600 });
  });

  it('never trusts a client’s price: a changed price is 428 with the fresh items and costs', async () => {
    const response = await setCosts({}, [line(SOUP, 1, 2, 2)]);
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body).toMatchObject({
      code: 428,
      error: 'ITEM_PRICE_CHANGED',
      invalid_items: [{ orderId: 1, code: 428, error: 'ITEM_PRICE_CHANGED' }],
    });
    expect(body.items[0].orderPrice).toBe(1600);
    expect(body.costs.subtotal).toBe(1600);
  });

  it('answers 415 for a sold-out item and 426 for an unavailable or member-only one', async () => {
    expect((await setCosts({}, [line(FISH_AND_CHIPS, 1, 1, 2100)])).json()).toMatchObject({ code: 415, error: 'ITEM_SOLD_OUT' });
    expect((await setCosts({}, [line(LOBSTER_ROLL, 1, 1, 2600)])).json()).toMatchObject({ code: 426, error: 'ITEM_UNAVAILABLE' });
    expect((await setCosts({}, [line(CLUB_BURGER, 1, 1, 1700)])).json()).toMatchObject({ code: 426, error: 'ITEM_UNAVAILABLE' });
  });

  it('prices a member-only item with the member discount for a valid member', async () => {
    const response = await setCosts({}, [line(CLUB_BURGER, 1, 1, 1700)], { cookie: 'maple-bistro-member=MC-100234' });
    expect(response.statusCode).toBe(200);
    expect(response.json().costs.memberDiscount).toEqual({ preTax: true, amount: 170 });
  });

  it('refuses a body with the wrong types, naming the field', async () => {
    const response = await post('/api/orders/set-costs', {
      items: [{ ...line(SOUP, 1, 'two' as unknown as number, 1600) }],
      type: 'dine_in',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('body.items[0].quantity');
  });
});

describe('POST /api/orders/item and /api/orders/validate', () => {
  it('merges an identical item and caps the cart at its maximum of 22', async () => {
    const first = (await post('/api/orders/item', { itemsInCart: [], itemToAdd: line(SOUP, 1, 2, 1600), type: 'dine_in' })).json();
    expect(first).toMatchObject({ orderId: 1, added: 2, capped: false });
    const merged = (
      await post('/api/orders/item', { itemsInCart: first.items, itemToAdd: line(SOUP, 1, 30, 24000), type: 'dine_in' })
    ).json();
    expect(merged.items).toHaveLength(1);
    expect(merged.items[0].quantity).toBe(22);
    expect(merged).toMatchObject({ added: 20, capped: true });
  });

  it('refuses to add a sold-out item', async () => {
    const response = await post('/api/orders/item', { itemsInCart: [], itemToAdd: line(FISH_AND_CHIPS, 1, 1, 2100), type: 'dine_in' });
    expect(response.json()).toMatchObject({ code: 415, error: 'ITEM_SOLD_OUT' });
  });

  it('holds a catering cart to the catering minimum, and only a catering cart', async () => {
    // Burger $12.50 with fries $3.25: $15.75 a line; the minimum is $50.00.
    const burger = (quantity: number) => ({
      id: 8404,
      menu_id: 8402,
      section_id: 8403,
      orderId: 1,
      quantity,
      orderPrice: 1575 * quantity,
      orderOptions: [{ id: 8405, values: [{ id: 8406, quantity: 1 }] }],
    });
    const validate = (type: string, quantity: number) =>
      post('/api/orders/validate', { itemsInCart: [burger(quantity)], type }, { 'x-restaurant-id': 'catering-place' });
    expect((await validate('catering', 3)).json()).toMatchObject({ error: 'BELOW_CATERING_MINIMUM' });
    expect((await validate('generic_catering', 3)).json()).toMatchObject({ error: 'BELOW_CATERING_MINIMUM' });
    expect((await validate('catering', 4)).json()).toMatchObject({ ok: true });
    expect((await validate('take-out', 1)).json()).toMatchObject({ ok: true });
  });

  it('validates a cart; every cart is refused while all orders are paused, and only ASAP stops while ASAP is paused', async () => {
    expect((await post('/api/orders/validate', { itemsInCart: [line(SOUP, 1, 1, 800)], type: 'dine_in' })).json()).toMatchObject({
      ok: true,
    });
    for (const type of ['dine_in', 'take-out', 'catering', 'generic_catering']) {
      const paused = await post('/api/orders/validate', { itemsInCart: [], type }, { 'x-restaurant-id': 'paused-place' });
      expect(paused.json(), type).toMatchObject({ code: 419, error: 'ORDERS_PAUSED' });
    }
    // Takeout and catering are then ordered for a later slot (the plan's "when" step refuses ASAP).
    for (const type of ['take-out', 'catering', 'generic_catering']) {
      const ahead = await post('/api/orders/validate', { itemsInCart: [], type }, { 'x-restaurant-id': 'asap-paused-place' });
      expect(ahead.json(), type).toMatchObject({ ok: true });
    }
  });
});

describe('lookups', () => {
  it('describes a promo code with its limits, and refuses an unknown one', async () => {
    const launch = (await post('/api/orders/get-discount-info', { code: 'LAUNCH15' })).json();
    expect(launch).toMatchObject({ code: 'LAUNCH15', type: 'percentage', percentageValue: '15', remaining_uses: 100 });
    expect((await post('/api/orders/get-discount-info', { code: 'FIVEOFF' })).json()).toMatchObject({ type: 'dollar', amount: 500 });
    expect((await post('/api/orders/get-discount-info', { code: 'NOPE' })).statusCode).toBe(404);
  });

  it('gives a gift card’s balance; an empty card, an unknown number and another tenant’s card get one same answer', async () => {
    expect((await post('/api/orders/get-gift-card', { giftCardNumber: '6035710000001234' })).json()).toEqual({
      giftCardNumber: '•••• 1234',
      balance: 5000,
    });
    const empty = await post('/api/orders/get-gift-card', { giftCardNumber: '6035710000009999' }, { 'accept-language': 'fr-CA' });
    const unknown = await post('/api/orders/get-gift-card', { giftCardNumber: '6035710000004321' }, { 'accept-language': 'fr-CA' });
    const elsewhere = await post(
      '/api/orders/get-gift-card',
      { giftCardNumber: '6035710000001234' },
      { 'x-restaurant-id': 'paused-place', 'accept-language': 'fr-CA' },
    );
    for (const answer of [empty, unknown, elsewhere]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        code: 404,
        error: 'GIFT_CARD_NOT_FOUND',
        message: 'Ce numéro de carte-cadeau n’a aucun fonds à utiliser. Vérifiez le numéro et réessayez.',
      });
    }
  });

  it('looks a member up and sets the member cookie; a failed lookup removes it', async () => {
    const found = await post('/api/auth/get-user-membership-promo', { identifier: 'mc-100234' });
    expect(found.json()).toMatchObject({ identifier: 'MC-100234', discount: { type: 'percentage', value: '10', preTax: true } });
    expect(found.headers['set-cookie']).toContain('maple-bistro-member=MC-100234');
    const missing = await post('/api/auth/get-user-membership-promo', { identifier: 'nobody' });
    expect(missing.json()).toMatchObject({ code: 2202, error: 'MEMBER_NOT_FOUND' });
    expect(missing.headers['set-cookie']).toContain('maple-bistro-member=; Path=/; Max-Age=0');
  });

  it('tells whether an e-mail is enrolled in the loyalty program', async () => {
    const enrolled = await post('/api/auth/get-user-enrolled-program-status', { email: 'Loyal.Guest@example.com' });
    expect(enrolled.json()).toEqual({ userStatus: 'enrolled', program: 'Maple Points' });
    expect((await post('/api/auth/get-user-enrolled-program-status', { email: 'new@example.com' })).json().userStatus).toBe('not_enrolled');
  });
});
