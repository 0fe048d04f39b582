import type { FastifyInstance } from 'fastify';
import type { ActiveEventsResponse, SuiteActivityResponse, SuiteTabEvent, UpcomingEventsResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream-client';
import { ARENA, ARENA_ID, type ArenaApp, arenaSource, createArenaApp, eventDayOrder, SLIDERS, suitePreOrder } from '../../test/arena';
import { demoTenant } from '../../test/fixtures';
import { secondProcess } from '../../test/second-process';
import { staffMember } from '../../test/staff-member';
import { DEMO_PASSWORD } from '../../use-cases/platform/seed-demo-accounts';
import { closeEndedTabs } from '../../use-cases/suites/suite-tabs';

// The demo arena (tenants/northside-arena.json), in Edmonton (UTC-7 in December), with New Year's Eve
// (event 3972, 18:00 to 20:45) taking pre-orders until it starts, so that on its day a suite takes
// pre-orders and event-day orders at once. Owner@example.com owns suite 1 there (3985, $750 tab,
// charged to the owner's card); the party loft (3986, $2,500, invoiced) belongs to an owner without
// an account. The hockey game of 4 December: suite 1 (3980, owner@, charge); the concert of
// 12 December: suite 1 (3982, owner@, no preference yet).
const NEW_YEAR_MORNING = new Date('2026-12-31T17:00:00Z');
const NEW_YEAR_GAME = new Date('2026-12-31T19:00:00-06:00');
const NEW_YEAR_OVER = new Date('2026-12-31T21:00:00-06:00');
let now = new Date('2026-11-24T18:00:00Z');

let t: ArenaApp;
/** A second server process on the same database, as behind a load balancer. */
let second: FastifyInstance;
let secondUrl = '';

beforeAll(async () => {
  // New Year's Eve takes pre-orders until it starts.
  const arena = arenaSource((file) => ({
    ...file,
    events: file.events.map((event) => (event.id === 3972 ? { ...event, pre_order_lock_at: event.starts_at } : event)),
  }));
  t = await createArenaApp({ now: () => now, tenants: [arena, demoTenant('maple-bistro.json')] });
  ({ app: second, url: secondUrl } = await secondProcess(t, () => now, { tabSweepMs: null }));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const preOrder = (eventSuite: number, card: string, quantity = 1) =>
  suitePreOrder(eventSuite, card, { items: [{ ...SLIDERS, quantity, orderPrice: SLIDERS.orderPrice * quantity }] });

let keys = 0;
const place = (body: object, token: string) => t.call('POST', '/api/orders', body, { token, key: `tab-${Date.now()}-${(keys += 1)}` });

async function ownerEvent(owner: string, eventSuiteId: number) {
  const response = await t.call('POST', '/api/catering/suite-owners/get-upcoming-events', {}, { token: owner });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as UpcomingEventsResponse).events.find((entry) => entry.eventSuiteId === eventSuiteId);
}

async function operatorSuite(operator: string, eventSuiteId: number) {
  const response = await t.call('GET', '/api/catering/events/get-active-events', undefined, { token: operator });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ActiveEventsResponse).events
    .flatMap((entry) => entry.suites)
    .find((suite) => suite.eventSuiteId === eventSuiteId);
}

const activity = async (token: string, eventSuiteId: number) =>
  t.call('POST', '/api/catering/event-suites/get-activity', { eventSuiteId }, { token });

/** The e-mail to `to` with this subject (the tests' clock moves back and forth: no "latest"). */
const mailTo = async (to: string, subject: string) => {
  const found = await t.database.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('recipient', '=', to)
    .where('subject', '=', subject)
    .execute();
  expect(found, subject).toHaveLength(1);
  return found[0]!;
};

describe("a suite's tab", () => {
  it('holds its limit across pre-orders and event-day orders placed together, 50 at once on two server processes', async () => {
    now = NEW_YEAR_MORNING;
    const owner = await t.login('owner@example.com');
    const card = await t.saveCard(owner);
    const operator = await t.login('operator@example.com');
    const session = await t.loginAs(operator, 3985);
    const first = await place(preOrder(3985, card, 1), owner);
    expect(first.statusCode, first.body).toBe(201);

    // The owner's pre-order changes go to one server process, the operator's event-day orders to the other.
    const onSecond = async (body: object, token: string) => {
      const response = await fetch(`${secondUrl}/api/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-restaurant-id': ARENA,
          authorization: `Bearer ${token}`,
          'idempotency-key': `tab-second-${Date.now()}-${(keys += 1)}`,
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return {
        statusCode: response.status,
        body: text,
        json: () => JSON.parse(text) as { error?: string; order: { suite: { kind: string } } },
      };
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? place(preOrder(3985, card, 1 + (index % 3)), owner)
          : onSecond(eventDayOrder(3985, { operatorToken: operator }), session),
      ),
    );
    for (const answer of answers) if (answer.statusCode !== 201) expect(answer.json().error, answer.body).toBe('TAB_LIMIT_EXCEEDED');
    const placed = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().order);
    expect(placed.some((order) => order.suite.kind === 'pre_order')).toBe(true);
    expect(placed.some((order) => order.suite.kind === 'event_day')).toBe(true);
    expect(answers.some((answer) => answer.statusCode !== 201)).toBe(true);

    // The tab is exactly what its live orders took, never over the limit; one live pre-order.
    const live = await t.database.db
      .selectFrom('orders')
      .select(['total_cents', 'suite_order_kind'])
      .where('event_suite_id', '=', 3985)
      .where('status', 'not in', ['cancelled', 'refunded'])
      .execute();
    const tab = await t.database.db.selectFrom('event_suite_tabs').selectAll().where('event_suite_id', '=', 3985).executeTakeFirstOrThrow();
    expect(tab.spent_cents).toBe(live.reduce((sum, row) => sum + row.total_cents, 0));
    expect(tab.spent_cents).toBeLessThanOrEqual(75_000);
    expect(live.filter((row) => row.suite_order_kind === 'pre_order')).toHaveLength(1);
    // A refusal says what is left (a change of the pre-order frees what the pre-order took), in the caller's language.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: {
        'x-restaurant-id': ARENA,
        authorization: `Bearer ${owner}`,
        'idempotency-key': `tab-fr-${(keys += 1)}`,
        'accept-language': 'fr-CA',
      },
      payload: preOrder(3985, card, 6),
    });
    const preOrderTotal = live.find((row) => row.suite_order_kind === 'pre_order')!.total_cents;
    expect(refused.json()).toMatchObject({
      error: 'TAB_LIMIT_EXCEEDED',
      message: 'Cette commande dépasserait la limite de l’ardoise de la loge.',
      remaining: 75_000 - tab.spent_cents + preOrderTotal,
    });
  });

  it('shows its balance live to the owner and the operator, across server processes, within a second', async () => {
    now = NEW_YEAR_GAME;
    const owner = await t.login('owner@example.com');
    const operator = await t.login('operator@example.com');
    const stranger = await t.login('diner@example.com');
    const url = `${secondUrl}/api/restaurants/${ARENA}/suite-tabs/events`;
    const ownerStream = await openEventStream<SuiteTabEvent>(url, { cookie: `accessToken=${owner}` });
    const operatorStream = await openEventStream<SuiteTabEvent>(url, { cookie: `operatorAccessToken=${operator}` });
    const strangerStream = await openEventStream<SuiteTabEvent>(url, { cookie: `accessToken=${stranger}` });
    expect((await openEventStream(url)).response.status).toBe(401);
    expect(ownerStream.response.headers.get('content-type')).toContain('text/event-stream');
    await Promise.all([ownerStream, operatorStream, strangerStream].map((stream) => stream.next((event) => event.event === 'ready', 5000)));

    // The operator raises the limit: the owner's screen hears it.
    const settings = await t.call(
      'PUT',
      '/api/catering/events/3972/event-suites/3950/update-event-day-settings',
      { tab_limit: 100_000 },
      { token: operator },
    );
    expect(settings.statusCode, settings.body).toBe(200);
    await ownerStream.next((event) => event.event === 'tab' && event.data.eventSuiteId === 3985 && event.data.tab.limit === 100_000, 1000);

    // The operator orders for the owner on one process; both screens, on the other, hear it within a second.
    const before = (await ownerEvent(owner, 3985))!.tab;
    const session = await t.loginAs(operator, 3985);
    const placedAt = Date.now();
    const placed = await place(eventDayOrder(3985, { operatorToken: operator }), session);
    expect(placed.statusCode, placed.body).toBe(201);
    const expected = before.spent + (placed.json().order.costs.totalWithTip as number);
    const seen = await ownerStream.next(
      (event) => event.event === 'tab' && event.data.eventSuiteId === 3985 && event.data.tab.spent === expected,
      1000,
    );
    expect(Date.now() - placedAt).toBeLessThan(1000);
    expect(seen.data.tab).toMatchObject({ limit: 100_000, remaining: 100_000 - expected, closed: false });
    await operatorStream.next(
      (event) => event.event === 'tab' && event.data.eventSuiteId === 3985 && event.data.tab.spent === expected,
      1000,
    );
    // The diner, who owns no suite, hears nothing.
    expect(strangerStream.received.filter((event) => event.event === 'tab')).toEqual([]);
    for (const stream of [ownerStream, operatorStream, strangerStream]) stream.close();
  });

  it('ends the owner’s and the operator’s tab streams within a second and a half of their sign-out on the other process', async () => {
    now = NEW_YEAR_GAME;
    const owner = await t.login('owner@example.com');
    const operator = await t.login('operator@example.com');
    const url = `${secondUrl}/api/restaurants/${ARENA}/suite-tabs/events`;
    const streams = [
      { token: owner, stream: await openEventStream<SuiteTabEvent>(url, { cookie: `accessToken=${owner}` }) },
      { token: operator, stream: await openEventStream<SuiteTabEvent>(url, { cookie: `operatorAccessToken=${operator}` }) },
    ];
    for (const { token, stream } of streams) {
      await stream.next((event) => event.event === 'ready', 5000);
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { accessToken: token } });
      expect(out.statusCode, out.body).toBe(200);
      const outAt = Date.now();
      await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 3000))]);
      expect(Date.now() - outAt).toBeLessThan(1500);
    }
  });

  it('closes when the event ends, charges the owner’s card for what its orders left to pay, and takes no order after', async () => {
    now = NEW_YEAR_GAME;
    const owner = await t.login('owner@example.com');
    const operator = await t.login('operator@example.com');
    const session = await t.loginAs(operator, 3985);
    // Before the end the sweep leaves it open.
    expect(await closeEndedTabs(t.database, t.app.ports, now)).toBe(0);

    now = NEW_YEAR_OVER;
    const late = await place(eventDayOrder(3985, { operatorToken: operator }), session);
    expect(late.json().error).toBe('SESSION_EXPIRED');
    const live = await t.database.db
      .selectFrom('orders')
      .select(['id', 'data'])
      .where('event_suite_id', '=', 3985)
      .where('status', 'not in', ['cancelled', 'refunded'])
      .execute();
    const due = live.reduce((sum, row) => sum + (JSON.parse(row.data) as { payment: { amount: number } }).payment.amount, 0);
    expect(due).toBeGreaterThan(0);

    expect(await closeEndedTabs(t.database, t.app.ports, now)).toBeGreaterThanOrEqual(1);
    const mine = (await ownerEvent(owner, 3985))!;
    expect(mine.tab).toMatchObject({
      closed: true,
      closed_at: NEW_YEAR_OVER.toISOString(),
      settlement: { status: 'charged', amount: due, card: { brand: 'VISA', last4: '4242' }, invoice: null },
    });
    const payment = await t.database.db.selectFrom('payments').selectAll().where('order_id', '=', 'tab-3985').executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'captured', amount_cents: due, captured_cents: due, last4: '4242' });
    const stored = await t.database.db.selectFrom('orders').select('data').where('id', '=', live[0]!.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data).payment).toMatchObject({ paymentId: payment.id, captured: true });
    const mail = await mailTo('owner@example.com', "Your suite's tab at Northside Arena was charged");
    expect(mail.body).toContain(
      `${(due / 100).toLocaleString('en-CA', { style: 'currency', currency: 'CAD' })} was charged to your VISA ending in 4242.`,
    );

    // A second sweep, or the operator's close, changes nothing; an order is refused as closed.
    expect(await closeEndedTabs(t.database, t.app.ports, now)).toBe(0);
    const again = await t.call('POST', '/api/catering/events/3972/event-suites/3950/close-tab', undefined, { token: operator });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.database.db.selectFrom('payments').select('id').where('order_id', '=', 'tab-3985').execute()).toHaveLength(1);
    const refused = await place(eventDayOrder(3985), owner);
    expect(refused.json().error).toBe('TAB_CLOSED');
    expect((await operatorSuite(operator, 3985))!.tab.settlement).toMatchObject({ status: 'charged', amount: due });
  });

  it('is invoiced when the operator closes it for a suite with the invoice preference, guests’ orders included', async () => {
    now = NEW_YEAR_GAME;
    const operator = await t.login('operator@example.com');
    const guest = await t.loginAs(operator, 3986, 'Gina Guest');
    const placed = await place(
      eventDayOrder(3986, { operatorToken: operator, contact: { full_name: 'Gina Guest', email: '', phone_number: '' } }),
      guest,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const closed = await t.call('POST', '/api/catering/events/3972/event-suites/3954/close-tab', undefined, { token: operator });
    expect(closed.statusCode, closed.body).toBe(200);
    const amount = placed.json().order.costs.amountDue as number;
    expect(closed.json().eventSuite.tab).toMatchObject({
      closed: true,
      settlement: { status: 'invoiced', invoice: 'INV-3986', amount, card: null },
    });
    const mail = await mailTo('party.loft@example.com', "Invoice INV-3986 from Northside Arena: your suite's tab");
    expect(mail.body).toContain('for Gina Guest, placed by Omar Operator');
    // The guest session orders no more, and the operator cannot change the closed tab's limit.
    expect(
      (
        await place(
          eventDayOrder(3986, { operatorToken: operator, contact: { full_name: 'Gina Guest', email: '', phone_number: '' } }),
          guest,
        )
      ).json().error,
    ).toBe('TAB_CLOSED');
    const limit = await t.call(
      'PUT',
      '/api/catering/events/3972/event-suites/3954/update-event-day-settings',
      { tab_limit: 1_000 },
      { token: operator },
    );
    expect(limit.json().error).toBe('TAB_CLOSED');
    expect(
      (await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3986, guestName: 'Gina Guest' }, { token: operator })).json().error,
    ).toBe('TAB_CLOSED');
  });

  it('reports a charge that fails, and settles again once the operator chooses the invoice', async () => {
    now = new Date('2026-12-04T20:00:00-06:00');
    const operator = await t.login('operator@example.com');
    const submitted = await t.call(
      'PUT',
      '/api/catering/events/3970/event-suites/3950/update-event-day-settings',
      { event_day_payment_preference: 'charge' },
      { token: operator },
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const session = await t.loginAs(operator, 3980);
    // Owner@ has a card from the first test: removed, the charge has none to use.
    const signedIn = await t.call('POST', '/api/auth/login-native', { email: 'owner@example.com', password: DEMO_PASSWORD });
    const owner = signedIn.json().token as string;
    for (const card of signedIn.json().user.paymentMethods as Array<{ paymentCardId: string }>) {
      expect((await t.call('POST', '/api/auth/delete-payment', { paymentCardId: card.paymentCardId }, { token: owner })).statusCode).toBe(
        200,
      );
    }
    expect((await place(eventDayOrder(3980, { operatorToken: operator }), session)).statusCode).toBe(201);

    const before = await t.call('POST', '/api/catering/events/3970/event-suites/3950/close-tab', undefined, { token: owner });
    expect(before.statusCode).toBe(401);
    const failed = await t.call('POST', '/api/catering/events/3970/event-suites/3950/close-tab', undefined, { token: operator });
    expect(failed.json().eventSuite.tab).toMatchObject({ closed: true, settlement: { status: 'failed', failure: 'no_card' } });
    await mailTo('owner@example.com', "We could not charge your suite's tab at Northside Arena");

    const invoiced = await t.call(
      'PUT',
      '/api/catering/events/3970/event-suites/3950/update-event-day-settings',
      { event_day_payment_preference: 'invoice' },
      { token: operator },
    );
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    expect(invoiced.json().eventSuite.tab).toMatchObject({
      event_day_payment_preference: 'invoice',
      settlement: { status: 'invoiced', invoice: 'INV-3980' },
    });
    // Settled: the preference is fixed again.
    const locked = await t.call(
      'PUT',
      '/api/catering/events/3970/event-suites/3950/update-event-day-settings',
      { event_day_payment_preference: 'charge' },
      { token: operator },
    );
    expect(locked.json().error).toBe('PAYMENT_PREFERENCE_LOCKED');
  });

  it('gives a cancelled order back to the open tab, and never turns a suite order into account credit', async () => {
    now = new Date('2026-12-01T12:00:00-06:00');
    const owner = await t.login('owner@example.com');
    const card = await t.saveCard(owner);
    const placed = await place(preOrder(3984, card), owner);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect((await ownerEvent(owner, 3984))!.tab.spent).toBe(order.costs.totalWithTip);
    const credit = await t.call('PUT', `/api/auth/orders/cancel-scheduled-order/${order.id}`, {}, { token: owner });
    expect(credit.json().error).toBe('SCHEDULED_ORDER_NOT_CANCELLABLE');

    const { token: staff } = await staffMember(t.database.db, {
      email: 'kitchen@northside-arena.example.com',
      restaurantId: ARENA_ID,
      role: 'manager',
      now,
    });
    const cancelled = await t.call(
      'POST',
      `/api/staff/orders/${order.id}/status`,
      { status: 'cancelled', reason: 'Owner called' },
      { token: staff },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ownerEvent(owner, 3984))!.tab.spent).toBe(0);

    // After its tab was charged, a refunded suite order gives back its part of the tab's charge.
    const settled = await t.database.db
      .selectFrom('orders')
      .select(['id', 'data'])
      .where('event_suite_id', '=', 3985)
      .where('suite_order_kind', '=', 'event_day')
      .where('status', '=', 'placed')
      .executeTakeFirstOrThrow();
    const part = (JSON.parse(settled.data) as { payment: { amount: number } }).payment.amount;
    const refunded = await t.call(
      'POST',
      `/api/staff/orders/${settled.id}/status`,
      { status: 'cancelled', reason: 'Cold pizza' },
      { token: staff },
    );
    expect(refunded.json(), refunded.body).toMatchObject({ payment_action: 'refunded' });
    const charge = await t.database.db.selectFrom('payments').selectAll().where('order_id', '=', 'tab-3985').executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ status: 'partially_refunded', refunded_cents: part });
  });

  it('waits for a payment preference when it has none, and cannot be closed before event day', async () => {
    now = new Date('2026-12-01T12:00:00-06:00');
    const owner = await t.login('owner@example.com');
    const card = await t.saveCard(owner);
    const operator = await t.login('operator@example.com');
    expect((await place(preOrder(3982, card), owner)).statusCode).toBe(201);
    const early = await t.call('POST', '/api/catering/events/3971/event-suites/3950/close-tab', undefined, { token: operator });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'TAB_NOT_CLOSABLE', message: 'A suite’s tab can be closed from the day of its event on.' });

    now = new Date('2026-12-12T23:00:00-06:00');
    expect(await closeEndedTabs(t.database, t.app.ports, now)).toBeGreaterThanOrEqual(1);
    expect((await ownerEvent(owner, 3982))!.tab).toMatchObject({ closed: true, settlement: { status: 'awaiting_preference' } });
    const chosen = await t.call(
      'PUT',
      '/api/catering/events/3971/event-suites/3950/update-event-day-settings',
      { event_day_payment_preference: 'charge' },
      { token: operator },
    );
    expect(chosen.json().eventSuite.tab.settlement).toMatchObject({ status: 'charged', card: { last4: '4242' } });
  });

  it('lists who ordered what for whom and when, for the owner and the operator only', async () => {
    const owner = await t.login('owner@example.com');
    const operator = await t.login('operator@example.com');
    const forOwner = await activity(owner, 3985);
    expect(forOwner.statusCode, forOwner.body).toBe(200);
    const body = forOwner.json() as SuiteActivityResponse;
    expect(body.tab.settlement?.status).toBe('charged');
    const kinds = body.entries.map((entry) => entry.kind);
    expect(kinds.slice(0, 2)).toEqual(['tab_settled', 'tab_closed']);
    expect(body.entries[1]).toMatchObject({ by: { role: 'venue', name: 'Northside Arena' } });
    expect(body.entries).toContainEqual(
      expect.objectContaining({
        kind: 'order',
        by: { role: 'owner', name: 'Olivia Owner' },
        for: { role: 'owner', name: 'Olivia Owner' },
        order: expect.objectContaining({
          kind: 'pre_order',
          lines: [{ name: 'Alberta beef slider platter', quantity: expect.any(Number) }],
        }),
      }),
    );
    expect(body.entries).toContainEqual(
      expect.objectContaining({
        kind: 'order',
        by: { role: 'operator', name: 'Omar Operator' },
        for: { role: 'owner', name: 'Olivia Owner' },
        order: expect.objectContaining({ kind: 'event_day', lines: [{ name: 'Large pepperoni pizza', quantity: 1 }] }),
      }),
    );
    expect(body.entries).toContainEqual(expect.objectContaining({ kind: 'login_as', by: { role: 'operator', name: 'Omar Operator' } }));
    expect(body.entries).toContainEqual(
      expect.objectContaining({ kind: 'tab_limit', by: { role: 'operator', name: 'Omar Operator' }, limit: 100_000 }),
    );

    const loft = (await activity(operator, 3986)).json() as SuiteActivityResponse;
    expect(loft.entries).toContainEqual(
      expect.objectContaining({
        kind: 'order',
        by: { role: 'operator', name: 'Omar Operator' },
        for: { role: 'guest', name: 'Gina Guest' },
      }),
    );
    // Not the owner's: another owner's suite, and anyone who owns none.
    expect((await activity(owner, 3986)).json().error).toBe('NOT_ASSIGNED_TO_SUITE');
    expect((await activity(await t.login('diner@example.com'), 3985)).json().error).toBe('NOT_ASSIGNED_TO_SUITE');
    expect((await t.call('POST', '/api/catering/event-suites/get-activity', { eventSuiteId: 3985 })).statusCode).toBe(401);
  });
});
