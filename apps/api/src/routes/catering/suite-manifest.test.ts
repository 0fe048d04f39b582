import type { PreOrderChangeResponse, SuiteActivityResponse, SuiteManifestResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArenaApp, arenaSource, createArenaApp, SLIDERS, suitePreOrder } from '../../test/arena';

// The demo arena's concert (event 3971, 12 December 19:30 to 22:30 in Edmonton, 01:30 to 04:30 UTC; pre-orders
// until 9 December): owner@example.com owns suite 1 (3982) and suite 4 (3984); suite 3 (3983) has no
// pre-order. A copy of the arena under another slug, with events of its own, is "another venue".
let now = new Date('2026-11-24T18:00:00Z');
/** Two days after the concert's lock (9 December 23:59 in Edmonton), before the event. */
const AFTER_LOCK = new Date('2026-12-11T18:00:00Z');
const OTHER_EVENT = 13971;
const SODA = { id: 3108, menu_id: 3010, section_id: 3051, orderId: 2, quantity: 2, orderPrice: 7200, orderOptions: [] };

/** The arena again under another slug, with event and suite ids of its own: "another venue". */
const otherArena = () =>
  arenaSource(
    (file) => ({
      ...file,
      id: 9103,
      slug: 'southside-arena',
      events: file.events.map((event) => ({
        ...event,
        id: event.id + 10_000,
        suites: event.suites.map((suite) => ({ ...suite, id: suite.id + 10_000 })),
      })),
    }),
    'southside-arena.json',
  );

let t: ArenaApp;
let owner = '';
let operator = '';
beforeAll(async () => {
  t = await createArenaApp({ now: () => now, tenants: [arenaSource(), otherArena()] });
  owner = await t.login('owner@example.com');
  operator = await t.login('operator@example.com');
  const card = await t.saveCard(owner);
  const orders = [
    suitePreOrder(3982, card, {
      items: [{ ...SLIDERS, quantity: 2, orderPrice: SLIDERS.orderPrice * 2 }],
      suitesInfo: { deliveryPreference: 'half_time', notes: 'Gluten-free buns for two' },
    }),
    suitePreOrder(3984, card, { items: [SLIDERS, SODA], suitesInfo: { deliveryPreference: 'event_start' } }),
  ];
  for (const order of orders) {
    const placed = await t.call('POST', '/api/orders', order, { token: owner, key: crypto.randomUUID() });
    expect(placed.statusCode, placed.body).toBe(201);
  }
});
afterAll(() => t.close());

const manifest = (event: number, options: { token?: string; tenant?: string; locale?: string } = { token: operator }) =>
  t.call('GET', `/api/catering/events/${event}/manifest`, undefined, options);

describe('GET /api/catering/events/:event/manifest', () => {
  it("gives the venue's operator every suite's pre-order by delivery time, with the kitchen's totals and each suite's lines", async () => {
    const response = await manifest(3971, { token: operator });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as SuiteManifestResponse;
    expect(body).toMatchObject({
      zone: 'America/Edmonton',
      suites: 2,
      suitesAtEvent: 3,
      quantity: 5,
      fileName: 'manifest-northside-arena-3971-2026-12-12.csv',
    });
    expect(body.groups.map((group) => [group.preference, group.at])).toEqual([
      ['event_start', '2026-12-13T01:30:00.000Z'],
      ['half_time', '2026-12-13T03:00:00.000Z'],
    ]);
    expect(body.groups[0]!.production).toEqual([
      { itemId: 3101, name: 'Alberta beef slider platter', quantity: 1 },
      { itemId: 3108, name: 'Soft drinks (12 cans)', quantity: 2 },
    ]);
    expect(body.groups[0]!.deliveries).toMatchObject([{ suite: { name: 'Suite 4 — Goal line' }, quantity: 3 }]);
    expect(body.groups[1]!.deliveries).toMatchObject([
      {
        suite: { name: 'Suite 1 — Centre ice' },
        notes: 'Gluten-free buns for two',
        lines: [{ name: 'Alberta beef slider platter', quantity: 2 }],
      },
    ]);
    expect(body.totals).toEqual([
      { itemId: 3101, name: 'Alberta beef slider platter', quantity: 3 },
      { itemId: 3108, name: 'Soft drinks (12 cans)', quantity: 2 },
    ]);
  });

  it('names the items in the caller’s language', async () => {
    const body = (await manifest(3971, { token: operator, locale: 'fr-CA' })).json() as SuiteManifestResponse;
    // By name in the caller's language.
    expect(body.totals.map((line) => line.name)).toEqual([
      'Boissons gazeuses (12 canettes)',
      'Plateau de mini-burgers au bœuf de l’Alberta',
    ]);
  });

  it('an event without pre-orders has an empty manifest', async () => {
    const body = (await manifest(3972, { token: operator })).json() as SuiteManifestResponse;
    expect(body).toMatchObject({ groups: [], totals: [], quantity: 0, suites: 0, suitesAtEvent: 2 });
  });

  it('is refused to a suite owner, to no session, and to an operator of another venue', async () => {
    const asOwner = await manifest(3971, { token: owner });
    expect(asOwner.statusCode).toBe(401);
    expect((await manifest(3971, {})).statusCode).toBe(401);
    const elsewhere = await manifest(OTHER_EVENT, { token: operator, tenant: 'southside-arena' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error).toBe('NOT_A_SUITE_OPERATOR');
  });

  it("another venue's event, an unknown one and a malformed id are not found or refused", async () => {
    const other = await manifest(OTHER_EVENT, { token: operator });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('EVENT_SUITE_NOT_FOUND');
    expect((await manifest(999_999, { token: operator })).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '3971.5']) {
      const response = await t.call('GET', `/api/catering/events/${bad}/manifest`, undefined, { token: operator });
      expect(response.statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/catering/events/:event/manifest.csv', () => {
  it('downloads the manifest with its rows and a file name in English', async () => {
    const response = await t.call('GET', '/api/catering/events/3971/manifest.csv', undefined, { token: operator, locale: 'en-CA' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="manifest-northside-arena-3971-2026-12-12.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'section,delivery,time,suite,location,order,item,quantity,notes',
      'production,At the start,2026-12-12 19:30,,,,Alberta beef slider platter,1,',
      'production,At the start,2026-12-12 19:30,,,,Soft drinks (12 cans),2,',
      expect.stringMatching(
        /^delivery,At the start,2026-12-12 19:30,Suite 4 — Goal line,"Level 2, south side",\d+,Alberta beef slider platter,1,$/,
      ),
      expect.stringMatching(
        /^delivery,At the start,2026-12-12 19:30,Suite 4 — Goal line,"Level 2, south side",\d+,Soft drinks \(12 cans\),2,$/,
      ),
      'production,At half-time,2026-12-12 21:00,,,,Alberta beef slider platter,2,',
      expect.stringMatching(
        /^delivery,At half-time,2026-12-12 21:00,Suite 1 — Centre ice,"Level 2, north side",\d+,Alberta beef slider platter,2,Gluten-free buns for two$/,
      ),
      'event total,,,,,,Alberta beef slider platter,3,',
      'event total,,,,,,Soft drinks (12 cans),2,',
      '',
    ]);
  });

  it('in French: headers, delivery names, items and the file name', async () => {
    const response = await t.call('GET', '/api/catering/events/3971/manifest.csv', undefined, { token: operator, locale: 'fr-CA' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="manifeste-northside-arena-3971-2026-12-12.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('section,livraison,heure,loge,emplacement,commande,article,quantité,notes');
    expect(lines).toContain('production,Au début,2026-12-12 19:30,,,,Boissons gazeuses (12 canettes),2,');
    expect(lines).toContain('total de l’événement,,,,,,Plateau de mini-burgers au bœuf de l’Alberta,3,');
  });

  it('is refused to the owner', async () => {
    const response = await t.call('GET', '/api/catering/events/3971/manifest.csv', undefined, { token: owner });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/catering/events/:event/event-suites/:suite/change-pre-order', () => {
  const change = (suite: number, body: object, options: { token?: string; key?: string } = {}) =>
    t.call('POST', `/api/catering/events/3971/event-suites/${suite}/change-pre-order`, body, {
      token: options.token ?? operator,
      key: options.key ?? crypto.randomUUID(),
    });
  const activity = async (eventSuiteId: number, token: string) => {
    const response = await t.call('POST', '/api/catering/event-suites/get-activity', { eventSuiteId }, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SuiteActivityResponse;
  };

  it('after the lock the owner can no longer change the pre-order, and cannot call the operator’s change', async () => {
    now = AFTER_LOCK;
    const refused = await t.call(
      'POST',
      '/api/orders',
      suitePreOrder(3982, null, { items: [SLIDERS], suitesInfo: { deliveryPreference: 'half_time' } }),
      { token: owner, key: crypto.randomUUID() },
    );
    expect(refused.json().error).toBe('PRE_ORDER_LOCKED');
    expect((await change(3950, { lines: [{ orderId: 1, quantity: 1 }], reason: 'Owner asked' }, { token: owner })).statusCode).toBe(401);
  });

  it('refuses a change without a reason, with unknown lines, emptied, or over the tab limit', async () => {
    const noReason = await change(3950, { lines: [{ orderId: 1, quantity: 1 }] });
    expect(noReason.statusCode).toBe(400);
    expect((await change(3950, { lines: [{ orderId: 1, quantity: 1 }], reason: '  ' })).statusCode).toBe(400);
    expect((await change(3950, { lines: [{ orderId: 9, quantity: 1 }], reason: 'Owner asked' })).statusCode).toBe(400);
    expect((await change(3950, { lines: [{ orderId: 1, quantity: 0 }], reason: 'Owner asked' })).statusCode).toBe(400);
    const over = await change(3950, { lines: [{ orderId: 1, quantity: 3 }], reason: 'Owner asked' });
    expect(over.json().error).toBe('TAB_LIMIT_EXCEEDED');
    // Nothing changed: the manifest still has the two platters at half-time.
    const body = (await manifest(3971, { token: operator })).json() as SuiteManifestResponse;
    expect(body.totals[0]).toMatchObject({ name: 'Alberta beef slider platter', quantity: 3 });
  });

  it('the operator changes it after the lock with a reason: placed again, the manifest follows, the activity keeps why', async () => {
    const key = crypto.randomUUID();
    const body = { lines: [{ orderId: 1, quantity: 1 }], reason: 'Owner called: two guests cancelled' };
    const response = await change(3950, body, { key });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as PreOrderChangeResponse;
    expect(answer.eventSuite.preOrder).toMatchObject({
      number: answer.orderNumber,
      delivery_preference: 'half_time',
      notes: 'Gluten-free buns for two',
      placedBy: 'operator',
      lines: [{ name: 'Alberta beef slider platter', quantity: 1 }],
    });
    expect(answer.eventSuite.state).toBe('locked');
    // A retry of the same change is the same order, recorded once.
    const again = await change(3950, body, { key });
    expect((again.json() as PreOrderChangeResponse).orderNumber).toBe(answer.orderNumber);

    const after = (await manifest(3971, { token: operator })).json() as SuiteManifestResponse;
    expect(after.groups.find((group) => group.preference === 'half_time')?.production).toEqual([
      { itemId: 3101, name: 'Alberta beef slider platter', quantity: 1 },
    ]);
    expect(after.totals[0]).toMatchObject({ quantity: 2 });

    const seen = await activity(3982, owner);
    const changes = seen.entries.filter((entry) => entry.kind === 'pre_order_change');
    expect(changes).toEqual([
      expect.objectContaining({
        by: { role: 'operator', name: 'Omar Operator' },
        reason: 'Owner called: two guests cancelled',
        changedOrder: answer.orderNumber,
      }),
    ]);
    const orders = seen.entries.filter((entry) => entry.kind === 'order');
    expect(orders.map((entry) => [entry.by.role, entry.order?.status])).toEqual([
      ['operator', 'placed'],
      ['owner', 'cancelled'],
    ]);
  });

  it('takes a line out with 0, and is refused for another venue’s operator and without a pre-order', async () => {
    const response = await change(3953, { lines: [{ orderId: 2, quantity: 0 }], reason: 'No soft drinks in the suite' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as PreOrderChangeResponse).eventSuite.preOrder?.lines).toEqual([
      expect.objectContaining({ name: 'Alberta beef slider platter', quantity: 1 }),
    ]);
    const none = await change(3952, { lines: [{ orderId: 1, quantity: 1 }], reason: 'Owner asked' });
    expect(none.statusCode).toBe(404);
    const elsewhere = await t.call(
      'POST',
      `/api/catering/events/${OTHER_EVENT}/event-suites/3950/change-pre-order`,
      { lines: [{ orderId: 1, quantity: 1 }], reason: 'Owner asked' },
      { token: operator, tenant: 'southside-arena', key: crypto.randomUUID() },
    );
    expect(elsewhere.statusCode).toBe(403);
  });
});
