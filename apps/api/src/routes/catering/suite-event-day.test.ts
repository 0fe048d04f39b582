/**
 * Event day at a suite (docs/decisions/0130-event-day-suite-delivery.md): when an order the operator
 * places is brought, by the server's clock, as the order, its receipt and the kitchen's ticket say;
 * and the tab's balance the cart shows before checkout (POST /catering/event-suites/get-tab), for its
 * owner, the venue's operator and the suite's login-as session only; and what follows an event whose
 * times move (the orders, their order events, the owner's e-mail).
 */
import type { SuiteTabResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../db/data-scope';
import { findRestaurantBySlug } from '../../db/restaurants-repository';
import { defaultPorts } from '../../ports/services';
import { openEventStream } from '../../test/event-stream-client';
import { secondProcess } from '../../test/second-process';
import { ARENA, ARENA_ID, type ArenaApp, arenaSource, createArenaApp, eventDayOrder, suitePreOrder } from '../../test/arena';
import { staffMember } from '../../test/staff-member';
import { RECEIVER_RELAY_OPTIONS, startTicketReceiver, type TicketReceiver } from '../../test/ticket-receiver';
import type { DeliveryLog } from '../../use-cases/platform/relay-deliveries';
import { relayDueTickets } from '../../use-cases/platform/relay-kitchen-tickets';
import { importTenants } from '../../use-cases/platform/import-tenants';
import { followMovedEvents } from '../../use-cases/suites/event-start-moves';

// Tonight's game at the demo arena (event 3973, placed on the import day at 7 p.m. in Edmonton, 2 h 30):
// owner@example.com owns suite 2 there (event suite 3987, $150 tab). New Year's Eve (3972, weeks later):
// owner@ owns suite 1 (3985); the party loft (3986) is another owner's.
const IMPORT = new Date('2026-12-10T16:00:00Z');
let now = IMPORT;
let start = new Date(0);
const minutesFromStart = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
/** A tenant file's wall-clock time (2026-11-24T19:00) `minutes` later, on the same day. */
const shiftWall = (wall: string, minutes: number) => {
  const [hours, mins] = wall.slice(11, 16).split(':').map(Number) as [number, number];
  const total = hours * 60 + mins + minutes;
  return `${wall.slice(0, 11)}${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

let t: ArenaApp;
let printer: TicketReceiver;
const quiet: DeliveryLog = { info: () => undefined, warn: () => undefined };
beforeAll(async () => {
  printer = await startTicketReceiver();
  // Imported at IMPORT, not at the real time: before IMPORT the app would import at the real time, its
  // menus published then, and a test placing an order at an earlier instant of the clock saw none.
  t = await createArenaApp({ now: () => now, importedAt: IMPORT });
  const info = await t.call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: 3987 });
  start = new Date((info.json() as { event: { starts_at: string } }).event.starts_at);
});
afterAll(async () => {
  await t.close();
  await printer.close();
});

let keys = 0;
const placeEventDay = (session: string, operator: string, suitesInfo?: object) =>
  t.call('POST', '/api/orders', eventDayOrder(3987, { operatorToken: operator, ...(suitesInfo && { suitesInfo }) }), {
    token: session,
    key: `event-day-${(keys += 1)}`,
  });

async function receiptOf(orderId: string): Promise<string> {
  const found = await t.database.db
    .selectFrom('outbox')
    .select(['body'])
    .where('order_id', '=', orderId)
    .where('channel', '=', 'email')
    .execute();
  expect(found.length).toBeGreaterThan(0);
  return found.map((row) => row.body).join('\n');
}

interface PlacedOrder {
  id: string;
  pickup_time: string | null;
  suite: { deliverAt: string | null; deliveryPreference: string | null };
}

/** An event-day order for suite 3987 that the operator places at the clock's instant, as answered. */
async function placedByOperator(suitesInfo?: object): Promise<PlacedOrder & { token: string }> {
  const operator = await t.login('operator@example.com');
  const session = await t.loginAs(operator, 3987);
  const placed = await placeEventDay(session, operator, suitesInfo);
  expect(placed.statusCode, placed.body).toBe(201);
  const answer = placed.json() as { order: PlacedOrder; access_token: string };
  return { ...answer.order, token: answer.access_token };
}

const getTab = (eventSuiteId: number | string, token?: string, tenant?: string) =>
  t.call('POST', '/api/catering/event-suites/get-tab', { eventSuiteId }, { ...(token && { token }), ...(tenant && { tenant }) });

describe('an event-day suite order', () => {
  it("comes with the server's time in the event's facts, which the checkout says when it is brought by", async () => {
    now = minutesFromStart(-7 * 60);
    const info = await t.call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: 3987 });
    expect(info.json()).toMatchObject({ now: now.toISOString(), event: { starts_at: start.toISOString() } });
  });

  it('placed hours before the event is brought at its start, and says so on the order, the receipt and the kitchen ticket', async () => {
    now = minutesFromStart(-7 * 60);
    const order = await placedByOperator();
    expect(order.suite).toMatchObject({ deliverAt: start.toISOString(), deliveryPreference: 'event_start' });
    expect(order.pickup_time).toBe(start.toISOString());
    expect(await receiptOf(order.id)).toMatch(/Delivery to the suite: At the start of the event, [^\n]* at 7:00\sp\.m\./);
  });

  it('placed during the event is brought as soon as it is ready, with no instant kept', async () => {
    now = minutesFromStart(10);
    const order = await placedByOperator();
    expect(order.suite).toMatchObject({ deliverAt: null, deliveryPreference: null });
    expect(order.pickup_time).toBeNull();
    expect(await receiptOf(order.id)).toContain('Delivery to the suite: As soon as it is ready');
  });
});

describe("the tab's balance before checkout (POST /catering/event-suites/get-tab)", () => {
  it('answers the owner, the operator and the login-as session of that suite with what is left', async () => {
    now = minutesFromStart(20);
    const owner = await t.login('owner@example.com');
    const operator = await t.login('operator@example.com');
    const session = await t.loginAs(operator, 3987);
    // The two orders above are on it.
    const spent = (
      await t.database.db
        .selectFrom('event_suite_tabs')
        .select(['spent_cents'])
        .where('event_suite_id', '=', 3987)
        .executeTakeFirstOrThrow()
    ).spent_cents;
    expect(spent).toBeGreaterThan(0);
    for (const token of [owner, operator, session]) {
      const response = await getTab(3987, token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as SuiteTabResponse;
      expect(body).toMatchObject({ eventSuiteId: 3987, tab: { limit: 15_000, spent, remaining: 15_000 - spent, closed: false } });
    }
    // The operator sees another suite of its venue too.
    expect((await getTab(3986, operator)).json()).toMatchObject({ eventSuiteId: 3986, tab: { limit: 250_000 } });
  });

  it("refuses another owner's suite, a login-as session's other suite, another venue's ids and anyone signed out", async () => {
    now = minutesFromStart(20);
    const owner = await t.login('owner@example.com');
    const diner = await t.login('diner@example.com');
    const operator = await t.login('operator@example.com');
    const session = await t.loginAs(operator, 3987);
    expect((await getTab(3986, owner)).json()).toMatchObject({ error: 'NOT_ASSIGNED_TO_SUITE' });
    expect((await getTab(3987, diner)).json()).toMatchObject({ error: 'NOT_ASSIGNED_TO_SUITE' });
    // The login-as session is for its one suite, even one the same owner owns.
    expect((await getTab(3985, session)).json()).toMatchObject({ error: 'NOT_ASSIGNED_TO_SUITE' });
    // The arena's event suite asked of another venue is none of its: nothing about it comes back.
    for (const token of [owner, operator]) {
      const elsewhere = await getTab(3987, token, 'maple-bistro');
      expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
      expect(elsewhere.statusCode).toBeLessThan(500);
      expect(elsewhere.json()).not.toHaveProperty('tab');
    }
    const signedOut = await getTab(3987);
    expect(signedOut.statusCode).toBe(401);
    expect((await getTab('not-a-sealed-value', owner)).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe("when the event's times move (decision 0130, amendments)", () => {
  /** The arena's data imported again (as at start-up, or the staff console's publish) with one event `minutes` later. */
  const moveEvent = async (eventId: number, minutes: number) => {
    const moved = arenaSource((file) => ({
      ...file,
      events: file.events.map((event) =>
        event.id === eventId
          ? {
              ...event,
              starts_at: shiftWall(event.starts_at, minutes),
              ...(event.ends_at && { ends_at: shiftWall(event.ends_at, minutes) }),
            }
          : event,
      ),
    }));
    const result = await importTenants(t.database.db, [moved], now);
    expect(result.ok, JSON.stringify(result)).toBe(true);
  };
  const moveTonight = (minutes: number) => moveEvent(3973, minutes);
  /** The order as its diner reads it (GET /api/orders/:id with its secret). */
  const read = async (placed: { id: string; token: string }) => {
    const response = await t.call('GET', `/api/orders/${placed.id}?token=${placed.token}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { order: PlacedOrder }).order;
  };
  /** The order events written for an order, oldest first. */
  const eventsOf = async (orderId: string) =>
    t.database.db
      .selectFrom('order_events')
      .select(['type', 'reason', 'restaurant_id'])
      .where('order_id', '=', orderId)
      .orderBy('at')
      .execute();
  /** The e-mails queued about an order that are not its receipt. */
  const noticesOf = async (orderId: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body', 'locale'])
      .where('order_id', '=', orderId)
      .where('channel', '=', 'email')
      .where((eb) => eb.or([eb('subject', 'like', '%new time%'), eb('subject', 'like', '%nouvelle heure%')]))
      .execute();
  const staffStatus = async (orderId: string, status: string, token: string) => {
    const response = await t.call('POST', `/api/staff/orders/${orderId}/status`, { status, reason: 'Wrong suite' }, { token });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('brings the orders placed for its start or half-time at the new ones, tells the board and the owner, and leaves the rest', async () => {
    // The operator raises the suite's $150 tab for the orders below (the ones above are on it too).
    const raised = await t.call(
      'PUT',
      '/api/catering/events/3973/event-suites/3951/update-event-day-settings',
      { tab_limit: 100_000 },
      { token: await t.login('operator@example.com') },
    );
    expect(raised.statusCode, raised.body).toBe(200);
    now = minutesFromStart(10);
    const asap = await placedByOperator();
    now = minutesFromStart(-6 * 60);
    const atStart = await placedByOperator();
    const halfTime = await placedByOperator({ deliveryPreference: 'half_time' });
    const cancelled = await placedByOperator();
    const preparing = await placedByOperator();
    const { token: manager } = await staffMember(t.database.db, {
      email: 'manager@northside-arena.example.com',
      restaurantId: ARENA_ID,
      role: 'manager',
      now,
    });
    // The venue's point of sale hears of each order (decision 0034): a moved one too, with its new time.
    const hook = await t.call('POST', '/api/staff/webhooks', { url: 'http://127.0.0.1:9/pos' }, { token: manager });
    expect(hook.statusCode, hook.body).toBe(200);
    await staffStatus(cancelled.id, 'cancelled', manager);
    // The kitchen has started on it: made for the old time, it stays (the kitchen decides).
    await staffStatus(preparing.id, 'accepted', manager);
    await staffStatus(preparing.id, 'preparing', manager);
    const untouched = [asap, cancelled, preparing];
    const before = await Promise.all(untouched.map(read));
    const eventsBefore = await Promise.all(untouched.map((order) => eventsOf(order.id)));

    await moveTonight(60);
    const later = minutesFromStart(60).toISOString();
    // The game lasts 2 h 30: half-time is 75 minutes after the new start.
    const laterHalf = minutesFromStart(60 + 75).toISOString();
    expect(await read(atStart)).toMatchObject({ pickup_time: later, suite: { deliverAt: later, deliveryPreference: 'event_start' } });
    expect(await read(halfTime)).toMatchObject({
      pickup_time: laterHalf,
      suite: { deliverAt: laterHalf, deliveryPreference: 'half_time' },
    });
    expect(await Promise.all(untouched.map(read))).toEqual(before);
    expect(before[0]).toMatchObject({ pickup_time: null, suite: { deliverAt: null } });
    expect(before[1]!.suite.deliverAt).toBe(start.toISOString());
    expect(before[2]!.suite.deliverAt).toBe(start.toISOString());

    // Each moved order has an order event like a status change (the staff board and the diner's
    // screen hear it); the others have none more.
    for (const order of [atStart, halfTime])
      expect((await eventsOf(order.id)).at(-1)).toEqual({ type: 'rescheduled', reason: 'event_moved', restaurant_id: ARENA_ID });
    expect(await Promise.all(untouched.map((order) => eventsOf(order.id)))).toEqual(eventsBefore);
    for (const [order, moved] of [
      [atStart, later],
      [halfTime, laterHalf],
    ] as const) {
      const sent = await t.database.db
        .selectFrom('webhook_deliveries')
        .select('body')
        .where('order_id', '=', order.id)
        .where('event_type', '=', 'rescheduled')
        .execute();
      expect(sent.map((row) => JSON.parse(row.body) as { type: string; data: object })).toEqual([
        expect.objectContaining({ type: 'order.rescheduled', data: expect.objectContaining({ status: 'placed', pickup_time: moved }) }),
      ]);
    }

    // The owner is told by e-mail, in English (the operator placed these; the venue's language).
    const [startNotice] = await noticesOf(atStart.id);
    expect(startNotice).toMatchObject({ recipient: 'owner@example.com', locale: 'en-CA' });
    expect(startNotice!.subject).toMatch(/^Northside Arena: a new time for order #\d+ \(Suite 2/);
    expect(startNotice!.body).toMatch(/will now be brought at the start of the event, [^\n]*8:00\sp\.m\. \(it was [^\n]*7:00\sp\.m\.\)\./);
    expect((await noticesOf(halfTime.id))[0]!.body).toMatch(/at half-time, [^\n]*9:15\sp\.m\. \(it was [^\n]*8:15\sp\.m\.\)\./);
    for (const order of untouched) expect(await noticesOf(order.id)).toEqual([]);

    // Moved back, they follow back; importing the same times again moves nothing and tells no one.
    await moveTonight(0);
    expect(await read(atStart)).toMatchObject({ pickup_time: start.toISOString(), suite: { deliverAt: start.toISOString() } });
    expect(await noticesOf(atStart.id)).toHaveLength(2);
    await moveTonight(0);
    expect(await noticesOf(atStart.id)).toHaveLength(2);
    expect((await eventsOf(atStart.id)).filter((event) => event.type === 'rescheduled')).toHaveLength(2);
  });

  it("takes the owner's pre-order along, and tells the owner in the language they ordered in", async () => {
    // Rivalry night (event 3972, 6 p.m. to 8:45 p.m., weeks away): owner@ pre-orders for suite 1 (3985) at half-time, in French.
    now = minutesFromStart(-6 * 60);
    // The venue's kitchen printer prints each order when placed (docs/kitchen-printing.md).
    const { token: manager } = await staffMember(t.database.db, {
      email: 'kitchen-manager@northside-arena.example.com',
      restaurantId: ARENA_ID,
      role: 'manager',
      now,
    });
    const printerOn = (enabled: boolean) =>
      t.call('PUT', '/api/staff/kitchen-printer', { host: '127.0.0.1', port: printer.port, paper_mm: 80, enabled }, { token: manager });
    expect((await printerOn(true)).statusCode).toBe(200);
    const owner = await t.login('owner@example.com');
    const card = await t.saveCard(owner);
    const placed = await t.call('POST', '/api/orders', suitePreOrder(3985, card, { suitesInfo: { deliveryPreference: 'half_time' } }), {
      token: owner,
      locale: 'fr-CA',
      key: `pre-order-${(keys += 1)}`,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const answer = placed.json() as { order: PlacedOrder; access_token: string };
    const preOrder = { id: answer.order.id, token: answer.access_token };
    const was = answer.order.suite.deliverAt!;

    await relayDueTickets(t.database.db, RECEIVER_RELAY_OPTIONS, quiet, now);
    expect(printer.tickets.map((ticket) => ticket.text)).toEqual([expect.stringMatching(/SUITE [^\n]*19:23/)]);

    await moveEvent(3972, 30);
    const moved = new Date(Date.parse(was) + 30 * 60_000).toISOString();
    // Its ticket printed for 7:23 p.m.: it prints again at the new time, marked so, in the kitchen's English.
    await relayDueTickets(t.database.db, RECEIVER_RELAY_OPTIONS, quiet, now);
    expect(printer.tickets).toHaveLength(2);
    expect(printer.tickets[1]!.text).toMatch(/SUITE [^\n]*19:53[\s\S]*NEW TIME/);
    expect(printer.tickets[0]!.text).not.toMatch(/NEW TIME/);
    expect((await printerOn(false)).statusCode).toBe(200);
    expect(await read(preOrder)).toMatchObject({ pickup_time: moved, suite: { deliverAt: moved, deliveryPreference: 'half_time' } });
    expect((await eventsOf(preOrder.id)).at(-1)).toMatchObject({ type: 'rescheduled' });
    const [notice] = await noticesOf(preOrder.id);
    expect(notice).toMatchObject({ recipient: 'owner@example.com', locale: 'fr-CA' });
    expect(notice!.subject).toMatch(/^Northside Arena : nouvelle heure pour la commande no \d+ \(Loge 1 — Centre de la glace\)$/);
    // 7:23 p.m. (half-way through 6 p.m. to 8:45 p.m., to the minute) becomes 7:53 p.m.; 24-hour in French.
    expect(notice!.body).toMatch(
      /Votre précommande no \d+ pour Loge 1 — Centre de la glace sera maintenant apportée à la mi-temps, [^\n]*19 h 53 \(c’était [^\n]*19 h 23\)/,
    );
    await moveEvent(3972, 0);
  });

  it("tells the owner's profile lists, on another process, the order's new time (decision 0113's stream)", async () => {
    now = minutesFromStart(-6 * 60);
    const owner = await t.login('owner@example.com');
    const card = await t.saveCard(owner);
    const placed = await t.call('POST', '/api/orders', suitePreOrder(3985, card, { suitesInfo: { deliveryPreference: 'half_time' } }), {
      token: owner,
      key: `pre-order-${(keys += 1)}`,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: PlacedOrder };
    const was = order.suite.deliverAt!;
    const { app: second, url } = await secondProcess(t, () => now);
    try {
      const profile = await openEventStream<{ orderId: string; status: string; pickup_time: string | null }>(
        `${url}/api/auth/orders/events`,
        {
          authorization: `Bearer ${owner}`,
        },
      );
      const ofOrder = (pickupTime: string) => (r: { event: string; data: { orderId: string; pickup_time: string | null } }) =>
        r.event === 'status' && r.data.orderId === order.id && r.data.pickup_time === pickupTime;
      await profile.next(ofOrder(was), 5000);
      await moveEvent(3972, 30);
      // Its status did not move; its time did, and the profile hears it (it reads its orders again on it).
      const later = new Date(Date.parse(was) + 30 * 60_000).toISOString();
      const seen = await profile.next(ofOrder(later), 1000);
      expect(seen.data).toEqual({ orderId: order.id, status: 'placed', pickup_time: later });
      profile.close();
    } finally {
      await second.close();
      await moveEvent(3972, 0);
    }
  });

  it("reaches a staff board and the diner's order screen on another process within a second", async () => {
    now = minutesFromStart(-6 * 60);
    const order = await placedByOperator();
    const { token: board } = await staffMember(t.database.db, {
      email: 'board@northside-arena.example.com',
      restaurantId: ARENA_ID,
      role: 'manager',
      now,
    });
    const { app: second, url } = await secondProcess(t, () => now);
    try {
      const staff = await openEventStream<{ order_id?: string; type?: string }>(`${url}/api/staff/orders/events?restaurant=${ARENA}`, {
        authorization: `Bearer ${board}`,
      });
      const diner = await openEventStream<{ status: string; pickup_time: string | null }>(
        `${url}/api/restaurants/${ARENA_ID}/orders/${order.id}/events?token=${order.token}`,
      );
      await staff.next((r) => r.event === 'ready', 5000);
      await diner.next((r) => r.event === 'status' && r.data.pickup_time === start.toISOString(), 5000);
      await moveTonight(30);
      const later = minutesFromStart(30).toISOString();
      const heard = await staff.next((r) => r.event === 'order' && r.data.order_id === order.id, 1000);
      expect(heard.data.type).toBe('rescheduled');
      const seen = await diner.next((r) => r.event === 'status' && r.data.pickup_time === later, 1000);
      expect(seen.data).toMatchObject({ status: 'placed', pickup_time: later });
      staff.close();
      diner.close();
    } finally {
      await second.close();
      await moveTonight(0);
    }
  });

  it("moves only the imported venue's orders: the same events given for another venue move nothing", async () => {
    now = minutesFromStart(-6 * 60);
    const order = await placedByOperator();
    const before = await read(order);
    const bistro = (await findRestaurantBySlug(t.database.db, 'maple-bistro'))!;
    const placedEvents = (await findRestaurantBySlug(t.database.db, ARENA))!.settings.events;
    const later = placedEvents.map((event) => ({ ...event, starts_at: new Date(Date.parse(event.starts_at) + 3_600_000).toISOString() }));
    expect(placedEvents.length).toBeGreaterThan(0);
    const movedElsewhere = await t.database.db
      .transaction()
      .execute((trx) => asSystem('test', () => followMovedEvents(trx, bistro.id, placedEvents, later, defaultPorts().mailer, now)));
    expect(movedElsewhere).toBe(0);
    expect(await read(order)).toEqual(before);
  });
});
