/**
 * Stock counts (issue 31 item 3; use-cases/checkout/take-stock.ts, docs/decisions/0105-stock-counts.md):
 * staff count an item, each order takes from the count in its own transaction, the item sells out by
 * itself at zero, a cancelled order puts its quantity back, and orders at once never take more than
 * is left. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { postGuestPickup } from '../../test/guest-pickup';
import { secondProcess } from '../../test/second-process';
import { staffMember } from '../../test/staff-member';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

const BASE = 9300;
const BOWL = { itemId: BASE + 3, menuId: BASE + 2 };
const menu = (base: number) => [
  {
    id: base + 1,
    name: 'Food',
    slug: 'food',
    menus: [{ id: base + 2, name: 'Lunch', items: [{ id: base + 3, name: 'Bowl', price: '10.00' }] }],
  },
];
const counted = tenantFixture({ id: 93, slug: 'stock-counts', guest_order_cancellation: true, menu_groups: menu(BASE) });
const other = tenantFixture({ id: 94, slug: 'stock-other', menu_groups: menu(9400) });

let t: TestApp;
/** A second server process on the same database (test/second-process.ts). */
let second: Awaited<ReturnType<typeof secondProcess>>;
let staff = '';
let otherStaff = '';
let owner = '';
beforeAll(async () => {
  const clock = openHoursClock();
  t = await createTestApp([asSource(counted), asSource(other)], { now: clock });
  second = await secondProcess(t, clock);
  staff = (await staffMember(t.database.db, { email: 'line@stock-counts.example.com', restaurantId: 93, role: 'staff' })).token;
  owner = (await staffMember(t.database.db, { email: 'boss@stock-counts.example.com', restaurantId: 93, role: 'owner' })).token;
  otherStaff = (await staffMember(t.database.db, { email: 'line@stock-other.example.com', restaurantId: 94, role: 'staff' })).token;
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

const staffCall = (method: 'GET' | 'POST', url: string, payload?: object, token = staff, tenant = 'stock-counts', locale = 'en-CA') =>
  t.app.inject({
    method,
    url,
    headers: { 'x-restaurant-id': tenant, 'accept-language': locale, authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });
const setStock = (remaining: number | null, itemId = BOWL.itemId) =>
  staffCall('POST', '/api/staff/availability/stock', { item_id: itemId, remaining });
const bowl = async () => {
  const answer = await staffCall('GET', '/api/staff/availability');
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().sections as Array<{ items: Array<{ id: number; sold_out: boolean; stock: number | null }> }>)
    .flatMap((section) => section.items)
    .find((item) => item.id === BOWL.itemId)!;
};
const order = (quantity: number, locale = 'en-CA') =>
  postGuestPickup(t, 'stock-counts', { ...BOWL, quantity }, { 'accept-language': locale });
const validate = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/validate',
    headers: { 'x-restaurant-id': 'stock-counts' },
    payload: {
      type: 'take-out',
      itemsInCart: [
        { id: BOWL.itemId, menu_id: BOWL.menuId, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] },
      ],
    },
  });

describe('stock counts', () => {
  it('takes each order from the count, refuses more than is left, sells out at zero and is back when an order is cancelled', async () => {
    expect(await bowl()).toMatchObject({ stock: null, sold_out: false });
    expect((await setStock(3)).statusCode).toBe(200);
    expect(await bowl()).toMatchObject({ stock: 3, sold_out: false });

    expect((await order(2)).statusCode).toBe(201);
    expect((await bowl()).stock).toBe(1);

    const short = await order(2);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ error: 'ITEM_STOCK_SHORT', details: [{ message: 'Only 1 left of Bowl.' }] });
    const shortFr = await order(2, 'fr-CA');
    expect(shortFr.json().details[0].message).toBe('Bowl : il n’en reste que 1.');
    expect((await bowl()).stock).toBe(1);

    const last = await order(1);
    expect(last.statusCode, last.body).toBe(201);
    expect(await bowl()).toMatchObject({ stock: 0, sold_out: true });
    expect((await validate()).json()).toMatchObject({ error: 'ITEM_SOLD_OUT' });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${last.json().order.id}/cancel`,
      headers: { 'x-restaurant-id': 'stock-counts' },
      payload: { token: last.json().access_token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bowl()).toMatchObject({ stock: 1, sold_out: false });
    expect((await validate()).json()).toMatchObject({ ok: true });

    const team = await staffCall('GET', '/api/staff/team', undefined, owner);
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'stock_counted', subject: '3 Bowl' })]));
  });

  it('lets orders at once take no more than is left', async () => {
    expect((await setStock(4)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 7 }, () => order(1)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.json().error)).toEqual(
      Array.from({ length: 3 }, () => expect.stringMatching(/^(ITEM_STOCK_SHORT|ITEM_SOLD_OUT)$/)),
    );
    expect(await bowl()).toMatchObject({ stock: 0, sold_out: true });
  });

  it('is seen by another server process within a second: sold out there at zero, back on sale there with a new count', async () => {
    expect((await setStock(1)).statusCode).toBe(200);
    expect((await order(1)).statusCode).toBe(201);
    const validateOn = (url: string) =>
      fetch(`${url}/api/orders/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-restaurant-id': 'stock-counts' },
        body: JSON.stringify({
          type: 'take-out',
          itemsInCart: [
            { id: BOWL.itemId, menu_id: BOWL.menuId, section_id: null, orderId: 1, quantity: 1, orderPrice: 1000, orderOptions: [] },
          ],
        }),
      }).then((answer) => answer.json() as Promise<{ ok?: boolean; error?: string }>);
    const within = async (want: (answer: { ok?: boolean; error?: string }) => boolean) => {
      const started = Date.now();
      while (!want(await validateOn(second.url))) {
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await within((answer) => answer.error === 'ITEM_SOLD_OUT');
    expect((await setStock(3)).statusCode).toBe(200);
    await within((answer) => answer.ok === true);
  });

  it('puts a counted item back on sale with a new count, and stops counting on null', async () => {
    expect((await setStock(2)).statusCode).toBe(200);
    expect(await bowl()).toMatchObject({ stock: 2, sold_out: false });
    expect((await setStock(null)).statusCode).toBe(200);
    expect(await bowl()).toMatchObject({ stock: null, sold_out: false });
    expect((await order(5)).statusCode).toBe(201);
  });

  it('refuses bad counts and another restaurant’s item, changing nothing', async () => {
    for (const remaining of [-1, 1.5, '3', 100_000])
      expect((await staffCall('POST', '/api/staff/availability/stock', { item_id: BOWL.itemId, remaining })).statusCode).toBe(400);
    const foreign = await setStock(5, 9403);
    expect(foreign.statusCode).toBe(404);
    const wrongTenant = await staffCall(
      'POST',
      '/api/staff/availability/stock',
      { item_id: BOWL.itemId, remaining: 5 },
      otherStaff,
      'stock-other',
    );
    expect(wrongTenant.statusCode).toBe(404);
    expect((await bowl()).stock).toBeNull();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/staff/availability/stock',
      headers: { 'x-restaurant-id': 'stock-counts' },
      payload: { item_id: BOWL.itemId, remaining: 5 },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
