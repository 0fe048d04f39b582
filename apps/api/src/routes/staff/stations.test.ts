/**
 * Kitchen stations (issue 31 item 3; use-cases/staff/bump-station.ts, docs/decisions/0107-kitchen-stations.md):
 * each station bumps its lines of an order, the last one moves the order to ready once (two at once
 * included), a recall takes a bump back (a ready order goes back to preparing, and the diner waiting
 * for a text is told), every change is an order
 * event and an audit row, and another restaurant's order is not found. On SQLite, and on PostgreSQL
 * with DATABASE_URL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { onPostgres } from '../../test/server-process';
import { staffMember } from '../../test/staff-member';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

const BASE = 9500;
const DRINK = { id: BASE + 4, section: BASE + 3 };
const DISH = { id: BASE + 6, section: BASE + 5 };
const DESSERT = { id: BASE + 8, section: BASE + 7 };
const MENU = BASE + 2;
const stationed = tenantFixture({
  id: 95,
  slug: 'stations',
  name: 'Station House',
  localization: { 'fr-CA': { name: 'Maison des postes' } },
  kitchen_stations: [
    { id: 'kitchen', name: { 'en-CA': 'Kitchen', 'fr-CA': 'Cuisine' } },
    { id: 'bar', name: { 'en-CA': 'Bar', 'fr-CA': 'Bar' } },
    { id: 'pastry', name: { 'en-CA': 'Pastry', 'fr-CA': 'Pâtisserie' } },
  ],
  menu_groups: [
    {
      id: BASE + 1,
      name: 'Food',
      slug: 'food',
      menus: [
        {
          id: MENU,
          name: 'Evening',
          sections: [
            { id: DRINK.section, name: 'Drinks', station: 'bar', items: [{ id: DRINK.id, name: 'Spritz', price: '9.00' }] },
            { id: DISH.section, name: 'Mains', items: [{ id: DISH.id, name: 'Risotto', price: '20.00' }] },
            { id: DESSERT.section, name: 'Desserts', station: 'pastry', items: [{ id: DESSERT.id, name: 'Tart', price: '8.00' }] },
          ],
        },
      ],
    },
  ],
});
const other = tenantFixture({ id: 96, slug: 'stations-other' });

let t: TestApp;
let kitchen = '';
let owner = '';
let otherStaff = '';
beforeAll(async () => {
  t = await createTestApp([asSource(stationed), asSource(other)], { now: openHoursClock() });
  kitchen = (await staffMember(t.database.db, { email: 'line@stations.example.com', restaurantId: 95, role: 'staff' })).token;
  owner = (await staffMember(t.database.db, { email: 'boss@stations.example.com', restaurantId: 95, role: 'owner' })).token;
  otherStaff = (await staffMember(t.database.db, { email: 'line@stations-other.example.com', restaurantId: 96, role: 'owner' })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, options: { token?: string; tenant?: string; locale?: string; payload?: object } = {}) =>
  t.app.inject({
    method,
    url,
    headers: {
      'x-restaurant-id': options.tenant ?? 'stations',
      'accept-language': options.locale ?? 'en-CA',
      authorization: `Bearer ${options.token ?? kitchen}`,
    },
    ...(options.payload && { payload: options.payload }),
  });
const station = (orderId: string, id: string, action: 'bump' | 'recall', options: Parameters<typeof call>[2] = {}) =>
  call('POST', `/api/staff/orders/${orderId}/stations/${id}/${action}`, options);

let keys = 0;
/** A guest's pickup of these items (one line each), accepted by the kitchen: it is at the stations. */
async function placeAccepted(items: Array<{ id: number; section: number }>): Promise<string> {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': 'stations', ...headers } });
  const card = await post('/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' });
  const lines = items.map((item, index) => ({
    id: item.id,
    menu_id: MENU,
    section_id: item.section,
    orderId: index + 1,
    quantity: 1,
    orderPrice: item.id === DRINK.id ? 900 : item.id === DISH.id ? 2000 : 800,
    orderOptions: [],
  }));
  const scheduling = await post('/api/orders/scheduling', { type: 'take-out', items: lines });
  expect(scheduling.statusCode, scheduling.body).toBe(200);
  const day = scheduling.json().days.at(-1);
  const placed = await post(
    '/api/orders',
    {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'pickup' },
        items: lines,
        costs: { tip: { type: 'percentage', value: '0' } },
        checkout: {
          paymentMethod: 'credit_card',
          pickup: { delivery: false, scheduled: true, dueByDate: day.date, dueByTime: day.slots[0].startTime },
          contact: { full_name: 'Gus Guest', email: 'gus@example.com', phone_number: '416-555-0109' },
          card: { token: card.json().token },
        },
      },
    },
    { 'idempotency-key': `stations-${(keys += 1)}` },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().order.id as string;
  const accepted = await call('POST', `/api/staff/orders/${id}/status`, { payload: { status: 'accepted' } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

type Line = { name: string; station: string; bumped: boolean };
const linesOf = (body: { order: { lines: Line[] } }) => body.order.lines.map(({ name, station, bumped }) => ({ name, station, bumped }));
/** The order's events in the order they were written (PostgreSQL's `seq`, SQLite's rowid: migration 0025). */
const eventsOf = async (orderId: string) =>
  (
    await t.database.db
      .selectFrom('order_events')
      .select('type')
      .where('order_id', '=', orderId)
      .orderBy(sql.raw(onPostgres ? 'seq' : 'rowid'))
      .execute()
  ).map((row) => row.type);

describe('kitchen stations', () => {
  it('names each line’s station, and lists the stations in the caller’s language', async () => {
    const me = await call('GET', '/api/staff/me', { locale: 'fr-CA' });
    // The restaurant as the diner's French pages name it.
    expect(me.json().restaurant.name).toBe('Maison des postes');
    expect((await call('GET', '/api/staff/me', { locale: 'en-CA' })).json().restaurant.name).toBe('Station House');
    expect(me.json().restaurant.kitchen_stations).toEqual([
      { id: 'kitchen', name: 'Cuisine' },
      { id: 'bar', name: 'Bar' },
      { id: 'pastry', name: 'Pâtisserie' },
    ]);
    const id = await placeAccepted([DRINK, DISH]);
    const list = await call('GET', '/api/staff/orders');
    const order = (list.json().orders as Array<{ id: string; lines: Line[] }>).find((entry) => entry.id === id);
    // A section that names no station is the first station's, the kitchen.
    expect(order?.lines.map(({ name, station, bumped }) => ({ name, station, bumped }))).toEqual([
      { name: 'Spritz', station: 'bar', bumped: false },
      { name: 'Risotto', station: 'kitchen', bumped: false },
    ]);
  });

  it('moves the order to ready when the last station bumps, lets a station recall before and after that, and keeps every change', async () => {
    const id = await placeAccepted([DRINK, DISH]);
    // The diner left a phone at the counter for the "ready" text.
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/orders/notification',
      headers: { 'x-restaurant-id': 'stations', authorization: `Bearer ${kitchen}` },
      payload: { data: { config: { checkNum: id }, checkout: { contact: { phone_number: '416-555-0171' } } } },
    });
    expect(subscribe.statusCode, subscribe.body).toBe(200);
    /** How many of the order's texts say it is ready, and how many that it is not after all (the outbox has no order of its own). */
    const texts = async () => {
      const bodies = (
        await t.database.db.selectFrom('outbox').select('body').where('order_id', '=', id).where('channel', '=', 'sms').execute()
      ).map((row) => row.body);
      return {
        ready: bodies.filter((body) => /: order \d+ is ready\.$/.test(body)).length,
        recalled: bodies.filter((body) => /order \d+ needs a few more minutes\. We'll text you again when it's ready\.$/.test(body)).length,
      };
    };

    const bar = await station(id, 'bar', 'bump');
    expect(bar.statusCode, bar.body).toBe(200);
    expect(bar.json().changed).toBe(true);
    expect(bar.json().order.status).toBe('accepted');
    expect(linesOf(bar.json())).toEqual([
      { name: 'Spritz', station: 'bar', bumped: true },
      { name: 'Risotto', station: 'kitchen', bumped: false },
    ]);
    // The same bump again (a double tap, a retry) changes nothing.
    const again = await station(id, 'bar', 'bump');
    expect(again.json()).toMatchObject({ changed: false, order: { status: 'accepted' } });

    const recalled = await station(id, 'bar', 'recall');
    expect(recalled.json().changed).toBe(true);
    expect(linesOf(recalled.json())[0]).toEqual({ name: 'Spritz', station: 'bar', bumped: false });
    expect((await station(id, 'bar', 'recall')).json().changed).toBe(false);

    expect((await station(id, 'bar', 'bump')).json().order.status).toBe('accepted');
    const last = await station(id, 'kitchen', 'bump', { token: owner });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().order.status).toBe('ready');
    expect(last.json().order.next_statuses).toEqual(['completed']);
    expect(await texts()).toEqual({ ready: 1, recalled: 0 });

    // The risotto is sent back at the pass: the kitchen recalls it, the order is back in the kitchen
    // (no card offers that move: next_statuses), the bar's drink stays made, and the diner is told.
    const late = await station(id, 'kitchen', 'recall');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ changed: true, order: { status: 'preparing' } });
    expect(late.json().order.next_statuses).toEqual(['ready', 'cancelled']);
    expect(linesOf(late.json())).toEqual([
      { name: 'Spritz', station: 'bar', bumped: true },
      { name: 'Risotto', station: 'kitchen', bumped: false },
    ]);
    expect(await texts()).toEqual({ ready: 1, recalled: 1 });
    // Made again: ready again, and the diner texted again.
    expect((await station(id, 'kitchen', 'bump')).json().order.status).toBe('ready');
    expect(await texts()).toEqual({ ready: 2, recalled: 1 });

    expect(await eventsOf(id)).toEqual([
      'placed',
      'accepted',
      'station_bumped',
      'station_recalled',
      'station_bumped',
      'station_bumped',
      'ready',
      'station_recalled',
      'preparing',
      'station_bumped',
      'ready',
    ]);
    const team = await call('GET', '/api/staff/team', { token: owner });
    const audit = (team.json().audit as Array<{ action: string; subject: string; actor: string }>).filter((entry) =>
      entry.action.startsWith('station_'),
    );
    const number = last.json().order.number;
    expect(audit.map((entry) => `${entry.actor} ${entry.action} ${entry.subject}`).reverse()).toEqual([
      `line@stations.example.com station_bumped #${number} · Bar`,
      `line@stations.example.com station_recalled #${number} · Bar`,
      `line@stations.example.com station_bumped #${number} · Bar`,
      `boss@stations.example.com station_bumped #${number} · Kitchen`,
      `line@stations.example.com station_recalled #${number} · Kitchen`,
      `line@stations.example.com station_bumped #${number} · Kitchen`,
    ]);
  });

  it('recalls a ready order the board moved by its own Ready button, and a completed one not at all', async () => {
    const id = await placeAccepted([DRINK]);
    expect((await call('POST', `/api/staff/orders/${id}/status`, { payload: { status: 'ready' } })).statusCode).toBe(200);
    const recalled = await station(id, 'bar', 'recall');
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json()).toMatchObject({ changed: true, order: { status: 'preparing' } });
    expect((await station(id, 'bar', 'bump')).json().order.status).toBe('ready');
    expect((await call('POST', `/api/staff/orders/${id}/status`, { payload: { status: 'completed' } })).statusCode).toBe(200);
    const done = await station(id, 'bar', 'recall', { locale: 'fr-CA' });
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ error: 'STATION_ORDER_NOT_IN_KITCHEN', message: expect.stringMatching(/^Seule une commande/) });
  });

  it('bumps one line at a time: the order moves on when the station’s last line is made, and one line is recalled alone', async () => {
    const id = await placeAccepted([DISH, DISH, DRINK]);
    const lineIds = async () => {
      const list = await call('GET', '/api/staff/orders');
      const order = (list.json().orders as Array<{ id: string; lines: Array<Line & { line_id: number }> }>).find(
        (entry) => entry.id === id,
      )!;
      return order.lines.filter((line) => line.station === 'kitchen').map((line) => line.line_id);
    };
    const [first, second] = await lineIds();
    expect((await station(id, 'bar', 'bump')).statusCode).toBe(200);

    const one = await call('POST', `/api/staff/orders/${id}/stations/kitchen/bump?line=${first}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().order.status).toBe('accepted');
    expect(linesOf(one.json()).map((line) => line.bumped)).toEqual([true, false, true]);

    // A line the station does not make (the bar's), or no line of the order: nothing to make there.
    const barLine = (await call('GET', '/api/staff/orders')).json().orders.find((entry: { id: string }) => entry.id === id)
      .lines[2].line_id;
    expect((await call('POST', `/api/staff/orders/${id}/stations/kitchen/bump?line=${barLine}`)).json().error).toBe('STATION_NOT_FOUND');
    expect((await call('POST', `/api/staff/orders/${id}/stations/kitchen/bump?line=99`)).statusCode).toBe(404);
    expect((await call('POST', `/api/staff/orders/${id}/stations/kitchen/bump?line=abc`)).statusCode).toBe(400);

    // Recalling the first line leaves the others as they are.
    const back = await call('POST', `/api/staff/orders/${id}/stations/kitchen/recall?line=${first}`);
    expect(linesOf(back.json()).map((line) => line.bumped)).toEqual([false, false, true]);
    expect((await call('POST', `/api/staff/orders/${id}/stations/kitchen/bump?line=${second}`)).json().order.status).toBe('accepted');
    const last = await call('POST', `/api/staff/orders/${id}/stations/kitchen/bump?line=${first}`);
    expect(last.json().order.status).toBe('ready');
  });

  it('moves the order once when the last two stations bump at the same time', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await placeAccepted([DRINK, DISH, DESSERT]);
      expect((await station(id, 'pastry', 'bump')).statusCode).toBe(200);
      const [bar, kitchenBump] = await Promise.all([station(id, 'bar', 'bump'), station(id, 'kitchen', 'bump', { token: owner })]);
      expect([bar.statusCode, kitchenBump.statusCode]).toEqual([200, 200]);
      expect([bar.json().order.status, kitchenBump.json().order.status].sort()).toEqual(['accepted', 'ready']);
      const events = await eventsOf(id);
      expect(events.filter((type) => type === 'ready')).toHaveLength(1);
      expect(events.filter((type) => type === 'station_bumped')).toHaveLength(3);
    }
  });

  it('refuses another restaurant’s order, a station the order has nothing at, bad input and an order not in the kitchen', async () => {
    const id = await placeAccepted([DISH]);
    const foreign = await station(id, 'kitchen', 'bump', { token: otherStaff, tenant: 'stations-other' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ORDER_NOT_FOUND');
    // The other restaurant's staff naming this restaurant are not its staff.
    expect((await station(id, 'kitchen', 'bump', { token: otherStaff })).statusCode).toBe(403);

    const nothing = await station(id, 'bar', 'bump', { locale: 'fr-CA' });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toMatchObject({ error: 'STATION_NOT_FOUND', message: 'Cette commande n’a rien à préparer à ce poste.' });

    const bad = await station(id, 'Not A Station!', 'bump', { locale: 'fr-CA' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Certaines informations envoyées ne sont pas valides.' });
    expect((await station('not-a-uuid', 'kitchen', 'bump')).statusCode).toBe(400);

    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${id}/stations/kitchen/bump`,
      headers: { 'x-restaurant-id': 'stations' },
    });
    expect(signedOut.statusCode).toBe(401);

    const cancelled = await call('POST', `/api/staff/orders/${id}/status`, { payload: { status: 'cancelled', reason: 'Out of rice' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await station(id, 'kitchen', 'bump')).json().error).toBe('STATION_ORDER_NOT_IN_KITCHEN');
    expect((await eventsOf(id)).filter((type) => type.startsWith('station_'))).toEqual([]);
  });
});
