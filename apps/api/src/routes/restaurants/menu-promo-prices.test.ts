/**
 * The menu answer carries each promo price (spec pricing.md 1.2: `adjustedPrice` of an item or option
 * value), and it is the price the cart is charged: a line sent at the menu's promo prices is taken
 * as it is, without a stale-price round trip (docs/decisions/0051-menu-promo-prices.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenusResponse } from '@servery/contracts/restaurant';
import type { ItemFile } from '@servery/contracts/tenant-file';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

const POUTINE = 3304;
const CURDS = 3306;
const GRAVY = 3307;
const SOUP = 3308;
const LAGER = 3309;
const STEAK = 3311;
const MENU = 3302;
const SECTION = 3303;

// Letter A until 13:00 and B from 13:00 (slot 52) every day: the test app's clock reads 13:00 in Toronto.
const afternoonB = 'A'.repeat(52) + 'B'.repeat(44);
const everyDay = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [day, afternoonB]),
);

const tenant = tenantFixture({
  id: 33,
  slug: 'promo-place',
  membership_program: { enabled: true, members: [{ identifier: 'GOLD-7', firstName: 'Gia', lastName: 'Gold' }] },
  promos: [
    { id: 3391, percent: '20' },
    { id: 3392, amount: '0.50' },
  ],
  menu_groups: [
    {
      id: 3301,
      name: 'Food',
      slug: 'food',
      menus: [
        {
          id: MENU,
          name: 'All day',
          sections: [
            {
              id: SECTION,
              name: 'Mains',
              items: [
                {
                  id: POUTINE,
                  name: 'Poutine',
                  price: '12.50',
                  promos: [3391],
                  options: [
                    {
                      id: 3305,
                      name: 'Extras',
                      allow_multiple_selection: true,
                      values: [
                        { id: CURDS, name: 'Extra curds', price: '2.00', promos: [3392] },
                        { id: GRAVY, name: 'Extra gravy', price: '1.00' },
                      ],
                    },
                  ],
                },
                { id: SOUP, name: 'Soup', price: '8.00' },
                {
                  id: LAGER,
                  name: 'Lager',
                  price: '8.00',
                  price_schedule: everyDay,
                  additional_prices: { A: '6.00', B: '5.00' },
                  promos: [3391],
                },
              ],
            },
          ],
        },
        { id: 3310, name: 'Members', member_only: true, items: [{ id: STEAK, name: 'Member steak', price: '30.00', promos: [3391] }] },
      ],
    },
  ],
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(tenant)], { now: openHoursClock() });
});
afterAll(() => t.close());

const menus = async (headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url: '/api/restaurants/promo-place/menus?type=dine_in', headers })).json<MenusResponse>();
const items = (body: MenusResponse): ItemFile[] =>
  body.menu_groups.flatMap((group) => group.menus.flatMap((menu) => [...menu.items, ...menu.sections.flatMap((section) => section.items)]));
const item = (body: MenusResponse, id: number) => items(body).find((entry) => entry.id === id);
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': 'promo-place' } });

/** Two poutines with extra curds, at the price the client sends for the whole line. */
const poutineLine = (orderPrice: number) => ({
  id: POUTINE,
  menu_id: MENU,
  section_id: SECTION,
  orderId: 1,
  quantity: 2,
  orderPrice,
  orderOptions: [{ id: 3305, values: [{ id: CURDS, quantity: 1 }] }],
});

describe('promo prices in GET /api/restaurants/:id/menus', () => {
  it('gives an item and an option value with a promo their price after it, and nothing to the others', async () => {
    const body = await menus();
    const poutine = item(body, POUTINE);
    expect(poutine).toMatchObject({ price: 1250, adjustedPrice: 1000 });
    expect(poutine).not.toHaveProperty('adjusted_additional_prices');
    const values = poutine?.options[0]?.values;
    expect(values?.find((value) => value.id === CURDS)).toMatchObject({ price: 200, adjustedPrice: 150 });
    expect(values?.find((value) => value.id === GRAVY)).not.toHaveProperty('adjustedPrice');
    expect(item(body, SOUP)).not.toHaveProperty('adjustedPrice');
  });

  it('gives a scheduled item every slot price after its promo', async () => {
    expect(item(await menus(), LAGER)).toMatchObject({
      price: 800,
      adjustedPrice: 640,
      additional_prices: { A: 600, B: 500 },
      adjusted_additional_prices: { A: 480, B: 400 },
    });
  });

  it('gives a valid member the member menu’s prices after promos, and no one else that menu', async () => {
    expect(item(await menus(), STEAK)).toBeUndefined();
    expect(item(await menus({ cookie: 'promo-place-member=GOLD-7' }), STEAK)).toMatchObject({ price: 3000, adjustedPrice: 2400 });
  });

  it('is what the cart charges: a line at the menu’s promo prices is taken without a stale-price answer', async () => {
    const body = await menus();
    const poutine = item(body, POUTINE)!;
    const curds = poutine.options[0]!.values.find((value) => value.id === CURDS)!;
    const promoPrice = 2 * (poutine.adjustedPrice! + curds.adjustedPrice!);
    expect(promoPrice).toBe(2300);

    const added = await post('/api/orders/item', { itemsInCart: [], itemToAdd: poutineLine(promoPrice), type: 'dine_in' });
    expect(added.statusCode).toBe(200);
    expect(added.json().items[0].orderPrice).toBe(2300);
    const costs = await post('/api/orders/set-costs', { items: [poutineLine(promoPrice)], costs: {}, type: 'dine_in' });
    expect(costs.statusCode).toBe(200);
    expect(costs.json().costs.subtotal).toBe(2300);

    // The regular prices are stale: answered with the promo price, as before.
    const regular = await post('/api/orders/item', { itemsInCart: [], itemToAdd: poutineLine(2 * (1250 + 200)), type: 'dine_in' });
    expect(regular.statusCode).toBe(409);
    expect(regular.json()).toMatchObject({ code: 428, error: 'ITEM_PRICE_CHANGED' });
    expect(regular.json().items[0].orderPrice).toBe(2300);
  });
});
