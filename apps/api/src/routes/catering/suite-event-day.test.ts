/**
 * Event day at a suite (docs/decisions/0130-event-day-suite-delivery.md): when an order the operator
 * places is brought, by the server's clock, as the order, its receipt and the kitchen's ticket say;
 * and the tab's balance the cart shows before checkout (POST /catering/event-suites/get-tab), for its
 * owner, the venue's operator and the suite's login-as session only.
 */
import type { SuiteTabResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_ID, type ArenaApp, arenaSource, createArenaApp, eventDayOrder } from '../../test/arena';
import { staffMember } from '../../test/staff-member';
import { importTenants } from '../../use-cases/platform/import-tenants';

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
beforeAll(async () => {
  t = await createArenaApp({ now: () => now });
  const info = await t.call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: 3987 });
  start = new Date((info.json() as { event: { starts_at: string } }).event.starts_at);
});
afterAll(() => t.close());

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

describe("when the event's start moves (decision 0130, amendment)", () => {
  /** The arena's data imported again (as at start-up, or the staff console's publish) with tonight's game `minutes` later. */
  const moveTonight = async (minutes: number) => {
    const moved = arenaSource((file) => ({
      ...file,
      events: file.events.map((event) =>
        event.id === 3973
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
  /** The order as its diner reads it (GET /api/orders/:id with its secret). */
  const read = async (placed: PlacedOrder & { token: string }) => {
    const response = await t.call('GET', `/api/orders/${placed.id}?token=${placed.token}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { order: PlacedOrder }).order;
  };

  it('brings the orders placed for its start at the new start, and leaves the as-soon-as-possible, half-time and cancelled ones', async () => {
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
    const { token: manager } = await staffMember(t.database.db, {
      email: 'manager@northside-arena.example.com',
      restaurantId: ARENA_ID,
      role: 'manager',
      now,
    });
    const cancel = await t.call(
      'POST',
      `/api/staff/orders/${cancelled.id}/status`,
      { status: 'cancelled', reason: 'Wrong suite' },
      { token: manager },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = await Promise.all([asap, halfTime, cancelled].map(read));

    await moveTonight(60);
    const later = minutesFromStart(60).toISOString();
    expect(await read(atStart)).toMatchObject({ pickup_time: later, suite: { deliverAt: later, deliveryPreference: 'event_start' } });
    expect(await Promise.all([asap, halfTime, cancelled].map(read))).toEqual(before);
    expect(before[0]).toMatchObject({ pickup_time: null, suite: { deliverAt: null } });
    expect(before[1]!.suite.deliveryPreference).toBe('half_time');
    expect(before[2]!.suite.deliverAt).toBe(start.toISOString());

    // Moved back, it follows back.
    await moveTonight(0);
    expect(await read(atStart)).toMatchObject({ pickup_time: start.toISOString(), suite: { deliverAt: start.toISOString() } });
  });
});
