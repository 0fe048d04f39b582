/**
 * GET /api/orders/another-round/:id (another-round.ts) for "order this again" and for the lines left
 * out: a takeout order is rebuilt on the takeout menus without a table, each line that can no longer
 * be made is named in both languages (issue 30), and a restaurant that turned either off refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { placeGuestPickup } from '../../test/guest-pickup';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

const menu = (base: number) => [
  {
    id: base + 1,
    name: 'Food',
    slug: 'food',
    menus: [
      {
        id: base + 2,
        name: 'Lunch',
        items: [
          { id: base + 3, name: 'Bowl', price: '10.00', localization: { 'fr-CA': { name: 'Bol' } } },
          { id: base + 4, name: 'Pie', price: '6.00', sold_out: true, localization: { 'fr-CA': { name: 'Tarte' } } },
        ],
      },
    ],
  },
];
const rounds = tenantFixture({ id: 88, slug: 'rounds', another_round: true, menu_groups: menu(8800) });
const noAgain = tenantFixture({ id: 89, slug: 'no-again', another_round: true, disable_order_again: true, menu_groups: menu(8900) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(rounds), asSource(noAgain)], { now: openHoursClock() });
});
afterAll(() => t.close());

const round = (id: string, tenant: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/another-round/${id}`, headers: { 'x-restaurant-id': tenant } });

/** A guest's scheduled takeout pickup of two bowls, paid by card: its id. */
const takeoutOrder = async (tenant: string, base: number, locale = 'en-CA') =>
  (await placeGuestPickup(t, tenant, { itemId: base + 3, menuId: base + 2, quantity: 2 }, { 'accept-language': locale })).id;

/** Rewrites the stored order's lines, as if the menu had changed since. */
async function storedItems(id: string, change: (items: Array<Record<string, unknown>>) => Array<Record<string, unknown>>) {
  const row = await t.database.db.selectFrom('orders').select('data').where('id', '=', id).executeTakeFirstOrThrow();
  const data = JSON.parse(row.data);
  data.items = change(data.items);
  await t.database.db
    .updateTable('orders')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', id)
    .execute();
}

describe('order this again', () => {
  it('rebuilds a takeout order on today’s takeout menu, without a table', async () => {
    const id = await takeoutOrder('rounds', 8800);
    const again = await round(id, 'rounds');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ items: [{ id: 8803, quantity: 2, orderPrice: 2000 }], tableInfo: { tableNum: null } });
  });

  it('puts the same address in the receipt e-mail, in the diner’s language', async () => {
    const id = await takeoutOrder('rounds', 8800);
    const receipt = await t.database.db.selectFrom('outbox').select('body').where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(receipt.body).toContain(`Order this again: http://localhost:3000/rounds?takeout=true&takeoutType=pickup&anotherRoundId=${id}`);
    const french = await takeoutOrder('rounds', 8800, 'fr-CA');
    const reçu = await t.database.db.selectFrom('outbox').select('body').where('order_id', '=', french).executeTakeFirstOrThrow();
    expect(reçu.body).toContain(
      `Commander de nouveau : http://localhost:3000/rounds?takeout=true&takeoutType=pickup&anotherRoundId=${french}`,
    );
  });

  it('names each line left out in both languages (null when no menu lists it) and keeps the others', async () => {
    const id = await takeoutOrder('rounds', 8800);
    await storedItems(id, ([bowl]) => [bowl!, { ...bowl!, id: 8804, orderId: 2 }, { ...bowl!, id: 99999, orderId: 3 }]);
    const again = await round(id, 'rounds');
    expect(again.statusCode).toBe(409);
    expect(again.json().items).toMatchObject([{ id: 8803 }]);
    expect(again.json().invalid_items).toEqual([
      { orderId: 2, code: 415, error: 'ITEM_SOLD_OUT', name: { 'en-CA': 'Pie', 'fr-CA': 'Tarte' } },
      { orderId: 3, code: 426, error: 'ITEM_UNAVAILABLE', name: null },
    ]);
  });

  it('is refused where the restaurant turned order-again off', async () => {
    const id = await takeoutOrder('no-again', 8900);
    expect((await round(id, 'no-again')).json()).toMatchObject({ error: 'ANOTHER_ROUND_UNAVAILABLE' });
  });
});
