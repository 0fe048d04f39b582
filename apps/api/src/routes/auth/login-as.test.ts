import type { UpcomingEventsResponse } from '@servery/contracts/suites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArenaApp, createArenaApp, eventDayOrder, PIZZA } from '../../test/arena';
import { DEMO_PASSWORD } from '../../use-cases/platform/seed-demo-accounts';

// The demo arena's hockey game of 4 December, 19:00 to 21:45 in Edmonton: owner@example.com's suite 1
// (event suite 3980) has a $750 tab. "Now" is during the game unless a test says otherwise.
const GAME = new Date('2026-12-05T03:00:00Z');
// The demo events are placed from the import day (import_day_offset): imported on 24 November.
const IMPORT_DAY = new Date('2026-11-24T18:00:00Z');
let now = IMPORT_DAY;

let t: ArenaApp;
beforeAll(async () => {
  t = await createArenaApp({ now: () => now });
  now = GAME;
});
afterAll(() => t.close());

let keys = 0;
const place = (body: object, token: string) => t.call('POST', '/api/orders', body, { token, key: `login-as-${Date.now()}-${(keys += 1)}` });

describe('POST /api/auth/login-as', () => {
  it('refuses a non-operator, another venue, no event suite, a day that is not event day and a suite without an owner', async () => {
    now = GAME;
    const operator = await t.login('operator@example.com');
    const owner = await t.login('owner@example.com');
    // A diner signed in is told they are not an operator (403), never that their session expired
    // (code 201 would sign them out), whether their token comes as the bearer or as the spec's `token`.
    for (const asked of [
      t.call('POST', '/api/auth/login-as', { eventSuiteId: 3980 }, { token: owner }),
      t.call('POST', '/api/auth/login-as', { eventSuiteId: 3980, token: owner }),
    ]) {
      const refused = await asked;
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403, error: 'NOT_A_SUITE_OPERATOR', message: 'User is not a suite operator.' });
    }
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-as',
      headers: { 'x-restaurant-id': 'northside-arena', authorization: `Bearer ${owner}`, 'accept-language': 'fr-CA' },
      payload: { eventSuiteId: 3980 },
      remoteAddress: '10.6.250.1',
    });
    expect(french.json().message).toBe('L’utilisateur n’est pas un opérateur de loge.');
    // The owner is still signed in.
    expect((await t.call('POST', '/api/catering/suite-owners/get-upcoming-events', {}, { token: owner })).statusCode).toBe(200);
    // No session, or one that is no more: expired (code 201), as everywhere.
    const anonymous = await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3980 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(201);
    expect((await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3980, token: 'x'.repeat(40) })).json().code).toBe(201);
    const noSuite = await t.call('POST', '/api/auth/login-as', {}, { token: operator });
    expect(noSuite.statusCode).toBe(400);
    expect(noSuite.json()).toMatchObject({ error: 'NO_EVENT_SUITE', message: 'Error: no event suite. Choose an event suite first.' });
    const elsewhere = await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3980 }, { token: operator, tenant: 'maple-bistro' });
    expect(elsewhere.json().error).toBe('NOT_A_SUITE_OPERATOR');
    const wrongEmail = await t.call(
      'POST',
      '/api/auth/login-as',
      { eventSuiteId: 3980, suiteOperatorEmail: 'owner@example.com' },
      { token: operator },
    );
    expect(wrongEmail.json().error).toBe('NOT_A_SUITE_OPERATOR');
    // The concert is another day.
    expect((await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3982 }, { token: operator })).json().error).toBe('EVENT_DAY_ONLY');
    now = new Date('2026-12-13T03:00:00Z');
    const ownerless = await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3983 }, { token: operator });
    expect(ownerless.statusCode).toBe(403);
    expect(ownerless.json()).toMatchObject({ error: 'NOT_ASSIGNED_TO_SUITE', message: 'User not assigned to this suite.' });
    now = GAME;
  });

  it('refuses a guest without a usable name and a suite whose event is over', async () => {
    now = GAME;
    const operator = await t.login('operator@example.com');
    const nameless = await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3981, guestName: '<script>' }, { token: operator });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'body.guestName' }] });
    now = new Date('2026-12-05T05:00:00Z');
    const over = await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3981, guestName: 'Sam Guest' }, { token: operator });
    expect(over.json()).toMatchObject({ error: 'TAB_CLOSED' });
    now = GAME;
  });

  it("opens an audited session for the owner that orders for that suite only, records the operator, and cannot touch the owner's account", async () => {
    now = GAME;
    const operator = await t.login('operator@example.com');
    const opened = await t.call(
      'POST',
      '/api/auth/login-as',
      { eventSuiteId: 3980, suiteOperatorEmail: 'operator@example.com' },
      { token: operator },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().user).toMatchObject({
      email: 'owner@example.com',
      suiteOperator: false,
      students: [],
      loginAs: { eventSuiteId: 3980, operator: 'Omar Operator', guestName: null },
    });
    const session = opened.json().token as string;
    const audit = await t.database.db.selectFrom('suite_audit').selectAll().where('action', '=', 'login_as').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ event_suite_id: 3980, restaurant_id: 103 });
    // A restore of the session says the same.
    const restored = await t.call('POST', '/api/auth/get-salata-user-info', { userId: opened.json().user.id, token: session });
    expect(restored.json().user.loginAs).toEqual({ eventSuiteId: 3980, operator: 'Omar Operator', guestName: null });

    // Every order of the session carries the operator's own token.
    const bare = await place(eventDayOrder(3980), session);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ error: 'OPERATOR_TOKEN_REQUIRED' });
    const placed = await place(eventDayOrder(3980, { operatorToken: operator }), session);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order.suite).toMatchObject({ eventSuiteId: 3980, kind: 'event_day', guestName: null });
    expect(order.suite.operatorUserId).toBeGreaterThan(0);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['user_id', 'operator_user_id', 'order_type'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.operator_user_id).toBe(order.suite.operatorUserId);
    expect(row.user_id).toBe(opened.json().user.id);

    // The owner sees who placed it.
    const owner = await t.login('owner@example.com');
    const upcoming = (
      await t.call('POST', '/api/catering/suite-owners/get-upcoming-events', {}, { token: owner })
    ).json() as UpcomingEventsResponse;
    expect(upcoming.events.find((entry) => entry.eventSuiteId === 3980)?.orders).toMatchObject([
      { id: order.id, placedBy: 'operator', kind: 'event_day' },
    ]);

    // Not another suite (the owner's own suite at another event either), not a pre-order, not an
    // order without the suite, not with another operator's token.
    const withToken = (body: ReturnType<typeof eventDayOrder>) => ({ ...body, operatorToken: operator });
    expect((await place(withToken(eventDayOrder(3985)), session)).json().error).toBe('NOT_ASSIGNED_TO_SUITE');
    expect((await place(withToken(eventDayOrder(3981)), session)).json().error).toBe('NOT_ASSIGNED_TO_SUITE');
    const preOrder = withToken(eventDayOrder(3980));
    preOrder.type = 'catering';
    preOrder.data.config.eventDayOrdering = false;
    expect((await place(preOrder, session)).json().error).toBe('NOT_ASSIGNED_TO_SUITE');
    const plain = { ...withToken(eventDayOrder(3980)), data: { ...eventDayOrder(3980).data, config: { tableNum: '12' } } };
    expect((await place(plain, session)).json().error).toBe('NOT_ASSIGNED_TO_SUITE');
    expect((await place(eventDayOrder(3980, { operatorToken: owner }), session)).statusCode).toBe(401);

    // The owner's account is out of reach: e-mail, password, cards, and everything else of theirs.
    for (const [method, url, body] of [
      ['POST', '/api/auth/edit-user', { email: 'operator-was-here@example.com' }],
      ['POST', '/api/auth/edit-user', { password: 'Hijacked1!', currentPassword: DEMO_PASSWORD }],
      ['POST', '/api/auth/payment-method', { card: { number: '4242424242424242', expiry: '1230', cvd: '123' } }],
      ['POST', '/api/auth/delete-payment', { paymentCardId: 'pm_0' }],
      ['POST', '/api/auth/get-user-snapshot', {}],
      [
        'POST',
        '/api/auth/students',
        { firstName: 'Ann', lastName: 'Owner', school: 'Maple', grade: '3', classroom: '3A', teacher: 'Ms. Lee' },
      ],
      ['GET', '/api/auth/user-credits', undefined],
      ['GET', '/api/auth/credit-balances', undefined],
      ['POST', '/api/auth/add-subsidy-code', { code: 'STAFF' }],
      ['POST', '/api/auth/get-past-receipts', {}],
      ['POST', '/api/auth/orders/get-scheduled-orders', {}],
      ['POST', '/api/catering/suite-owners/get-upcoming-events', {}],
      ['POST', '/api/catering/events/auth-get-event-info', { eventSuiteId: 3985 }],
    ] as const) {
      const refused = await t.call(method, url, body, { token: session });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error, url).toBe('LOGIN_AS_FORBIDDEN');
    }
    // The owner's own session still works.
    expect((await t.call('POST', '/api/auth/get-past-receipts', {}, { token: owner })).statusCode).toBe(200);
  });

  it('orders for a guest of the suite who has no account: by name, on the tab, recorded as placed by the operator for the guest', async () => {
    now = GAME;
    const operator = await t.login('operator@example.com');
    const opened = await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3981, guestName: '  Sam   Guest ' }, { token: operator });
    expect(opened.statusCode, opened.body).toBe(200);
    const guest = opened.json();
    expect(guest.user).toMatchObject({
      firstName: 'Sam',
      lastName: 'Guest',
      email: '',
      paymentMethods: [],
      loginAs: { eventSuiteId: 3981, operator: 'Omar Operator', guestName: 'Sam Guest' },
    });
    const order = eventDayOrder(3981, { operatorToken: operator });
    order.data.checkout.contact = { full_name: 'Sam Guest', email: '', phone_number: '' };
    const placed = await place(order, guest.token);
    expect(placed.statusCode, placed.body).toBe(201);
    const view = placed.json().order;
    expect(view.suite).toMatchObject({ eventSuiteId: 3981, kind: 'event_day', guestName: 'Sam Guest', ownerUserId: null });
    const row = await t.database.db
      .selectFrom('orders')
      .select(['user_id', 'operator_user_id'])
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, operator_user_id: view.suite.operatorUserId });
    // The operator's own account is not the guest's: no cards of its, and nothing of its to change.
    const refused = await t.call('POST', '/api/auth/edit-user', { firstName: 'Sam' }, { token: guest.token });
    expect(refused.json().error).toBe('LOGIN_AS_FORBIDDEN');
    const audit = await t.database.db.selectFrom('suite_audit').select('detail').where('event_suite_id', '=', 3981).execute();
    expect(audit.map((entry) => JSON.parse(entry.detail) as { guestName?: string })).toContainEqual(
      expect.objectContaining({ guestName: 'Sam Guest' }),
    );
  });

  it('holds the tab limit across event-day orders placed at once', async () => {
    now = GAME;
    const operator = await t.login('operator@example.com');
    const session = (await t.call('POST', '/api/auth/login-as', { eventSuiteId: 3980 }, { token: operator })).json().token as string;
    const owner = await t.login('owner@example.com');
    const tabOf = async () =>
      (
        (await t.call('POST', '/api/catering/suite-owners/get-upcoming-events', {}, { token: owner })).json() as UpcomingEventsResponse
      ).events.find((entry) => entry.eventSuiteId === 3980)!.tab;
    const before = await tabOf();
    const priced = await t.call('POST', '/api/orders/set-costs', {
      items: [PIZZA],
      costs: { tip: { type: 'percentage', value: '0' } },
      type: 'dine_in',
    });
    const each = priced.json().costs.totalWithTip as number;
    const fits = Math.floor((before.limit! - before.spent) / each);
    expect(fits).toBeGreaterThan(0);
    expect(fits).toBeLessThan(50);

    const answers = await Promise.all(Array.from({ length: 50 }, () => place(eventDayOrder(3980, { operatorToken: operator }), session)));
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(fits);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    for (const answer of refused) expect(answer.json()).toMatchObject({ error: 'TAB_LIMIT_EXCEEDED' });
    const after = await tabOf();
    expect(after.spent).toBe(before.spent + fits * each);
    expect(refused[0]?.json().remaining).toBe(after.remaining);
  });
});
