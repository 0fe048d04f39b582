/**
 * Event day at a suite (docs/decisions/0130-event-day-suite-delivery.md): when an order the operator
 * places is brought, by the server's clock, as the order, its receipt and the kitchen's ticket say;
 * and the tab's balance the cart shows before checkout (POST /catering/event-suites/get-tab), for its
 * owner, the venue's operator and the suite's login-as session only.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SuiteTabResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { ARENA, OWNER_CONTACT } from '../../test/arena';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';

// Tonight's game at the demo arena (event 3973, placed on the import day at 7 p.m. in Edmonton, 2 h 30):
// owner@example.com owns suite 2 there (event suite 3987, $150 tab). New Year's Eve (3972, weeks later):
// owner@ owns suite 1 (3985); the party loft (3986) is another owner's.
const IMPORT = new Date('2026-12-10T16:00:00Z');
let now = IMPORT;
let start = new Date(0);
const minutesFromStart = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

let t: TestApp;
beforeAll(async () => {
  const source = (name: string) => ({ name, text: fs.readFileSync(path.join(repoRoot, 'tenants', name), 'utf8') });
  t = await createTestApp([source('northside-arena.json'), source('maple-bistro.json')], { now: () => now });
  await seedDemoAccounts(t.database.db, now);
  const info = await call('POST', '/api/catering/events/get-minimal-info', { eventSuiteId: 3987 });
  start = new Date((info.json() as { event: { starts_at: string } }).event.starts_at);
});
afterAll(() => t.close());

let address = 0;
function call(method: 'POST' | 'GET', url: string, payload?: object, options: { token?: string; tenant?: string; key?: string } = {}) {
  address += 1;
  const headers: Record<string, string> = { 'x-restaurant-id': options.tenant ?? ARENA };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload && { payload }),
    remoteAddress: `10.13.${Math.floor(address / 250)}.${address % 250}`,
  });
}

async function login(email: string): Promise<string> {
  const response = await call('POST', '/api/auth/login-native', { email, password: DEMO_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

async function loginAs(operator: string, eventSuiteId: number): Promise<string> {
  const response = await call('POST', '/api/auth/login-as', { eventSuiteId }, { token: operator });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const PIZZA = { id: 3110, menu_id: 3011, section_id: 3052, orderId: 1, quantity: 1, orderPrice: 4200, orderOptions: [] };
let keys = 0;
const placeEventDay = (session: string, operator: string, suitesInfo?: object) =>
  call(
    'POST',
    '/api/orders',
    {
      type: 'dine_in',
      data: {
        config: { eventSuite: 3987, eventDayOrdering: true },
        items: [PIZZA],
        costs: { tip: { type: 'percentage', value: '0' } },
        checkout: { contact: OWNER_CONTACT, ...(suitesInfo && { suitesInfo }) },
      },
      operatorToken: operator,
    },
    { token: session, key: `event-day-${(keys += 1)}` },
  );

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

const getTab = (eventSuiteId: number | string, token?: string, tenant?: string) =>
  call('POST', '/api/catering/event-suites/get-tab', { eventSuiteId }, { ...(token && { token }), ...(tenant && { tenant }) });

describe('an event-day suite order', () => {
  it('placed hours before the event is brought at its start, and says so on the order, the receipt and the kitchen ticket', async () => {
    now = minutesFromStart(-7 * 60);
    const operator = await login('operator@example.com');
    const session = await loginAs(operator, 3987);
    const placed = await placeEventDay(session, operator);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as {
      order: { id: string; pickup_time: string | null; suite: { deliverAt: string | null; deliveryPreference: string | null } };
    };
    expect(order.suite).toMatchObject({ deliverAt: start.toISOString(), deliveryPreference: 'event_start' });
    expect(order.pickup_time).toBe(start.toISOString());
    expect(await receiptOf(order.id)).toMatch(/Delivery to the suite: At the start of the event, [^\n]* at 7:00\sp\.m\./);
  });

  it('placed during the event is brought as soon as it is ready, with no instant kept', async () => {
    now = minutesFromStart(10);
    const operator = await login('operator@example.com');
    const session = await loginAs(operator, 3987);
    const placed = await placeEventDay(session, operator);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as {
      order: { id: string; pickup_time: string | null; suite: { deliverAt: string | null; deliveryPreference: string | null } };
    };
    expect(order.suite).toMatchObject({ deliverAt: null, deliveryPreference: null });
    expect(order.pickup_time).toBeNull();
    expect(await receiptOf(order.id)).toContain('Delivery to the suite: As soon as it is ready');
  });
});

describe("the tab's balance before checkout (POST /catering/event-suites/get-tab)", () => {
  it('answers the owner, the operator and the login-as session of that suite with what is left', async () => {
    now = minutesFromStart(20);
    const owner = await login('owner@example.com');
    const operator = await login('operator@example.com');
    const session = await loginAs(operator, 3987);
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
    const owner = await login('owner@example.com');
    const diner = await login('diner@example.com');
    const operator = await login('operator@example.com');
    const session = await loginAs(operator, 3987);
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
