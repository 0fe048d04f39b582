/**
 * GET /api/orders/get-next-order-queue-time through the API, with orders placed as checkout places
 * them: only the orders the kitchen must make before a new as-soon-as-possible order are ahead of it
 * (domain queue.ts). On SQLite by default; on PostgreSQL with DATABASE_URL (test/test-database.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, openHoursClock, type TestApp } from '../../test/test-app';

// A kitchen like maple-bistro's: 4 minutes an order in the queue, ASAP ready 10 minutes after placing.
const kitchen = (id: number, slug: string) =>
  tenantFixture({
    id,
    slug,
    queue: { enabled: true, minutes_per_order: 4 },
    delivery: { custom_locations: 'Lobby, Gym', areas: 'North, South' },
    menu_groups: [
      {
        id: id * 100 + 1,
        name: 'Food',
        slug: 'food',
        menus: [
          { id: id * 100 + 2, name: 'All day', estimated_prep_time: 10, items: [{ id: id * 100 + 3, name: 'Bowl', price: '10.00' }] },
        ],
      },
    ],
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp([asSource(kitchen(71, 'queue-kitchen')), asSource(kitchen(72, 'other-kitchen'))]);
});
afterAll(() => t.close());

let keys = 0;
const post = (tenant: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-restaurant-id': tenant, ...headers } });
const queueOf = async (tenant: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/orders/get-next-order-queue-time', headers: { 'x-restaurant-id': tenant } })).json();
const bowl = (id: number) => ({
  id: id * 100 + 3,
  menu_id: id * 100 + 2,
  section_id: null,
  orderId: 1,
  quantity: 1,
  orderPrice: 1000,
  orderOptions: [],
});

/** A delivery order to the lobby, paid by card: ASAP, or for a chosen date and time. */
async function placeDelivery(tenant: string, id: number, when: { date: string; time: string } | 'asap') {
  const token = (
    await post(tenant, '/api/payment/tokenize', { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M5A 3C4' })
  ).json().token as string;
  const pickup =
    when === 'asap'
      ? { delivery: true, scheduled: false }
      : { delivery: true, scheduled: true, dueByDate: when.date, dueByTime: when.time };
  const response = await post(
    tenant,
    '/api/orders',
    {
      type: 'take-out',
      data: {
        config: { takeout: true, takeoutType: 'delivery' },
        items: [bowl(id)],
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          pickup,
          delivery: { type: 'custom_location', location: 'Lobby', area: 'North' },
          contact: { full_name: 'Dana Diner', email: 'dana@example.com', phone_number: '416-555-0101' },
          card: { token },
        },
      },
    },
    { 'idempotency-key': `queue-time-${Date.now()}-${(keys += 1)}` },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order.id as string;
}

/** Tomorrow's 6 p.m. slot, as POST /api/orders/scheduling offers it. */
async function tomorrowAtSix(tenant: string, id: number) {
  const scheduling = (await post(tenant, '/api/orders/scheduling', { type: 'take-out', items: [bowl(id)] })).json();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: scheduling.zone }).format(new Date());
  const tomorrow = (scheduling.days as Array<{ date: string; slots: Array<{ startTime: string }> }>).find((day) => day.date > today);
  expect(tomorrow?.slots.map((slot) => slot.startTime)).toContain('18:00');
  return { date: tomorrow!.date, time: '18:00' };
}

describe('GET /api/orders/get-next-order-queue-time counts only the orders ahead of a new ASAP order', () => {
  it('leaves out orders scheduled for tomorrow, counts the ASAP ones, in this restaurant only', async () => {
    expect(await queueOf('queue-kitchen')).toEqual({ enabled: true, orders_ahead: 0, minutes: 4 });

    const six = await tomorrowAtSix('queue-kitchen', 71);
    await placeDelivery('queue-kitchen', 71, six);
    await placeDelivery('queue-kitchen', 71, six);
    // The walk's defect: these two made the wait 8, then 16 minutes.
    expect(await queueOf('queue-kitchen')).toEqual({ enabled: true, orders_ahead: 0, minutes: 4 });

    await placeDelivery('queue-kitchen', 71, 'asap');
    expect(await queueOf('queue-kitchen')).toEqual({ enabled: true, orders_ahead: 1, minutes: 8 });

    // Another restaurant's orders, ASAP or not, are not in this kitchen's queue.
    await placeDelivery('other-kitchen', 72, 'asap');
    await placeDelivery('other-kitchen', 72, await tomorrowAtSix('other-kitchen', 72));
    expect(await queueOf('queue-kitchen')).toEqual({ enabled: true, orders_ahead: 1, minutes: 8 });
    expect(await queueOf('other-kitchen')).toEqual({ enabled: true, orders_ahead: 1, minutes: 8 });
  });

  it('counts a scheduled order due before the new order could be ready, not one due after, nor one done', async () => {
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const row = (status: string, pickupMinutes: number | null, slot: boolean) => ({
      id: randomUUID(),
      restaurant_id: 73,
      user_id: null,
      status,
      order_type: 'take-out',
      total_cents: 1000,
      data: '{}',
      placed_at: at(-30),
      updated_at: at(-30),
      pickup_time: pickupMinutes === null ? null : at(pickupMinutes),
      pickup_slot: slot && pickupMinutes !== null ? at(pickupMinutes) : null,
    });
    const app = await createTestApp([asSource(kitchen(73, 'busy-kitchen'))]);
    try {
      const ask = async () =>
        (
          await app.app.inject({ method: 'GET', url: '/api/orders/get-next-order-queue-time', headers: { 'x-restaurant-id': '73' } })
        ).json();
      await app.database.db
        .insertInto('orders')
        .values([
          row('preparing', 5, false), // ASAP, ready in 5 minutes: ahead
          row('placed', null, false), // a table's order, no time: ahead
          row('accepted', 9, true), // a slot due before the new order's ready time (now + 3 x 4 = 12 min): ahead
          row('placed', 13, true), // a slot due after it: not ahead
          row('ready', 2, true), // made already
          row('completed', null, false),
          row('cancelled', 1, false),
        ])
        .execute();
      expect(await ask()).toEqual({ enabled: true, orders_ahead: 3, minutes: 16 });
    } finally {
      await app.close();
    }
  });
});

describe('the queue leaves out orders left open for hours and stops counting at its cap (decision 0136)', () => {
  it('does not count an order placed or due more than 6 hours ago, and counts at most 100 orders ahead', async () => {
    const now = openHoursClock()();
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    const row = (status: string, placedMinutes: number, pickupMinutes: number | null, slot: boolean) => ({
      id: randomUUID(),
      restaurant_id: 75,
      user_id: null,
      status,
      order_type: 'take-out',
      total_cents: 1000,
      data: '{}',
      placed_at: at(placedMinutes),
      updated_at: at(placedMinutes),
      pickup_time: pickupMinutes === null ? null : at(pickupMinutes),
      pickup_slot: slot && pickupMinutes !== null ? at(pickupMinutes) : null,
    });
    const app = await createTestApp([asSource(kitchen(75, 'late-kitchen'))], { now: () => now });
    const ask = async () =>
      (await app.app.inject({ method: 'GET', url: '/api/orders/get-next-order-queue-time', headers: { 'x-restaurant-id': '75' } })).json();
    try {
      await app.database.db
        .insertInto('orders')
        .values([
          row('placed', -6 * 60 - 1, null, false), // a table's order from last service, never marked done
          row('preparing', -7 * 60, -7 * 60 + 10, false), // ASAP, placed 7 hours ago
          row('accepted', -8 * 60, -6 * 60 - 5, true), // a slot due more than 6 hours ago
          row('placed', -5 * 60, null, false), // placed 5 hours ago, still in the kitchen: ahead
          row('accepted', -60, -5 * 60 - 50, true), // a slot due 5 h 50 min ago, still open: ahead
        ])
        .execute();
      expect(await ask()).toEqual({ enabled: true, orders_ahead: 2, minutes: 12 });

      // A kitchen 130 ASAP and 20 due-now slot orders behind: the count stops at 100.
      await app.database.db
        .insertInto('orders')
        .values([
          ...Array.from({ length: 130 }, () => row('placed', -20, null, false)),
          ...Array.from({ length: 20 }, () => row('accepted', -20, 1, true)),
        ])
        .execute();
      expect(await ask()).toEqual({ enabled: true, orders_ahead: 100, minutes: 404 });
    } finally {
      await app.close();
    }
  });
});

describe('the checkout ASAP time follows the queue banner (decision 0131)', () => {
  it('offers, keeps and shows an ASAP time no sooner than the wait the banner says, on the server clock', async () => {
    // A frozen afternoon: the times the server answers are exact instants of its own clock.
    const now = openHoursClock()();
    const app = await createTestApp([asSource(kitchen(74, 'queue-checkout'))], { now: () => now });
    const minutesAfterNow = (iso: string | null) => (iso === null ? null : (new Date(iso).getTime() - now.getTime()) / 60_000);
    const scheduling = async () =>
      (
        await app.app.inject({
          method: 'POST',
          url: '/api/orders/scheduling',
          payload: { type: 'take-out', items: [bowl(74)] },
          headers: { 'x-restaurant-id': 'queue-checkout' },
        })
      ).json();
    const banner = async () =>
      (await app.app.inject({ method: 'GET', url: '/api/orders/get-next-order-queue-time', headers: { 'x-restaurant-id': '74' } })).json();
    const placeAsap = async () => {
      const saved = t;
      t = app;
      try {
        const id = await placeDelivery('queue-checkout', 74, 'asap');
        return (await app.database.db.selectFrom('orders').select('pickup_time').where('id', '=', id).executeTakeFirstOrThrow())
          .pickup_time;
      } finally {
        t = saved;
      }
    };
    try {
      // An empty queue (4 minutes) is shorter than the menu's 10 minutes of preparation: the menu decides.
      expect(await banner()).toMatchObject({ minutes: 4 });
      const quiet = await scheduling();
      expect(minutesAfterNow(quiet.asap.readyAt)).toBe(10);
      expect(quiet.asap.prepTimeLabel).toBe('10 min');
      expect(minutesAfterNow(await placeAsap())).toBe(10);

      // Three more ASAP orders: four ahead, the banner says 20 minutes, and so does checkout.
      await placeAsap();
      await placeAsap();
      await placeAsap();
      expect(await banner()).toEqual({ enabled: true, orders_ahead: 4, minutes: 20 });
      const busy = await scheduling();
      expect(minutesAfterNow(busy.asap.readyAt)).toBe(20);
      expect(busy.asap.prepTimeLabel).toBe('20 min');
      // The slots a diner may choose are held by their capacity, not by the queue: today's first is
      // the one a quiet kitchen offered (decision 0131).
      expect(busy.days[0]?.slots[0]?.start).toBe(quiet.days[0]?.slots[0]?.start);
      expect(minutesAfterNow(busy.days[0]?.slots[0]?.start as string)).toBeLessThan(20);

      // The order placed now is kept ready at that time, and its confirmation says so.
      const kept = await placeAsap();
      expect(minutesAfterNow(kept)).toBe(20);
      expect(await banner()).toEqual({ enabled: true, orders_ahead: 5, minutes: 24 });
      expect(minutesAfterNow((await scheduling()).asap.readyAt)).toBe(24);
    } finally {
      await app.close();
    }
  });
});
