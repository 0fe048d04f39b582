/**
 * K-12 school meals end to end through HTTP (contracts/school.ts, docs/k12-school-meals.md), on the
 * demo school's own data: pricing a week for two children, the cut-off, the rotation, the parent's
 * students, the one-payment checkout and its idempotency, subsidies, cancelling for credit (443
 * after the cut-off), meals per day under 50 checkouts at once, the production list, and, on a
 * school that takes guests, holidays, the end of the school year and a closure day added on import.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { sumOfLines } from '../../test/costs';
import { CHILI, MILK, PIZZA, schoolLine, SUNBUTTER, TERIYAKI, WRAP } from '../../test/maple-school-menu';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importTenants } from '../../use-cases/platform/import-tenants';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../use-cases/platform/seed-demo-accounts';

const SCHOOL_TEXT = fs.readFileSync(path.join(repoRoot, 'tenants/maple-school.json'), 'utf8');
const SCHOOL_ID = 102;

// Monday 23 November 2026, 10:00 in Toronto: the cut-off is the start of Thursday 26. The rotation
// (from 14 Sep) is in week 1 this week (Thursday: menu 2013, Friday: 2014) and week 2 the next
// (Monday 30: 2015); menu 2017 (snacks and drinks) is on every day.
const MONDAY = new Date('2026-11-23T15:00:00Z');
let now = MONDAY;

const entry = (date: string, studentId: number | null, ...items: Array<ReturnType<typeof schoolLine>>) => ({
  date,
  orderId: Number(date.slice(8)) * 10 + (studentId ?? 0),
  studentId,
  items: items.map((item, index) => ({ ...item, orderId: index + 1 })),
});

let t: TestApp;
let guests: TestApp;
beforeAll(async () => {
  t = await createTestApp([{ name: 'maple-school.json', text: SCHOOL_TEXT }], { now: () => now });
  // The same school taking guests, with a closure on Tuesday 1 December and its year ending Thursday 3.
  const open = JSON.parse(SCHOOL_TEXT) as Record<string, unknown> & { holiday_hours: unknown[] };
  open.k12RequiresLogin = false;
  open.end_of_school_year = '2026-12-03';
  open.holiday_hours = [...open.holiday_hours, { date: '2026-12-01', full_day: true }];
  // Its clock runs ten seconds ahead: the restaurant's id, slug and import time are a cache key in
  // this process (restaurants-repository.ts), which both apps share, so each import here is at its
  // own time (and before this clock, or the content it publishes would not be out yet).
  guests = await createTestApp([{ name: 'maple-school.json', text: JSON.stringify(open) }], {
    now: () => new Date(now.getTime() + 10_000),
  });
});
afterAll(async () => {
  await t.close();
  await guests.close();
});

let people = 0;
interface CallOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
  app?: TestApp;
}
function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, options: CallOptions = {}) {
  return (options.app ?? t).app.inject({
    method,
    url,
    headers: {
      'x-restaurant-id': 'maple-school',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    remoteAddress: `10.12.${Math.floor(people / 200)}.${(people % 200) + 1}`,
    ...(payload && { payload }),
  });
}

interface Parent {
  token: string;
  email: string;
  lea: number;
  noah: number;
}
async function parent(app: TestApp = t): Promise<Parent> {
  people += 1;
  const email = `parent${people}-${Date.now()}@example.com`;
  const registered = await call(
    'POST',
    '/api/auth/register-user',
    { firstName: 'Pat', lastName: 'Parent', email, password: 'Secret12!' },
    { app },
  );
  expect(registered.statusCode, registered.body).toBe(200);
  const token = registered.json().token as string;
  const student = async (firstName: string, grade: string, classroom: string, teacher: string) => {
    const added = await call(
      'POST',
      '/api/auth/students',
      { firstName, lastName: 'Parent', school: 'Maple Grove Public School', grade, classroom, teacher },
      { token, app },
    );
    expect(added.statusCode, added.body).toBe(200);
    return added.json().student.id as number;
  };
  return { token, email, lea: await student('Léa', '2', '102', 'Mr. Dubois'), noah: await student('Noah', '5', '105', 'Ms. Williams') };
}

const contact = (email: string) => ({ full_name: 'Pat Parent', email, phone_number: '416-555-0102' });

async function cardToken(app: TestApp = t): Promise<string> {
  const response = await call(
    'POST',
    '/api/payment/tokenize',
    { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' },
    { app },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

function place(body: object, key: string, options: CallOptions = {}) {
  return call('POST', '/api/orders/create-k12-order', body, { ...options, headers: { 'idempotency-key': key, ...options.headers } });
}

describe('a parent’s students', () => {
  it('are held to the school’s lists, as checkout holds them: a class the school does not have is refused on its field, nothing saved', async () => {
    const { token, lea } = await parent();
    const place = {
      firstName: 'Zoé',
      lastName: 'Parent',
      school: 'Maple Grove Public School',
      grade: '3',
      classroom: '104',
      teacher: 'Mr. Patel',
    };
    for (const [field, value] of [
      ['school', 'Elsewhere Academy'],
      ['grade', '9'],
      ['classroom', '999'],
      ['teacher', 'Dr. Who'],
    ] as const) {
      const added = await call(
        'POST',
        '/api/auth/students',
        { ...place, [field]: value },
        { token, headers: { 'accept-language': 'fr-CA' } },
      );
      expect(added.statusCode, added.body).toBe(400);
      expect(added.json()).toMatchObject({
        error: 'VALIDATION_FAILED',
        message: 'Certaines informations envoyées ne sont pas valides.',
        details: [{ path: `body.${field}`, message: 'notOffered' }],
      });
    }
    const changed = await call('PUT', `/api/auth/students/${lea}`, { ...place, classroom: '999' }, { token });
    expect(changed.statusCode, changed.body).toBe(400);
    const snapshot = await call('POST', '/api/auth/get-user-snapshot', {}, { token });
    const students = snapshot.json().students as Array<{ id: number; classroom: string }>;
    expect(students.map((student) => student.classroom).sort()).toEqual(['102', '105']);
    expect(students.find((student) => student.id === lea)?.classroom).toBe('102');
    // The same child in one of the school's classes is taken.
    expect((await call('POST', '/api/auth/students', place, { token })).statusCode).toBe(200);
  });
});

describe('POST /api/orders/set-k12-costs', () => {
  it('prices each day and child on its own, drops a day past the cut-off with a message, in both languages', async () => {
    const { token, lea, noah } = await parent();
    const body = {
      rotationalMenuOrders: [
        entry('2026-11-27', noah, schoolLine(PIZZA)),
        entry('2026-11-26', lea, schoolLine(WRAP), schoolLine(MILK)),
        entry('2026-11-25', lea, schoolLine(TERIYAKI)),
        entry('2026-11-26', noah, schoolLine(SUNBUTTER)),
      ],
      costs: {},
    };
    const response = await call('POST', '/api/orders/set-k12-costs', body, { token });
    expect(response.statusCode, response.body).toBe(200);
    const costs = response.json();
    expect(costs.orders.map((order: { date: string; studentId: number }) => [order.date, order.studentId])).toEqual([
      ['2026-11-26', lea],
      ['2026-11-26', noah],
      ['2026-11-27', noah],
    ]);
    // School meals and milk carry no tax at this school (their tax rate is 0).
    expect(costs.orders.map((order: { costs: { subtotal: number } }) => order.costs.subtotal)).toEqual([850, 650, 700]);
    const dayTotals = costs.orders.map((order: { costs: { totalWithTip: number } }) => order.costs.totalWithTip);
    expect(costs.total.totalWithTip).toBe(dayTotals.reduce((a: number, b: number) => a + b, 0));
    expect(costs.total.amountDue).toBe(costs.total.totalWithTip);
    expect(costs.dropped).toEqual([{ date: '2026-11-25', orderId: 250 + lea, studentId: lea }]);
    expect(costs.droppedMessage).toBe('Ordering has closed for Wednesday, November 25; removed from your cart.');
    expect(costs.mealLimits).toEqual([]);
    expect(costs.cutoff).toBe('2026-11-26T05:00:00.000Z');

    const french = await call('POST', '/api/orders/set-k12-costs', body, { token, headers: { 'accept-language': 'fr-CA' } });
    expect(french.json().droppedMessage).toBe('Les commandes sont fermées pour mercredi 25 novembre; retiré de votre panier.');
  });

  it('counts meals per child and school day: a third meal, or a day without one, is reported', async () => {
    const { token, lea, noah } = await parent();
    const response = await call(
      'POST',
      '/api/orders/set-k12-costs',
      {
        rotationalMenuOrders: [
          entry('2026-11-26', lea, schoolLine(WRAP, 2), schoolLine(SUNBUTTER)),
          entry('2026-11-26', noah, schoolLine(WRAP, 2), schoolLine(MILK, 3)),
          entry('2026-11-27', lea, schoolLine(MILK)),
        ],
        costs: {},
      },
      { token },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mealLimits).toEqual([
      { date: '2026-11-26', studentId: lea, error: 'MAX_MEALS_PER_CART', limit: 2, meals: 3, message: expect.any(String) },
      { date: '2026-11-27', studentId: lea, error: 'MIN_MEALS_PER_CART', limit: 1, meals: 0, message: expect.any(String) },
    ]);
  });

  it('shows a parent the meals already ordered for each of their children on the week, and nothing to anyone else', async () => {
    const { token, email, lea } = await parent();
    const body = {
      type: 'school',
      data: {
        rotationalMenuOrders: [entry('2026-11-26', lea, schoolLine(WRAP, 2))],
        costs: {},
        checkout: { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) },
      },
    };
    const placed = await place(body, `k12-booked-${people}-${Date.now()}`, { token });
    expect(placed.statusCode, placed.body).toBe(201);
    const week = '/api/rotational-menus?start_date=2026-11-23&end_date=2026-11-27&ordering_menus=false';
    const mine = await call('GET', week, undefined, { token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().booked).toEqual([{ date: '2026-11-26', studentId: lea, meals: 2 }]);
    expect((await call('GET', week)).json().booked).toBeUndefined();
    const other = await parent();
    expect((await call('GET', week, undefined, { token: other.token })).json().booked).toEqual([]);
  });

  it.each<[string, (p: Parent, other: Parent) => object[], number, string]>([
    ['a Saturday', (p) => [entry('2026-11-28', p.lea, schoolLine(MILK))], 400, 'NOT_A_SCHOOL_DAY'],
    ['further ahead than 20 days', (p) => [entry('2026-12-14', p.lea, schoolLine(MILK))], 400, 'NOT_A_SCHOOL_DAY'],
    ['Thursday’s meal on Friday', (p) => [entry('2026-11-27', p.lea, schoolLine(WRAP))], 400, 'ITEM_NOT_ON_DAY_MENU'],
    [
      'one child twice on a day',
      (p) => [entry('2026-11-26', p.lea, schoolLine(WRAP)), entry('2026-11-26', p.lea, schoolLine(MILK))],
      400,
      'K12_DUPLICATE_DAY',
    ],
    ['another parent’s child', (_p, other) => [entry('2026-11-26', other.lea, schoolLine(WRAP))], 404, 'STUDENT_NOT_FOUND'],
  ])('refuses %s', async (_case, entries, status, error) => {
    const [p, other] = [await parent(), await parent()];
    const response = await call(
      'POST',
      '/api/orders/set-k12-costs',
      { rotationalMenuOrders: entries(p, other), costs: {} },
      { token: p.token },
    );
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error).toBe(error);
  });

  it('asks a guest to log in where K-12 requires it, in French too', async () => {
    const response = await call(
      'POST',
      '/api/orders/set-k12-costs',
      { rotationalMenuOrders: [entry('2026-11-26', null, schoolLine(WRAP))], costs: {} },
      { headers: { 'accept-language': 'fr-CA' } },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 401,
      error: 'K12_LOGIN_REQUIRED',
      message: 'Veuillez vous connecter pour commander des repas scolaires.',
    });
  });

  it('reprices every day with the parent’s subsidy code: half off meals only, and back once the code is removed', async () => {
    const { token, lea, noah } = await parent();
    const body = {
      rotationalMenuOrders: [entry('2026-11-26', lea, schoolLine(WRAP), schoolLine(MILK)), entry('2026-11-30', noah, schoolLine(CHILI))],
      costs: {},
    };
    const before = (await call('POST', '/api/orders/set-k12-costs', body, { token })).json();
    const week = '/api/rotational-menus?start_date=2026-11-23&end_date=2026-11-27&ordering_menus=true';
    const priceOf = async (itemId: number) =>
      ((await call('GET', week, undefined, { token })).json().prices as Array<{ itemId: number }>).find((price) => price.itemId === itemId);
    expect(await priceOf(WRAP.id)).toEqual({ itemId: WRAP.id, menuId: WRAP.menu_id, price: 750, subsidized: 750 });
    expect((await call('POST', '/api/auth/add-subsidy-code', { code: 'lunch50-2026' }, { token })).json()).toEqual({
      code: 'LUNCH50-2026',
    });
    // The week's menus are repriced for this parent: meals at half price, the milk as it was.
    expect(await priceOf(WRAP.id)).toEqual({ itemId: WRAP.id, menuId: WRAP.menu_id, price: 750, subsidized: 375 });
    expect(await priceOf(MILK.id)).toMatchObject({ price: 100, subsidized: 100 });
    const after = (await call('POST', '/api/orders/set-k12-costs', body, { token })).json();
    expect(after.orders.map((order: { costs: { subsidyDiscount: { amount: number } } }) => order.costs.subsidyDiscount.amount)).toEqual([
      375, 388,
    ]);
    // The milk keeps its price; only the meals are halved (775 / 2 rounds half up to 388).
    expect(after.orders[0].costs.subtotalDiscounted).toBe(475);
    expect(after.total.totalWithTip).toBe(before.total.totalWithTip - 375 - 388);
    expect((await call('POST', '/api/auth/delete-subsidy-code', {}, { token })).statusCode).toBe(200);
    expect((await call('POST', '/api/orders/set-k12-costs', body, { token })).json().total).toEqual(before.total);
  });
});

describe('a subsidy code sent with the pricing', () => {
  it('applies a listed code for a signed-in parent and says when one is not listed, in both languages', async () => {
    const { token, lea } = await parent();
    const price = (code: string, locale = 'en-CA') =>
      call(
        'POST',
        '/api/orders/set-k12-costs',
        { rotationalMenuOrders: [entry('2026-11-26', lea, schoolLine(WRAP))], costs: { subsidyDiscount: { code } } },
        { token, headers: { 'accept-language': locale } },
      );
    const listed = (await price(' maple-assist ')).json();
    expect(listed.rejected).toEqual([]);
    expect(listed.orders[0].costs.subsidyDiscount).toMatchObject({ code: 'MAPLE-ASSIST', amount: 375 });
    const madeUp = (await price('MADE-UP-1')).json();
    expect(madeUp.rejected).toEqual([
      { field: 'subsidyDiscount', error: 'SUBSIDY_CODE_NOT_FOUND', message: 'This subsidy code is not valid here.' },
    ]);
    expect(madeUp.orders[0].costs.subsidyDiscount).toMatchObject({ type: null, code: null, amount: 0 });
    expect((await price('MADE-UP-2', 'fr-CA')).json().rejected[0].message).toBe('Ce code de subvention n’est pas valide ici.');
  });
});

describe('POST /api/orders/create-k12-order', () => {
  it('keeps each order’s costs whole: its profile detail shows the subsidy, and its lines add up to its total', async () => {
    const { token, email, lea } = await parent();
    const placed = await place(
      {
        data: {
          rotationalMenuOrders: [entry('2026-11-26', lea, schoolLine(WRAP), schoolLine(MILK))],
          costs: { subsidyDiscount: { code: 'MAPLE-ASSIST' } },
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) },
        },
      },
      `k12-detail-${people}`,
      { token },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orders[0].order.id as string;
    const detail = await call('GET', `/api/auth/scheduled-orders/${orderId}`, undefined, { token });
    expect(detail.statusCode, detail.body).toBe(200);
    const { costs, order } = detail.json();
    // The wrap is a meal at half price; the milk is not a meal (issue 30: the detail showed $8.50 and a total of $4.75, no subsidy).
    expect(costs).toMatchObject({ subtotal: 850, subsidyDiscount: { code: 'MAPLE-ASSIST', amount: 375 }, subtotalDiscounted: 475 });
    expect(sumOfLines(costs)).toBe(costs.totalWithTip);
    expect(order.total).toBe(costs.totalWithTip);
  });

  it('places one paid order per day and child, idempotently, lists them and e-mails one receipt naming each', async () => {
    const { token, email, lea, noah } = await parent();
    const body = {
      type: 'school',
      data: {
        rotationalMenuOrders: [
          entry('2026-11-26', lea, schoolLine(WRAP), schoolLine(MILK)),
          entry('2026-11-26', noah, schoolLine(SUNBUTTER)),
          entry('2026-11-27', noah, schoolLine(PIZZA)),
        ],
        costs: {},
        checkout: { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) },
      },
    };
    const key = `k12-${people}-${Date.now()}`;
    const placed = await place(body, key, { token });
    expect(placed.statusCode, placed.body).toBe(201);
    const result = placed.json();
    expect(result.replayed).toBe(false);
    expect(result.orders).toHaveLength(3);
    expect(result.orders.map((order: { date: string; student: { firstName: string } }) => [order.date, order.student.firstName])).toEqual([
      ['2026-11-26', 'Léa'],
      ['2026-11-26', 'Noah'],
      ['2026-11-27', 'Noah'],
    ]);
    const numbers = result.orders.map((order: { order: { number: number } }) => order.order.number);
    expect(new Set(numbers).size).toBe(3);
    expect(result.orders[0].order).toMatchObject({
      type: 'school',
      status: 'placed',
      school: { date: '2026-11-26', student: { classroom: '102' } },
    });
    expect(result.payment).toMatchObject({ method: 'credit_card', brand: 'VISA', last4: '4242', amount: result.total.amountDue });

    // One charge for the whole checkout.
    const ids = result.orders.map((order: { order: { id: string } }) => order.order.id);
    const payments = await t.database.db.selectFrom('payments').select(['amount_cents', 'status']).where('order_id', 'in', ids).execute();
    expect(payments).toEqual([{ amount_cents: result.total.amountDue, status: 'captured' }]);

    // The same key and body: the same orders, nothing charged again. Another body under it: refused.
    const again = await place(body, key, { token });
    expect(again.statusCode).toBe(200);
    expect(again.json().replayed).toBe(true);
    expect(again.json().orders.map((order: { order: { id: string } }) => order.order.id)).toEqual(ids);
    const changed = await place({ ...body, data: { ...body.data, rotationalMenuOrders: body.data.rotationalMenuOrders.slice(1) } }, key, {
      token,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.database.db.selectFrom('payments').select('id').where('order_id', 'in', ids).execute()).toHaveLength(1);

    // Each order can be opened with its own token, and the profile lists them by day and child.
    const opened = await call('GET', `/api/orders/${ids[1]}?token=${result.orders[1].access_token}`);
    expect(opened.json().order.school.student.firstName).toBe('Noah');
    const scheduled = await call('POST', '/api/auth/orders/get-scheduled-orders', {}, { token });
    expect(
      scheduled.json().orders.map((order: { schoolDate: string; studentName: string }) => [order.schoolDate, order.studentName]),
    ).toEqual([
      ['2026-11-26', 'Léa Parent'],
      ['2026-11-26', 'Noah Parent'],
      ['2026-11-27', 'Noah Parent'],
    ]);

    const mail = await t.database.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your school meals at Maple School Meals — Hot lunch program: 3 orders');
    for (const text of [
      'Thursday, November 26, 2026',
      'Friday, November 27, 2026',
      'For Léa Parent (classroom 102, Mr. Dubois)',
      'For Noah Parent',
      'Turkey and cheese wrap',
      'Cheese pizza',
      `#${numbers[2]}`,
    ]) {
      expect(mail[0]!.body).toContain(text);
    }
  });

  it('refuses a day that passed the cut-off with the fresh costs, and a meal limit, charging nothing', async () => {
    const { token, email, lea } = await parent();
    const checkout = { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) };
    const late = await place(
      {
        data: {
          rotationalMenuOrders: [entry('2026-11-25', lea, schoolLine(TERIYAKI)), entry('2026-11-26', lea, schoolLine(WRAP))],
          costs: {},
          checkout,
        },
      },
      `k12-late-${people}`,
      { token },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 409,
      error: 'K12_DATE_PAST_CUTOFF',
      costs: { dropped: [{ date: '2026-11-25' }], orders: [{ date: '2026-11-26' }] },
    });
    const tooMany = await place(
      { data: { rotationalMenuOrders: [entry('2026-11-26', lea, schoolLine(WRAP, 3))], costs: {}, checkout } },
      `k12-many-${people}`,
      { token },
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe('MAX_MEALS_PER_CART');
    expect((await call('POST', '/api/auth/orders/get-scheduled-orders', {}, { token })).json().orders).toEqual([]);
  });

  it('cancels a day for credit until its cut-off, then answers 443; the credit pays the next checkout', async () => {
    const { token, email, lea } = await parent();
    const placed = await place(
      {
        data: {
          rotationalMenuOrders: [
            entry('2026-11-26', lea, schoolLine(WRAP)),
            entry('2026-11-27', lea, schoolLine(PIZZA)),
            entry('2026-11-30', lea, schoolLine(CHILI)),
          ],
          costs: {},
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) },
        },
      },
      `k12-cancel-${people}`,
      { token },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [thursday, friday, monday] = placed.json().orders as Array<{ order: { id: string; costs: { totalWithTip: number } } }>;

    const cancelled = await call('PUT', `/api/auth/orders/cancel-scheduled-order/${thursday!.order.id}`, {}, { token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().credit.amount).toBe(750);

    // Wednesday 25, 10:00: Thursday and Friday have passed the cut-off (the next one is Monday 30).
    now = new Date('2026-11-25T15:00:00Z');
    try {
      const refused = await call(
        'PUT',
        `/api/auth/orders/cancel-scheduled-order/${friday!.order.id}`,
        {},
        { token, headers: { 'accept-language': 'fr-CA' } },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 443,
        error: 'SCHEDULED_ORDER_NOT_CANCELLABLE',
        message: 'Cette commande ne peut plus être annulée.',
      });
      const detail = await call('GET', `/api/auth/scheduled-orders/${monday!.order.id}`, undefined, { token });
      expect(detail.json().cancellable).toBe(true);
      // The $7.50 credit pays for the next checkout: nothing is charged.
      const paidByCredit = await place(
        {
          data: { rotationalMenuOrders: [entry('2026-11-30', lea, schoolLine(MILK, 2))], costs: {}, checkout: { contact: contact(email) } },
        },
        `k12-credit-${people}`,
        { token },
      );
      expect(paidByCredit.statusCode, paidByCredit.body).toBe(201);
      expect(paidByCredit.json().total).toMatchObject({ credits: 200, amountDue: 0 });
      expect(paidByCredit.json().payment.method).toBeNull();
    } finally {
      now = MONDAY;
    }
  });

  it('answers the same checkout sent five times at once with one set of orders and one charge', async () => {
    const { token, email, lea } = await parent();
    const body = {
      data: {
        rotationalMenuOrders: [entry('2026-11-27', lea, schoolLine(PIZZA)), entry('2026-11-30', lea, schoolLine(CHILI))],
        costs: {},
        checkout: { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) },
      },
    };
    const key = `k12-twins-${people}-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(body, key, { token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(answers.flatMap((answer) => answer.json().orders.map((order: { order: { id: string } }) => order.order.id)));
    expect(ids.size).toBe(2);
    const payments = await t.database.db
      .selectFrom('payments')
      .select('amount_cents')
      .where('order_id', 'in', [...ids])
      .execute();
    expect(payments).toEqual([{ amount_cents: 700 + 775 }]);
  });

  it('pays with a saved card', async () => {
    const { token, email, noah } = await parent();
    const saved = await call('POST', '/api/auth/payment-method', { token: await cardToken() }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    const placed = await place(
      {
        data: {
          rotationalMenuOrders: [entry('2026-11-27', noah, schoolLine(PIZZA))],
          costs: {},
          checkout: { paymentMethod: 'credit_card', chosenCreditCard: saved.json().paymentMethod.paymentCardId, contact: contact(email) },
        },
      },
      `k12-saved-${people}`,
      { token },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().payment).toMatchObject({ last4: '4242', amount: 700 });
  });

  it('never passes a child’s meals per day nor charges twice under 50 checkouts at once', async () => {
    const { token, email, noah } = await parent();
    const saved = await call('POST', '/api/auth/payment-method', { token: await cardToken() }, { token });
    const card = saved.json().paymentMethod.paymentCardId as string;
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        place(
          {
            data: {
              rotationalMenuOrders: [entry('2026-11-30', noah, schoolLine(CHILI))],
              costs: {},
              checkout: { paymentMethod: 'credit_card', chosenCreditCard: card, contact: contact(email) },
            },
          },
          `k12-rush-${people}-${index}`,
          { token },
        ),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(48);
    for (const refused of attempts.filter((response) => response.statusCode === 409))
      expect(refused.json().error).toBe('MAX_MEALS_PER_CART');
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('student_id', '=', noah)
      .where('school_date', '=', '2026-11-30')
      .execute();
    expect(orders).toHaveLength(2);
    const payments = await t.database.db
      .selectFrom('payments')
      .select('amount_cents')
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      )
      .execute();
    expect(payments).toEqual([{ amount_cents: 775 }, { amount_cents: 775 }]);
  });
});

describe('the demo parent', () => {
  it('has two children at the school, Léa with her egg allergy', async () => {
    await seedDemoAccounts(t.database.db, MONDAY);
    const login = await call('POST', '/api/auth/login-native', { email: 'parent@example.com', password: DEMO_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(
      login.json().user.students.map((child: { firstName: string; allergens: string[] }) => [child.firstName, child.allergens]),
    ).toEqual([
      ['Léa', ['Egg']],
      ['Noah', []],
    ]);
  });
});

describe('the school production list', () => {
  it('is the day’s meals by item and by class (grade, classroom, teacher), on screen and as CSV, for the school’s staff only', async () => {
    const { token, email, lea, noah } = await parent();
    const placed = await place(
      {
        data: {
          rotationalMenuOrders: [entry('2026-12-03', lea, schoolLine(CHILI))],
          costs: {},
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) },
        },
      },
      `k12-prod-${people}`,
      { token },
    );
    // Thursday 3 December is week 2: pasta day (menu 2010); chili (menu 2015) is not on it.
    expect(placed.json().error).toBe('ITEM_NOT_ON_DAY_MENU');
    const pasta = {
      id: 2100,
      menu_id: 2010,
      section_id: 2050,
      price: 750,
      options: [
        [2500, 2600],
        [2501, 2604],
      ],
    };
    const ok = await place(
      {
        data: {
          rotationalMenuOrders: [
            entry('2026-12-03', lea, schoolLine(pasta), schoolLine(MILK)),
            entry('2026-12-03', noah, schoolLine(pasta, 2)),
          ],
          costs: {},
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken() }, contact: contact(email) },
        },
      },
      `k12-prod2-${people}`,
      { token },
    );
    expect(ok.statusCode, ok.body).toBe(201);

    const url = '/api/staff/school/production.csv?date=2026-12-03';
    expect((await call('GET', url)).statusCode).toBe(401);
    const parentTry = await call('GET', url, undefined, { token });
    expect(parentTry.statusCode).toBe(403);
    expect(parentTry.json().error).toBe('STAFF_ONLY');

    const staff = await parent();
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', staff.email).executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('restaurant_staff')
      .values({ restaurant_id: SCHOOL_ID, user_id: user.id, role: 'staff', created_at: MONDAY.toISOString() })
      .execute();
    const csv = await call('GET', url, undefined, { token: staff.token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="production-maple-school-2026-12-03.csv"');
    expect(csv.body.split('\r\n')).toEqual([
      'Date,Item,School,Grade,Classroom,Teacher,Quantity',
      '2026-12-03,Spaghetti and turkey meatballs,Maple Grove Public School,2,102,Mr. Dubois,1',
      '2026-12-03,Spaghetti and turkey meatballs,Maple Grove Public School,5,105,Ms. Williams,2',
      '2026-12-03,White milk (250 mL),Maple Grove Public School,2,102,Mr. Dubois,1',
      '',
    ]);
    const french = await call('GET', url, undefined, { token: staff.token, headers: { 'accept-language': 'fr-CA' } });
    expect(french.body.split('\r\n')[0]).toBe('Date,Article,École,Année,Classe,Enseignant,Quantité');

    // The same list for the staff screen: each item's total, each class's items; names in French.
    const screen = '/api/staff/school/production?date=2026-12-03';
    expect((await call('GET', screen)).statusCode).toBe(401);
    expect((await call('GET', screen, undefined, { token })).json().error).toBe('STAFF_ONLY');
    const list = await call('GET', screen, undefined, { token: staff.token, headers: { 'accept-language': 'fr-CA' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      date: '2026-12-03',
      zone: 'America/Toronto',
      items: [
        { item: 'Lait blanc (250 ml)', quantity: 1 },
        { item: 'Spaghetti et boulettes de dinde', quantity: 3 },
      ],
      classes: [
        {
          school: 'Maple Grove Public School',
          grade: '2',
          classroom: '102',
          teacher: 'Mr. Dubois',
          items: [
            { item: 'Lait blanc (250 ml)', quantity: 1 },
            { item: 'Spaghetti et boulettes de dinde', quantity: 1 },
          ],
          total: 2,
        },
        {
          school: 'Maple Grove Public School',
          grade: '5',
          classroom: '105',
          teacher: 'Ms. Williams',
          items: [{ item: 'Spaghetti et boulettes de dinde', quantity: 2 }],
          total: 2,
        },
      ],
      total: 4,
    });
    // Without a date: today in the school's zone (Monday 23 November, nothing ordered).
    expect((await call('GET', '/api/staff/school/production', undefined, { token: staff.token })).json()).toEqual({
      date: '2026-11-23',
      zone: 'America/Toronto',
      items: [],
      classes: [],
      total: 0,
    });
  });
});

describe('a school that takes guests', () => {
  const onGuests = (options: CallOptions = {}): CallOptions => ({ ...options, app: guests });
  const guestChild = {
    type: 'school',
    student: 'Sam Guest',
    school: 'Maple Grove Public School',
    grade: '3',
    classroom: '103',
    teacher: 'Mme Roy',
  };

  it('skips the closure day and the days after the end of the school year, the rotation’s weeks unshifted', async () => {
    const days = await call('GET', '/api/rotational-menus?start_date=2026-11-30&end_date=2026-12-06', undefined, onGuests());
    // Week 2 of the rotation on both sides of the closure: Monday chili (2015), Wednesday breakfast
    // (2016), Thursday pasta (2010); the closure skips its day without shifting the weeks.
    expect(days.json().days.map((day: { date: string; menu_ids: number[] }) => [day.date, day.menu_ids])).toEqual([
      ['2026-11-30', [2015, 2017]],
      ['2026-12-02', [2016, 2017]],
      ['2026-12-03', [2010, 2017]],
    ]);
    for (const date of ['2026-12-01', '2026-12-04']) {
      const response = await call(
        'POST',
        '/api/orders/set-k12-costs',
        { rotationalMenuOrders: [entry(date, null, schoolLine(MILK))], costs: {} },
        onGuests(),
      );
      expect(response.json().error, date).toBe('NOT_A_SCHOOL_DAY');
    }
  });

  it('tells a guest that a subsidy code counts only when signed in, whatever the code, and places nothing with one', async () => {
    const price = (code: string, locale = 'en-CA') =>
      call(
        'POST',
        '/api/orders/set-k12-costs',
        { rotationalMenuOrders: [entry('2026-11-27', null, schoolLine(PIZZA))], costs: { subsidyDiscount: { code } } },
        onGuests({ headers: { 'accept-language': locale } }),
      );
    // A listed code and a made-up one get the same answer: a guest learns nothing of the codes.
    for (const code of ['LUNCH50-2026', 'MADE-UP']) {
      const answer = await price(code);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().rejected, code).toEqual([
        {
          field: 'subsidyDiscount',
          error: 'SUBSIDY_CODE_SIGN_IN_REQUIRED',
          message: 'A subsidy code counts only for a signed-in account. Please log in to use yours.',
        },
      ]);
      expect(answer.json().orders[0].costs.subsidyDiscount.amount).toBe(0);
      expect(answer.json().total.amountDue).toBe(700);
    }
    expect((await price('LUNCH50-2026', 'fr-CA')).json().rejected[0].message).toBe(
      'Un code de subvention ne s’applique qu’à un compte connecté. Veuillez vous connecter pour utiliser le vôtre.',
    );
    const placed = await place(
      {
        data: {
          rotationalMenuOrders: [entry('2026-11-27', null, schoolLine(PIZZA))],
          costs: { subsidyDiscount: { code: 'LUNCH50-2026' } },
          checkout: {
            paymentMethod: 'credit_card',
            card: { token: await cardToken(guests) },
            contact: contact('subsidy-guest@example.com'),
            delivery: guestChild,
          },
        },
      },
      `k12-guest-subsidy-${people}`,
      onGuests(),
    );
    expect(placed.statusCode).toBe(400);
    expect(placed.json().error).toBe('SUBSIDY_CODE_SIGN_IN_REQUIRED');
    const stored = await guests.database.db
      .selectFrom('orders')
      .select('id')
      .where('data', 'like', '%subsidy-guest@example.com%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('takes a guest’s order for the child named at checkout, and asks for the child when missing', async () => {
    const data = {
      rotationalMenuOrders: [entry('2026-11-27', null, schoolLine(PIZZA))],
      costs: {},
      checkout: { paymentMethod: 'credit_card', card: { token: await cardToken(guests) }, contact: contact('guest@example.com') },
    };
    const missing = await place({ data }, `k12-guest-missing-${people}`, onGuests());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'K12_STUDENT_REQUIRED', details: [{ path: 'data.checkout.delivery.type' }] });
    const placed = await place(
      { data: { ...data, checkout: { ...data.checkout, delivery: guestChild } } },
      `k12-guest-${people}`,
      onGuests(),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().orders[0].student).toEqual({
      id: null,
      firstName: 'Sam',
      lastName: 'Guest',
      school: 'Maple Grove Public School',
      grade: '3',
      classroom: '103',
      teacher: 'Mme Roy',
    });
    // The guest's order opens with its own secret only (on PostgreSQL the school's scope alone does not
    // show a school order: migration 0024), and the checkout sent again answers the same orders.
    const { order, access_token } = placed.json().orders[0] as { order: { id: string }; access_token: string };
    const shown = await call('GET', `/api/orders/${order.id}?token=${access_token}`, undefined, onGuests());
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().order.delivery).toMatchObject({ type: 'school', student: 'Sam Guest', classroom: '103' });
    const other = await place(
      {
        data: {
          ...data,
          checkout: { ...data.checkout, card: { token: await cardToken(guests) }, delivery: { ...guestChild, student: 'Ivy Other' } },
        },
      },
      `k12-guest-other-${people}`,
      onGuests(),
    );
    expect(other.statusCode, other.body).toBe(201);
    const wrongSecret = await call('GET', `/api/orders/${order.id}?token=${other.json().orders[0].access_token}`, undefined, onGuests());
    expect(wrongSecret.statusCode).toBe(404);
    expect(wrongSecret.body).not.toContain('Sam');
    const again = await place(
      { data: { ...data, checkout: { ...data.checkout, delivery: guestChild } } },
      `k12-guest-${people}`,
      onGuests(),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, orders: [{ order: { id: order.id }, access_token }] });
  });

  it('cancels the orders of a closure day added on import: credit for a parent, a refund for a guest, a notice to each', async () => {
    const family = await parent(guests);
    const parentOrder = await place(
      {
        data: {
          rotationalMenuOrders: [
            entry(
              '2026-12-02',
              family.noah,
              schoolLine({
                id: 2112,
                menu_id: 2016,
                section_id: 2056,
                price: 750,
                options: [
                  [2524, 2684],
                  [2525, 2688],
                ],
              }),
            ),
          ],
          costs: {},
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken(guests) }, contact: contact(family.email) },
        },
      },
      `k12-closure-parent-${people}`,
      onGuests({ token: family.token }),
    );
    expect(parentOrder.statusCode, parentOrder.body).toBe(201);
    const guestOrder = await place(
      {
        data: {
          rotationalMenuOrders: [
            entry(
              '2026-12-02',
              null,
              schoolLine({
                id: 2113,
                menu_id: 2016,
                section_id: 2056,
                price: 700,
                options: [
                  [2526, 2691],
                  [2527, 2695],
                ],
              }),
            ),
          ],
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            card: { token: await cardToken(guests) },
            contact: contact('closure-guest@example.com'),
            delivery: guestChild,
          },
        },
      },
      `k12-closure-guest-${people}`,
      onGuests({ headers: { 'accept-language': 'fr-CA' } }),
    );
    expect(guestOrder.statusCode, guestOrder.body).toBe(201);

    // The school's kitchen display listens for order events.
    const endpointId = `closure-hook-${people}`;
    await guests.database.db
      .insertInto('webhook_endpoints')
      .values({
        id: endpointId,
        restaurant_id: 102,
        url: 'https://kitchen.example.com/hook',
        description: null,
        secret: 'whsec_test',
        created_by: null,
        created_at: now.toISOString(),
      })
      .execute();

    const closed = JSON.parse(SCHOOL_TEXT) as Record<string, unknown> & { holiday_hours: unknown[] };
    closed.k12RequiresLogin = false;
    closed.end_of_school_year = '2026-12-03';
    closed.holiday_hours = [...closed.holiday_hours, { date: '2026-12-01', full_day: true }, { date: '2026-12-02', full_day: true }];
    const imported = await importTenants(
      guests.database.db,
      [{ name: 'maple-school.json', text: JSON.stringify(closed) }],
      new Date(now.getTime() + 2000),
    );
    expect(imported.ok).toBe(true);

    const statuses = await guests.database.db
      .selectFrom('orders')
      .select(['status'])
      .where('id', 'in', [parentOrder.json().orders[0].order.id, guestOrder.json().orders[0].order.id])
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    // Like every status change: an order event with its reason (the board hears of it) and the webhooks' order.cancelled.
    const cancelledIds = [parentOrder.json().orders[0].order.id, guestOrder.json().orders[0].order.id];
    const events = await guests.database.db
      .selectFrom('order_events')
      .select(['order_id', 'type', 'reason', 'actor_user_id'])
      .where('order_id', 'in', cancelledIds)
      .where('type', '=', 'cancelled')
      .execute();
    expect(events.map((event) => event.order_id).sort()).toEqual([...cancelledIds].sort());
    expect(events.every((event) => event.reason === 'school_closure' && event.actor_user_id === null)).toBe(true);
    const hooks = await guests.database.db
      .selectFrom('webhook_deliveries')
      .select(['order_id', 'event_type', 'body'])
      .where('endpoint_id', '=', endpointId)
      .where('event_type', '=', 'cancelled')
      .execute();
    expect(hooks.map((hook) => hook.order_id).sort()).toEqual([...cancelledIds].sort());
    expect(hooks.map((hook) => JSON.parse(hook.body))).toEqual([
      expect.objectContaining({ type: 'order.cancelled', data: expect.objectContaining({ status: 'cancelled', order_type: 'school' }) }),
      expect.objectContaining({ type: 'order.cancelled', data: expect.objectContaining({ status: 'cancelled', order_type: 'school' }) }),
    ]);
    const credits = await call('GET', '/api/auth/user-credits', undefined, onGuests({ token: family.token }));
    expect(credits.json().credits.balance).toBe(750);
    const refunded = await guests.database.db
      .selectFrom('payments')
      .select(['status', 'refunded_cents'])
      .where('order_id', '=', guestOrder.json().orders[0].order.id)
      .executeTakeFirstOrThrow();
    expect(refunded.refunded_cents).toBe(guestOrder.json().total.amountDue);

    const notices = await guests.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body'])
      .where((eb) => eb.or([eb('subject', 'like', '%2 d_cembre%'), eb('subject', 'like', '%December 2%')]))
      .execute();
    expect(notices.map((notice) => notice.recipient).sort()).toEqual(['closure-guest@example.com', family.email].sort());
    const french = notices.find((notice) => notice.recipient === 'closure-guest@example.com')!;
    expect(french.subject).toBe(
      'Maple School Meals — Hot lunch program : fermé le mercredi 2 décembre, votre commande de repas est annulée',
    );
    expect(french.body).toContain('a été remboursé sur la carte');
    expect(notices.find((notice) => notice.recipient === family.email)!.body).toContain('was added to your account as credit');
  });
  it('names a meal taken off a school day on import to the families who ordered it, once', async () => {
    const family = await parent(guests);
    const placed = await place(
      {
        data: {
          rotationalMenuOrders: [entry('2026-11-30', family.lea, schoolLine(CHILI))],
          costs: {},
          checkout: { paymentMethod: 'credit_card', card: { token: await cardToken(guests) }, contact: contact(family.email) },
        },
      },
      `k12-removed-${people}`,
      onGuests({ token: family.token }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    // A guest's order of the same meal, in French: no account to cancel it from.
    const guestPlaced = await place(
      {
        data: {
          rotationalMenuOrders: [entry('2026-11-30', null, schoolLine(CHILI))],
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            card: { token: await cardToken(guests) },
            contact: contact('removed-guest@example.com'),
            delivery: guestChild,
          },
        },
      },
      `k12-removed-guest-${people}`,
      onGuests({ headers: { 'accept-language': 'fr-CA' } }),
    );
    expect(guestPlaced.statusCode, guestPlaced.body).toBe(201);

    type Menus = { menu_groups: Array<{ menus: Array<{ id: number; sections?: Array<{ items: Array<{ id: number }> }> }> }> };
    const changed = JSON.parse(SCHOOL_TEXT) as Record<string, unknown> & Menus & { holiday_hours: unknown[] };
    changed.k12RequiresLogin = false;
    changed.end_of_school_year = '2026-12-03';
    changed.holiday_hours = [...changed.holiday_hours, { date: '2026-12-01', full_day: true }, { date: '2026-12-02', full_day: true }];
    for (const menu of changed.menu_groups[0]!.menus)
      for (const section of menu.sections ?? []) section.items = section.items.filter((item) => item.id !== CHILI.id);
    const notices = () =>
      guests.database.db
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where('recipient', '=', family.email)
        .where('subject', 'like', '%off the menu%')
        .execute();
    for (const offset of [3000, 4000]) {
      const imported = await importTenants(
        guests.database.db,
        [{ name: 'maple-school.json', text: JSON.stringify(changed) }],
        new Date(now.getTime() + offset),
      );
      expect(imported.ok).toBe(true);
    }
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('Beef and bean chili with cornbread is no longer on the menu for Monday, November 30');
    // What the family can really do: an order is not edited, only cancelled for credit, then ordered again.
    expect(told[0]!.body).toContain(
      'The order stands as placed. To choose another meal, cancel it for credit under Scheduled orders in your profile before ordering closes for that day, then order again.',
    );
    expect(told[0]!.body).not.toMatch(/change the order/i);
    const [guestNotice] = await guests.database.db
      .selectFrom('outbox')
      .select(['body'])
      .where('recipient', '=', 'removed-guest@example.com')
      .where('subject', 'like', '%n’est plus au menu%')
      .execute();
    expect(guestNotice!.body).toContain(
      'La commande reste telle qu’elle a été passée. Une commande passée sans compte ne peut être ni modifiée ni annulée en ligne : pour la changer, communiquez avec l’école à lunch@maple-school.example.com.',
    );
    const order = await guests.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', placed.json().orders[0].order.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('placed');
  });
});
