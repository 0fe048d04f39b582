// The answers of set-costs and /orders/item (once kept per question, decision 0023; priced on every
// request since decision 0069) follow everything that decides them: the clock's price-schedule slot, a
// scheduled deletion, the member cookie, a spent promo-code limit.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant, localDateTime } from '@servery/domain/price-schedule';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const ZONE = 'America/Toronto';
const today = localDateTime(new Date(), ZONE);
const at = (hour: number, minute: number) => zonedInstant(ZONE, today.year, today.month, today.day, hour, minute);

// $10.00 until noon, $15.00 from noon, every day.
const HALF_DAYS = 'A'.repeat(48) + 'B'.repeat(48);
const SCHEDULE = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [day, HALF_DAYS]),
);
const SPECIAL = { id: 9203, menu_id: 9202, section_id: null };
const PANCAKES = { id: 9205, menu_id: 9204, section_id: null };
const SOUP = { id: 1101, menu_id: 1010, section_id: 1050 };

let current = at(11, 50).getTime();
let t: TestApp;
beforeAll(async () => {
  const slotPlace = tenantFixture({
    id: 92,
    slug: 'slot-place',
    menu_groups: [
      {
        id: 9201,
        name: 'Food',
        slug: 'food',
        menus: [
          {
            id: 9202,
            name: 'All day',
            dine_in: true,
            items: [
              {
                id: SPECIAL.id,
                name: 'Lunch special',
                price: '10.00',
                price_schedule: SCHEDULE,
                additional_prices: { A: '10.00', B: '15.00' },
              },
            ],
          },
          {
            id: 9204,
            name: 'Brunch',
            dine_in: true,
            deleted_at: at(12, 40).toISOString(),
            items: [{ id: PANCAKES.id, name: 'Pancakes', price: '9.00' }],
          },
        ],
      },
    ],
  });
  const bistro = { name: 'maple-bistro.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-bistro.json'), 'utf8') };
  t = await createTestApp([asSource(slotPlace), bistro], { now: () => new Date(current) });
});
afterAll(() => t.close());

const line = (item: { id: number; menu_id: number; section_id: number | null }, orderPrice: number) => ({
  ...item,
  orderId: 1,
  quantity: 1,
  orderPrice,
  orderOptions: [],
});
const post = (url: string, payload: object, restaurant: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': restaurant, ...headers } });
const setCosts = (restaurant: string, items: object[], costs: object = {}, headers: Record<string, string> = {}) =>
  post('/api/orders/set-costs', { items, costs, type: 'dine_in' }, restaurant, headers);

describe('kept cart answers', () => {
  it('prices the same cart again at the next price-schedule slot', async () => {
    current = at(11, 50).getTime();
    const first = await setCosts('slot-place', [line(SPECIAL, 1000)]);
    expect(first.statusCode).toBe(200);
    expect(first.json().costs.subtotal).toBe(1000);
    const again = await setCosts('slot-place', [line(SPECIAL, 1000)]);
    expect(again.body).toBe(first.body);

    current = at(12, 5).getTime();
    const afterNoon = await setCosts('slot-place', [line(SPECIAL, 1000)]);
    expect(afterNoon.statusCode).toBe(409);
    expect(afterNoon.json().invalid_items).toEqual([{ orderId: 1, code: 428, error: 'ITEM_PRICE_CHANGED' }]);
    expect(afterNoon.json().costs.subtotal).toBe(1500);
  });

  it('adds an item at the price of the slot it is added in', async () => {
    current = at(11, 55).getTime();
    const payload = { itemsInCart: [], itemToAdd: { ...line(SPECIAL, 1000), orderId: undefined }, type: 'dine_in' };
    const first = await post('/api/orders/item', payload, 'slot-place');
    expect(first.statusCode).toBe(200);
    expect(first.json().items[0].orderPrice).toBe(1000);
    expect((await post('/api/orders/item', payload, 'slot-place')).body).toBe(first.body);

    current = at(12, 0).getTime();
    const afterNoon = await post('/api/orders/item', payload, 'slot-place');
    expect(afterNoon.statusCode).toBe(409);
    expect(afterNoon.json().items[0].orderPrice).toBe(1500);
  });

  it('refuses a kept cart once its menu is deleted at its scheduled time', async () => {
    // 12:31 and 12:41 are in the same price-schedule slot: only the deletion at 12:40 comes between.
    current = at(12, 31).getTime();
    expect((await setCosts('slot-place', [line(PANCAKES, 900)])).statusCode).toBe(200);
    expect((await setCosts('slot-place', [line(PANCAKES, 900)])).statusCode).toBe(200);

    current = at(12, 41).getTime();
    const gone = await setCosts('slot-place', [line(PANCAKES, 900)]);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().invalid_items).toEqual([{ orderId: 1, code: 426, error: 'ITEM_UNAVAILABLE' }]);
  });

  it('prices the same cart for a member and for a guest apart', async () => {
    current = at(13, 0).getTime();
    const member = { cookie: 'maple-bistro-member=MC-100234' };
    const asMember = await setCosts('maple-bistro', [line(SOUP, 800)], {}, member);
    const asGuest = await setCosts('maple-bistro', [line(SOUP, 800)]);
    const asMemberAgain = await setCosts('maple-bistro', [line(SOUP, 800)], {}, member);
    expect([asMember.statusCode, asGuest.statusCode]).toEqual([200, 200]);
    expect(asMember.json().costs.memberDiscount.amount).toBeGreaterThan(0);
    expect(asGuest.json().costs.memberDiscount.amount).toBe(0);
    expect(asMemberAgain.body).toBe(asMember.body);
  });

  it('still refuses a kept cart with a promo code once the address has spent its guesses', async () => {
    current = at(13, 5).getTime();
    const withCode = () => setCosts('maple-bistro', [line(SOUP, 800)], { discount: { code: 'WELCOME10' } });
    expect((await withCode()).statusCode).toBe(200);
    let guess = 0;
    while ((await setCosts('maple-bistro', [line(SOUP, 800)], { discount: { code: `NOPE${guess}` } })).statusCode === 200) guess += 1;
    expect(guess).toBe(20);
    const refused = await withCode();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('TOO_MANY_REQUESTS');
  });

  it('reads cart bodies with the same JSON rules as every other route', async () => {
    const raw = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/set-costs',
        payload,
        headers: { 'x-restaurant-id': 'maple-bistro', 'content-type': 'application/json' },
      });
    expect((await raw('{"items": ')).json().error).toBe('MALFORMED_JSON');
    expect((await raw('{"__proto__": {"admin": true}, "items": [], "costs": {}}')).statusCode).toBe(400);
    const oversized = await raw(JSON.stringify({ items: [], costs: {}, padding: 'x'.repeat(300 * 1024) }));
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reads a body sent again as it read it the first time, and a changed body afresh', async () => {
    // lib/json-text.ts keeps what a text reads as; lib/schema-compilers.ts keeps its check beside it.
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/set-costs',
        payload,
        headers: { 'x-restaurant-id': 'maple-bistro', 'content-type': 'application/json' },
      });
    const soup = (quantity: number) => JSON.stringify({ items: [{ ...line(SOUP, 800 * quantity), quantity }], costs: {}, type: 'dine_in' });
    current = at(13, 10).getTime();
    for (let time = 0; time < 2; time += 1) {
      const refused = await send(soup(-1));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('VALIDATION_FAILED');
    }
    const first = await send(soup(1));
    const again = await send(soup(1));
    const two = await send(soup(2));
    expect(first.statusCode, first.body).toBe(200);
    expect(again.body).toBe(first.body);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().costs.subtotal).toBe(2 * first.json().costs.subtotal);
  });
});
