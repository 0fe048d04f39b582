import path from 'node:path';
import type { UpcomingEventsResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { readTenantSources } from '../../load-tenant-files';
import { ARENA, ARENA_ID, SLIDERS, suitePreOrder } from '../../test/arena';
import { staffMember } from '../../test/staff-member';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';

// The demo arena (tenants/northside-arena.json), in Edmonton. Owner@example.com owns suite 1 at the
// hockey game of 4 December (3980, locked since 20 November), suites 1 and 4 at the concert of
// 12 December (3982 and 3984, lock 9 December 23:59) and suite 1 on New Year's Eve (3985).
const START = new Date('2026-11-24T18:00:00Z');
let now = START;

let t: TestApp;
beforeAll(async () => {
  const sources = await readTenantSources([
    path.join(repoRoot, 'tenants/northside-arena.json'),
    path.join(repoRoot, 'tenants/maple-bistro.json'),
  ]);
  t = await createTestApp(sources, { now: () => now });
  await seedDemoAccounts(t.database.db, START);
});
afterAll(() => t.close());

let address = 0;
function call(
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  payload?: object,
  options: { token?: string; tenant?: string; headers?: Record<string, string> } = {},
) {
  address += 1;
  const headers: Record<string, string> = { 'x-restaurant-id': options.tenant ?? ARENA, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload && { payload }),
    remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}`,
  });
}

async function login(email: string): Promise<string> {
  const response = await call('POST', '/api/auth/login-native', { email, password: DEMO_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

async function register(email: string): Promise<string> {
  const response = await call('POST', '/api/auth/register-user', { firstName: 'Gus', lastName: 'Guest', email, password: 'Secret12!' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

async function saveCard(token: string): Promise<string> {
  const response = await call(
    'POST',
    '/api/auth/payment-method',
    { card: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'T5B 0P1' } },
    { token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().paymentMethod.paymentCardId as string;
}

const upcoming = async (token: string) => {
  const response = await call('POST', '/api/catering/suite-owners/get-upcoming-events', {}, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as UpcomingEventsResponse;
};

const DESSERTS = { id: 3105, menu_id: 3010, section_id: 3050, orderId: 1, quantity: 2, orderPrice: 19000, orderOptions: [] };
const PIZZA = { id: 3110, menu_id: 3011, section_id: null, orderId: 1, quantity: 1, orderPrice: 4200, orderOptions: [] };

/** A pre-order as these tests first place it: before the event, with the owner's note. */
const preOrder = (eventSuite: number | string, card: string | null, options: Parameters<typeof suitePreOrder>[2] = {}) =>
  suitePreOrder(eventSuite, card, { suitesInfo: { deliveryPreference: 'before_event' }, notes: 'Gluten-free buns for two', ...options });

let keys = 0;
const place = (body: object, token: string | null) =>
  call('POST', '/api/orders', body, { ...(token && { token }), headers: { 'idempotency-key': `suite-test-${Date.now()}-${(keys += 1)}` } });

describe('suite calls', () => {
  it('shows only public facts behind a plain id, and nothing for an id of no event suite', async () => {
    const response = await call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: 3982 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      eventSuite: { id: 3982, suite: { id: 3950, name: 'Suite 1 — Centre ice' } },
      event: { id: 3971, pre_order_lock_at: '2026-12-10T05:59:00.000Z' },
      zone: 'America/Edmonton',
      sealed: false,
    });
    expect(response.body).not.toContain('owner@example.com');
    expect(response.body).not.toContain('tab_limit');
    for (const id of [3999, 3950]) {
      const missing = await call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: id });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: 'EVENT_SUITE_NOT_FOUND', message: 'No event suite found.' });
    }
    const french = await call(
      'POST',
      '/api/catering/events/get-minimal-info',
      { eventSuiteId: 3999 },
      { headers: { 'accept-language': 'fr-CA' } },
    );
    expect(french.json().message).toBe('Aucune loge d’événement trouvée.');
    // Another restaurant does not know this event suite.
    expect(
      (await call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: 3982 }, { tenant: 'maple-bistro' })).statusCode,
    ).toBe(404);
  });

  it("lists the owner's upcoming event suites with their states, and opens their sealed links only as they were made", async () => {
    const owner = await login('owner@example.com');
    const { events } = await upcoming(owner);
    expect(events.map((entry) => [entry.eventSuiteId, entry.state])).toEqual([
      // Tonight's game (import_day_offset 0) was locked three days ago.
      [3987, 'locked'],
      [3980, 'locked'],
      [3982, 'not_submitted'],
      [3984, 'not_submitted'],
      [3985, 'not_submitted'],
    ]);
    expect(events.find((entry) => entry.eventSuiteId === 3984)?.tab).toMatchObject({ limit: 40000, spent: 0, remaining: 40000 });

    const link = events.find((entry) => entry.eventSuiteId === 3984)!.link;
    const opened = await call('POST', '/api/catering/events/get-minimal-info', { encryptedValue: link });
    expect(opened.json()).toMatchObject({ eventSuite: { id: 3984 }, sealed: true });
    const altered = `${link.slice(0, 20)}${link[20] === 'A' ? 'B' : 'A'}${link.slice(21)}`;
    expect((await call('POST', '/api/catering/events/get-minimal-info', { encryptedValue: altered })).statusCode).toBe(404);
    expect((await call('POST', '/api/catering/events/get-minimal-info', { encryptedValue: link, eventSuiteId: 3982 })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/catering/events/get-minimal-info', { encryptedValue: link }, { tenant: 'maple-bistro' })).statusCode,
    ).toBe(404);
  });

  it('names the venues where the account owns suites, across restaurants, for the owner only', async () => {
    const owner = await login('owner@example.com');
    // No restaurant header: the owner's venues wherever they are.
    const venues = await t.app.inject({
      method: 'POST',
      url: '/api/catering/suite-owners/get-venues',
      headers: { authorization: `Bearer ${owner}` },
      remoteAddress: '10.9.250.1',
    });
    expect(venues.statusCode, venues.body).toBe(200);
    expect(venues.json()).toEqual({ venues: [{ id: 103, slug: ARENA, name: 'Northside Arena' }] });
    const stranger = await register(`venues-${Date.now()}@example.com`);
    expect((await call('POST', '/api/catering/suite-owners/get-venues', {}, { token: stranger })).json()).toEqual({ venues: [] });
    const anonymous = await call('POST', '/api/catering/suite-owners/get-venues', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(201);
  });

  it('keeps owners to their own suites', async () => {
    const stranger = await register(`stranger-${Date.now()}@example.com`);
    expect((await upcoming(stranger)).events).toEqual([]);
    const someoneElse = await call(
      'POST',
      '/api/catering/suite-owners/get-upcoming-events',
      { email: 'owner@example.com' },
      { token: stranger },
    );
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json()).toMatchObject({ error: 'NOT_ASSIGNED_TO_SUITE', message: 'User not assigned to this suite.' });
    const info = await call('POST', '/api/catering/events/auth-get-event-info', { eventSuiteId: 3982 }, { token: stranger });
    expect(info.statusCode).toBe(403);
    const anonymous = await call('POST', '/api/catering/suite-owners/get-upcoming-events', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(201);
    // Nor can they place a pre-order for a suite that is not theirs.
    const card = await saveCard(stranger);
    const refused = await place(preOrder(3982, card), stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('NOT_ASSIGNED_TO_SUITE');
    expect((await place(preOrder(3982, null), null)).json().error).toBe('NOT_ASSIGNED_TO_SUITE');
  });
});

describe('suite pre-orders', () => {
  it('needs a saved card, keeps the delivery preference, can be changed until the lock and is refused after it', async () => {
    now = START;
    const owner = await login('owner@example.com');
    const withoutCard = await place(preOrder(3984, null), owner);
    expect(withoutCard.statusCode).toBe(402);
    expect(withoutCard.json()).toMatchObject({
      error: 'PRE_ORDER_REQUIRES_SAVED_CARD',
      message: 'Pre-ordering requires a saved payment method. Please add a card to your account first.',
    });

    const card = await saveCard(owner);
    const first = await place(
      preOrder(3984, card, { suitesInfo: { deliveryPreference: 'custom', deliveryTime: '2026-12-12T20:15:00-06:00' } }),
      owner,
    );
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json().order;
    expect(order).toMatchObject({
      type: 'catering',
      pickup_time: '2026-12-13T02:15:00.000Z',
      payment: { method: 'credit_card', amount: order.costs.amountDue },
      suite: { eventSuiteId: 3984, eventId: 3971, suiteId: 3953, kind: 'pre_order', deliveryPreference: 'custom', operatorUserId: null },
    });
    // Nothing is charged at placement: the tab is settled when it closes.
    const payments = await t.database.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute();
    expect(payments).toEqual([]);

    let mine = (await upcoming(owner)).events.find((entry) => entry.eventSuiteId === 3984)!;
    expect(mine.state).toBe('modifiable');
    expect(mine.preOrder).toMatchObject({ id: order.id, delivery_preference: 'custom', total: order.costs.totalWithTip });
    expect(mine.tab.spent).toBe(order.costs.totalWithTip);

    const info = await call('POST', '/api/catering/events/auth-get-event-info', { eventSuiteId: 3984 }, { token: owner });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().preOrderItems).toMatchObject([{ id: SLIDERS.id, quantity: 1 }]);

    // A change replaces the pre-order: one live pre-order, the tab holds only the new one.
    const changed = await place(preOrder(3984, card, { items: [DESSERTS], suitesInfo: { deliveryPreference: 'half_time' } }), owner);
    expect(changed.statusCode, changed.body).toBe(201);
    mine = (await upcoming(owner)).events.find((entry) => entry.eventSuiteId === 3984)!;
    expect(mine.preOrder).toMatchObject({ id: changed.json().order.id, delivery_preference: 'half_time' });
    expect(mine.orders).toHaveLength(1);
    expect(mine.tab.spent).toBe(changed.json().order.costs.totalWithTip);

    // The server refuses a change from the lock on, whatever the screen shows.
    now = new Date('2026-12-10T05:59:00Z');
    const late = await place(preOrder(3984, card), owner);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'PRE_ORDER_LOCKED' });
    expect((await upcoming(owner)).events.find((entry) => entry.eventSuiteId === 3984)?.state).toBe('locked');
    now = START;
  });

  it("names the order's event (both languages) and suite to the diner: the order keeps only their ids (issue 31 defect 5)", async () => {
    now = START;
    // Suite 3 at the concert (3983) is corporate.events@example.com's, who has no account yet.
    const owner = await register('corporate.events@example.com');
    const card = await saveCard(owner);
    const placed = await place(preOrder(3983, card, { suitesInfo: { deliveryPreference: 'half_time' } }), owner);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, access_token: token } = placed.json();
    const facts = await call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: 3983 });
    const shown = await call('GET', `/api/orders/${order.id}?token=${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      order: { suite: { eventSuiteId: 3983, eventId: 3971, suiteId: 3952, deliveryPreference: 'half_time' } },
      suitePlace: {
        event: { 'en-CA': 'Prairie Lights Holiday Concert', 'fr-CA': 'Concert des Fêtes Lumières des Prairies' },
        // As the import placed it (the same instant the event's public facts give).
        startsAt: facts.json().event.starts_at,
        // The venue's French names for it (tenants/northside-arena.json), for a confirmation read in French.
        suite: { 'en-CA': 'Suite 3 — Corner', 'fr-CA': 'Loge 3 — Coin' },
        location: { 'en-CA': 'Level 2, east end', 'fr-CA': 'Niveau 2, extrémité est' },
      },
    });
  });

  it('refuses a tab limit overrun with what is left, an item off the event menus and a time outside the event', async () => {
    now = START;
    const owner = await login('owner@example.com');
    const card = await saveCard(owner);
    // Suite 4's tab is $400: eight slider platters are $1,320 plus tax and service.
    const over = await place(preOrder(3984, card, { items: [{ ...SLIDERS, quantity: 8, orderPrice: 132000 }] }), owner);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'TAB_LIMIT_EXCEEDED', remaining: 40000 });
    const offMenu = await place(preOrder(3982, card, { items: [PIZZA] }), owner);
    // The event-day menu is not offered ahead: the cart is stale for a pre-order.
    expect(offMenu.statusCode, offMenu.body).toBe(409);
    expect(offMenu.json().invalid_items).toMatchObject([{ orderId: 1 }]);
    const outside = await place(
      preOrder(3982, card, { suitesInfo: { deliveryPreference: 'custom', deliveryTime: '2026-12-13T01:00:00-06:00' } }),
      owner,
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe('SUITE_DELIVERY_TIME_INVALID');
    const locked = await place(preOrder(3980, card), owner);
    expect(locked.json().error).toBe('PRE_ORDER_LOCKED');
  });

  it("takes the spec's suitesInfo {deliveryTime, notes, tabLimit}: the time alone, the notes kept, the limit left to the venue", async () => {
    now = START;
    const owner = await login('owner@example.com');
    const card = await saveCard(owner);
    const base = preOrder(3982, card);
    base.data.checkout.pickup.notes = '';
    const spec = await place(
      {
        ...base,
        data: {
          ...base.data,
          checkout: {
            ...base.data.checkout,
            suitesInfo: { deliveryTime: '2026-12-12T20:00:00-06:00', notes: '  Nut-free desserts, please  ', tabLimit: 1 },
          },
        },
      },
      owner,
    );
    expect(spec.statusCode, spec.body).toBe(201);
    expect(spec.json().order).toMatchObject({
      pickup_time: '2026-12-13T02:00:00.000Z',
      notes: 'Nut-free desserts, please',
      suite: { eventSuiteId: 3982, deliveryPreference: 'custom' },
    });
    let mine = (await upcoming(owner)).events.find((entry) => entry.eventSuiteId === 3982)!;
    expect(mine.preOrder).toMatchObject({ notes: 'Nut-free desserts, please', delivery_preference: 'custom' });
    // The $500 limit is the operator's: a checkout's tabLimit changes nothing.
    expect(mine.tab.limit).toBe(50000);

    // A preference's name as the deliveryTime; the notes sent the older way still count.
    const named = await place(preOrder(3982, card, { suitesInfo: { deliveryTime: 'half_time', tabLimit: null } }), owner);
    expect(named.statusCode, named.body).toBe(201);
    mine = (await upcoming(owner)).events.find((entry) => entry.eventSuiteId === 3982)!;
    expect(mine.preOrder).toMatchObject({ delivery_preference: 'half_time', notes: 'Gluten-free buns for two' });
    const info = await call('POST', '/api/catering/events/auth-get-event-info', { eventSuiteId: 3982 }, { token: owner });
    expect(info.json().eventSuite.preOrder).toMatchObject({ delivery_preference: 'half_time', notes: 'Gluten-free buns for two' });

    // Still refused: a time that is neither a preference nor a date, and a negative limit.
    for (const suitesInfo of [{ deliveryTime: 'whenever' }, { deliveryPreference: 'half_time', tabLimit: -5 }]) {
      const refused = await place(preOrder(3982, card, { suitesInfo }), owner);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps one live pre-order and an exact tab under 50 concurrent changes', async () => {
    now = START;
    const owner = await login('owner@example.com');
    const card = await saveCard(owner);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        place(preOrder(3985, card, { items: [{ ...SLIDERS, quantity: 1 + (index % 3), orderPrice: 16500 * (1 + (index % 3)) }] }), owner),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    for (const answer of answers) if (answer.statusCode !== 201) expect(answer.json().error).toBe('TAB_LIMIT_EXCEEDED');
    expect(placed.length).toBeGreaterThan(0);
    const mine = (await upcoming(owner)).events.find((entry) => entry.eventSuiteId === 3985)!;
    expect(mine.orders).toHaveLength(1);
    expect(mine.tab.spent).toBe(mine.preOrder!.total);
  });
  it('gives a replaced pre-order’s counted items back before its change takes its own (stock counts, decision 0105)', async () => {
    now = START;
    const owner = await login('owner@example.com');
    const card = await saveCard(owner);
    const kitchen = (
      await staffMember(t.database.db, { email: 'kitchen@events-stock.example.com', restaurantId: ARENA_ID, role: 'manager' })
    ).token;
    const count = (remaining: number | null) =>
      call('POST', '/api/staff/availability/stock', { item_id: DESSERTS.id, remaining }, { token: kitchen });
    const desserts = async () => {
      const answer = await call('GET', '/api/staff/availability', undefined, { token: kitchen });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().sections as Array<{ items: Array<{ id: number; sold_out: boolean; stock: number | null }> }>)
        .flatMap((section) => section.items)
        .find((item) => item.id === DESSERTS.id)!;
    };
    expect((await count(3)).statusCode).toBe(200);

    const two = await place(preOrder(3982, card, { items: [DESSERTS] }), owner);
    expect(two.statusCode, two.body).toBe(201);
    expect(await desserts()).toMatchObject({ stock: 1, sold_out: false });

    // The change wants three: the two of the pre-order it replaces are back first, so it takes the last.
    const three = await place(preOrder(3982, card, { items: [{ ...DESSERTS, quantity: 3, orderPrice: 28500 }] }), owner);
    expect(three.statusCode, three.body).toBe(201);
    expect(await desserts()).toMatchObject({ stock: 0, sold_out: true });

    const none = await place(preOrder(3982, card, { items: [SLIDERS] }), owner);
    expect(none.statusCode, none.body).toBe(201);
    expect(await desserts()).toMatchObject({ stock: 3, sold_out: false });
    expect((await count(null)).statusCode).toBe(200);
  });
});
