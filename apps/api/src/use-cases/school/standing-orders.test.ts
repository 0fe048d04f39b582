/**
 * K-12 "repeat this week" and standing weekly orders (decision 0118) on the demo school, on the
 * database the tests run on (SQLite, or PostgreSQL with DATABASE_URL), with receipts and notices
 * relayed to a real SMTP server started here. The job runs at the instant the test says; twice at
 * once, as two server processes would.
 *
 * Monday 23 November 2026, 10:00 in Toronto: the cut-off is the start of Thursday 26. The rotation is
 * in week 1 (Thursday: menu 2013, the wrap; Friday: 2014, pizza) and week 2 the next (Monday 30: chili
 * 2015; Thursday 3 December: pasta 2010, no wrap; Friday 4: pizza again). Menu 2017 (milk) every day.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepeatWeekResponse, StandingOrdersResponse } from '@servery/contracts/standing-orders';
import { repoRoot } from '../../config';
import { openDatabase, type Db } from '../../db/database';
import { updateStandingOrder } from '../../db/standing-orders-repository';
import { smtpTransport } from '../../ports/smtp-relay';
import { createTestApp, type TestApp } from '../../test/test-app';
import { relayDueMessages } from '../platform/relay-deliveries';
import { placeDueStandingOrders } from './standing-order-job';
import {
  CHILI as SCHOOL_CHILI,
  MILK as SCHOOL_MILK,
  PASTA as SCHOOL_PASTA,
  PIZZA as SCHOOL_PIZZA,
  schoolOptions,
  SUNBUTTER,
  WRAP as SCHOOL_WRAP,
  type SchoolItem,
} from '../../test/maple-school-menu';

const SCHOOL_TEXT = fs.readFileSync(path.join(repoRoot, 'tenants/maple-school.json'), 'utf8');
const MONDAY = new Date('2026-11-23T15:00:00Z');
const NEXT_MONDAY = new Date('2026-11-30T15:00:00Z');
let now = MONDAY;

/** A standing order's line of a maple-school item: one, with its first free choices. */
const standingLine = (item: SchoolItem) => ({
  id: item.id,
  menu_id: item.menu_id,
  section_id: item.section_id,
  quantity: 1,
  orderOptions: schoolOptions(item),
});
const WRAP = standingLine(SCHOOL_WRAP);
const PIZZA = standingLine(SCHOOL_PIZZA);
const MILK = standingLine(SCHOOL_MILK);

const arrived: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      arrived.push(raw);
      callback();
    });
  },
});
let smtpPort = 0;
let t: TestApp;
let second: Db;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp([{ name: 'maple-school.json', text: SCHOOL_TEXT }], { now: () => now });
  second = t.database.dialect === 'sqlite' ? t.database : openDatabase(t.database.url, { outsideScope: 'owner' });
});
afterAll(async () => {
  if (second !== t.database) await second.close();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const services = () => ({ ports: t.app.ports, publicUrl: 'https://school.servery.example' });
const quiet = { info: () => undefined, warn: () => undefined };

/** Relays the outbox to the SMTP server; the subjects that arrived for this address. */
async function mailTo(address: string): Promise<string[]> {
  const email = smtpTransport({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'Servery <orders@servery.example>', timeoutMs: 5000 });
  const policy = { maxAttempts: 3, baseDelaySeconds: 30, maxDelaySeconds: 600 };
  await relayDueMessages(t.database.db, { email, sms: null }, { policy, leaseSeconds: 60, batch: 50 }, quiet, now);
  email.close();
  return arrived
    .filter((raw) => raw.toLowerCase().includes(`to: ${address.toLowerCase()}`))
    .map((raw) => /^Subject: (.*)$/im.exec((raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '')
    .map((subject) =>
      subject
        .replace(/\?=\s+=\?/g, '?==?')
        .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, word: string) =>
          kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : word.replace(/_/g, ' '),
        ),
    );
}

let people = 0;
function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token?: string, key?: string) {
  people += 1;
  return t.app.inject({
    method,
    url,
    headers: {
      'x-restaurant-id': 'maple-school',
      ...(token && { authorization: `Bearer ${token}` }),
      ...(key && { 'idempotency-key': key }),
    },
    remoteAddress: `10.38.${Math.floor(people / 200)}.${(people % 200) + 1}`,
    ...(payload && { payload }),
  });
}

interface Parent {
  token: string;
  email: string;
  child: number;
  card: string;
}
async function parent(cardNumber = '4242424242424242'): Promise<Parent> {
  const email = `standing${people}-${Date.now()}@example.com`;
  const registered = await call('POST', '/api/auth/register-user', {
    firstName: 'Pat',
    lastName: 'Parent',
    email,
    password: 'Secret12!',
    phoneNumber: '416-555-0102',
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const token = registered.json().token as string;
  const student = await call(
    'POST',
    '/api/auth/students',
    { firstName: 'Noah', lastName: 'Parent', school: 'Maple Grove Public School', grade: '5', classroom: '105', teacher: 'Ms. Williams' },
    token,
  );
  expect(student.statusCode, student.body).toBe(200);
  const saved = await call(
    'POST',
    '/api/auth/payment-method',
    { card: { number: cardNumber, expiry: '1230', cvd: '123', postal_code: 'M2N 5N8' } },
    token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { token, email, child: student.json().student.id as number, card: saved.json().paymentMethod.paymentCardId as string };
}

const priced = (line: typeof WRAP | typeof MILK, price: number, orderId = 1) => ({ ...line, orderId, orderPrice: price });

async function placeOwn(who: Parent, entries: Array<{ date: string; items: Array<ReturnType<typeof priced>> }>) {
  const placed = await call(
    'POST',
    '/api/orders/create-k12-order',
    {
      data: {
        rotationalMenuOrders: entries.map((entry, index) => ({ ...entry, orderId: index + 1, studentId: who.child })),
        costs: {},
        checkout: {
          paymentMethod: 'credit_card',
          chosenCreditCard: who.card,
          contact: { full_name: 'Pat Parent', email: who.email, phone_number: '416-555-0102' },
        },
      },
    },
    who.token,
    `own-${people}-${Date.now()}`,
  );
  expect(placed.statusCode, placed.body).toBe(201);
}

async function standing(who: Parent): Promise<StandingOrdersResponse> {
  const answer = await call('GET', '/api/auth/standing-orders', undefined, who.token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const paymentsOf = async (who: Parent) =>
  t.database.db
    .selectFrom('orders')
    .innerJoin('payments', 'payments.order_id', 'orders.id')
    .select(['orders.school_date', 'payments.amount_cents'])
    .where('orders.student_id', '=', who.child)
    .orderBy('orders.school_date')
    .execute();

describe('repeat this week', () => {
  it('fills the next open week with the same meals where still on that day’s menu, and names the rest', async () => {
    now = MONDAY;
    const who = await parent();
    await placeOwn(who, [
      { date: '2026-11-26', items: [priced(WRAP, 750)] },
      { date: '2026-11-27', items: [priced(PIZZA, 700), priced(MILK, 100, 2)] },
    ]);
    const answer = await call('POST', '/api/auth/school/repeat-week', { studentId: who.child, week: '2026-11-26' }, who.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const repeat: RepeatWeekResponse = answer.json();
    expect(repeat.week).toBe('2026-11-30');
    expect(repeat.orders).toEqual([
      {
        date: '2026-12-04',
        orderId: 1,
        studentId: who.child,
        items: [
          { ...PIZZA, orderId: 1, orderPrice: 700 },
          { ...MILK, orderId: 2, orderPrice: 100 },
        ],
      },
    ]);
    expect(repeat.leftOut).toEqual([{ date: '2026-11-26', item: 'Turkey and cheese wrap with tomato soup', reason: 'NOT_ON_MENU' }]);
    // Nothing was placed: the parent reviews and pays.
    const placed = await t.database.db.selectFrom('orders').select('school_date').where('student_id', '=', who.child).execute();
    expect(placed.map((row) => row.school_date).sort()).toEqual(['2026-11-26', '2026-11-27']);
    // Another parent's child is not found.
    const stranger = await parent();
    expect(
      (await call('POST', '/api/auth/school/repeat-week', { studentId: who.child, week: '2026-11-26' }, stranger.token)).statusCode,
    ).toBe(404);
  });

  it('leaves out a meal over the day’s limit, counting the meals already ordered that day', async () => {
    now = MONDAY;
    const who = await parent();
    await placeOwn(who, [{ date: '2026-11-27', items: [priced(PIZZA, 700)] }]);
    await placeOwn(who, [{ date: '2026-12-04', items: [priced({ ...PIZZA, quantity: 2 }, 1400)] }]);
    const answer = await call('POST', '/api/auth/school/repeat-week', { studentId: who.child, week: '2026-11-23' }, who.token);
    const repeat: RepeatWeekResponse = answer.json();
    expect(repeat.orders).toEqual([]);
    expect(repeat.leftOut).toEqual([{ date: '2026-11-27', item: 'Cheese pizza (2 slices)', reason: 'MAX_MEALS_PER_CART' }]);
  });
});

describe('a standing weekly order', () => {
  it('places each due day once with the saved card and a receipt, even when the job runs twice at once', async () => {
    now = MONDAY;
    const who = await parent();
    const saved = await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: who.card, pattern: { thursday: [WRAP], friday: [PIZZA, MILK] } },
      who.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().standingOrder.upcoming.slice(0, 3)).toEqual([
      { date: '2026-11-26', state: 'due' },
      { date: '2026-11-27', state: 'due' },
      // Thursday 3 December is week 2's pasta day: no wrap there, so not a day of week 2's pattern.
      { date: '2026-12-04', state: 'scheduled' },
    ]);
    const runs = await Promise.all([placeDueStandingOrders(t.database, services(), now), placeDueStandingOrders(second, services(), now)]);
    expect(runs.reduce((sum, run) => sum + run.placed, 0)).toBeGreaterThanOrEqual(2);
    expect(await paymentsOf(who)).toEqual([
      { school_date: '2026-11-26', amount_cents: 750 },
      { school_date: '2026-11-27', amount_cents: 800 },
    ]);
    // Again: nothing more.
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toHaveLength(2);
    const cards = await t.database.db
      .selectFrom('payments')
      .select('last4')
      .where('order_id', 'in', t.database.db.selectFrom('orders').select('id').where('student_id', '=', who.child))
      .execute();
    expect(cards.map((card) => card.last4)).toEqual(['4242', '4242']);
    const subjects = await mailTo(who.email);
    expect(subjects).toHaveLength(2);
    const view = (await standing(who)).standingOrders[0]!;
    expect(view.history.map((entry) => [entry.date, entry.status, entry.amount])).toEqual([
      ['2026-11-27', 'placed', 800],
      ['2026-11-26', 'placed', 750],
    ]);
    // Week 1 of the cycle as given; week 2 started from it with what its menus have (no wrap on its Thursday).
    expect(view.weeks.map((week) => [week.week, week.days.map((day) => [day.weekday, day.lines.map((line) => line.name)])])).toEqual([
      [
        1,
        [
          ['thursday', ['Turkey and cheese wrap with tomato soup']],
          ['friday', ['Cheese pizza (2 slices)', 'White milk (250 mL)']],
        ],
      ],
      [2, [['friday', ['Cheese pizza (2 slices)', 'White milk (250 mL)']]]],
    ]);
  });

  it('skips a skipped day, records an unavailable meal without a charge and tells the parent', async () => {
    now = MONDAY;
    const who = await parent();
    expect(
      (
        await call(
          'PUT',
          `/api/auth/standing-orders/${who.child}`,
          { paymentCardId: who.card, pattern: { thursday: [WRAP], friday: [PIZZA] } },
          who.token,
        )
      ).statusCode,
    ).toBe(200);
    const skipped = await call(
      'POST',
      `/api/auth/standing-orders/${who.child}/skip`,
      { date: '2026-11-27', scope: 'day', skip: true },
      who.token,
    );
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().standingOrder.upcoming[1]).toEqual({ date: '2026-11-27', state: 'skipped' });
    const skippedWeek = await call(
      'POST',
      `/api/auth/standing-orders/${who.child}/skip`,
      { date: '2026-12-02', scope: 'week', skip: true },
      who.token,
    );
    expect(skippedWeek.json().standingOrder.skippedWeeks).toEqual(['2026-11-30']);
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toEqual([{ school_date: '2026-11-26', amount_cents: 750 }]);
    // A week later, the week skipped is left alone; then unskipped, Thursday 3 December (rotation week 2,
    // pasta day) is not in week 2's pattern: only Friday is placed.
    now = NEXT_MONDAY;
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toHaveLength(1);
    await call('POST', `/api/auth/standing-orders/${who.child}/skip`, { date: '2026-11-30', scope: 'week', skip: false }, who.token);
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toEqual([
      { school_date: '2026-11-26', amount_cents: 750 },
      { school_date: '2026-12-04', amount_cents: 700 },
    ]);
    const history = (await standing(who)).standingOrders[0]!.history;
    expect(history.map((entry) => [entry.date, entry.status, entry.error])).toEqual([
      ['2026-12-04', 'placed', null],
      ['2026-11-26', 'placed', null],
    ]);
    now = MONDAY;
  });

  it('a standing order made before patterns per week (one pattern stored) still fails and reports a day whose menu lacks the meal', async () => {
    now = NEXT_MONDAY;
    const who = await parent();
    await call('PUT', `/api/auth/standing-orders/${who.child}`, { paymentCardId: who.card, pattern: { thursday: [WRAP] } }, who.token);
    // As migration 0038's rows hold it: one pattern, every week.
    await t.database.db
      .updateTable('standing_orders')
      .set({ pattern: JSON.stringify({ thursday: [WRAP] }) })
      .where('student_id', '=', who.child)
      .execute();
    const view = (await standing(who)).standingOrders[0]!;
    expect(view.weeks.map((week) => Object.keys(week.pattern))).toEqual([['thursday'], ['thursday']]);
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toEqual([]);
    expect((await standing(who)).standingOrders[0]!.history.map((entry) => [entry.date, entry.status, entry.error])).toEqual([
      ['2026-12-03', 'failed', 'ITEM_UNAVAILABLE'],
    ]);
    const subjects = await mailTo(who.email);
    expect(subjects.filter((subject) => subject.includes('was not placed'))).toHaveLength(1);
    now = MONDAY;
  });

  it('respects the day’s meal limit with meals already ordered, and a declined card: recorded, never charged, never retried', async () => {
    now = MONDAY;
    const full = await parent();
    await placeOwn(full, [{ date: '2026-11-27', items: [priced({ ...PIZZA, quantity: 2 }, 1400)] }]);
    await call('PUT', `/api/auth/standing-orders/${full.child}`, { paymentCardId: full.card, pattern: { friday: [PIZZA] } }, full.token);
    const broke = await parent('4000000000009995');
    await call(
      'PUT',
      `/api/auth/standing-orders/${broke.child}`,
      { paymentCardId: broke.card, pattern: { thursday: [WRAP] } },
      broke.token,
    );
    await placeDueStandingOrders(t.database, services(), now);
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(full)).toHaveLength(1);
    expect((await standing(full)).standingOrders[0]!.history.map((entry) => [entry.date, entry.status, entry.error])).toEqual([
      ['2026-11-27', 'failed', 'MAX_MEALS_PER_CART'],
    ]);
    expect(await paymentsOf(broke)).toEqual([]);
    const brokeHistory = (await standing(broke)).standingOrders[0]!.history;
    expect(brokeHistory).toHaveLength(1);
    expect(brokeHistory[0]).toMatchObject({ date: '2026-11-26', status: 'failed' });
    expect((await mailTo(broke.email)).filter((subject) => subject.includes('was not placed'))).toHaveLength(1);
  });

  it('pauses, and is deleted (what it placed stays)', async () => {
    now = MONDAY;
    const who = await parent();
    await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: who.card, pattern: { thursday: [WRAP] }, paused: true },
      who.token,
    );
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toEqual([]);
    expect((await standing(who)).standingOrders[0]!.upcoming[0]).toEqual({ date: '2026-11-26', state: 'paused' });
    expect((await call('DELETE', `/api/auth/standing-orders/${who.child}`, undefined, who.token)).statusCode).toBe(200);
    expect((await standing(who)).standingOrders).toEqual([]);
    // Another parent's card is not found.
    const other = await parent();
    const refused = await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: other.card, pattern: { thursday: [WRAP] } },
      who.token,
    );
    expect(refused.statusCode).toBe(404);
  });
});

const CHILI = standingLine(SCHOOL_CHILI);
const PASTA = standingLine(SCHOOL_PASTA);
const SANDWICH = standingLine(SUNBUTTER);

/** The child's standing order made with Friday's pizza as rotation week 1's pattern. */
const standOnFridayPizza = (who: Parent) =>
  call(
    'PUT',
    `/api/auth/standing-orders/${who.child}`,
    { paymentCardId: who.card, pattern: { friday: [PIZZA] }, rotationWeek: 1 },
    who.token,
  );
/** The version of the parent's standing order for the child as the screen reads it (0: none). */
const versionOf = async (who: Parent, child = who.child) =>
  (await standing(who)).standingOrders.find((entry) => entry.studentId === child)?.version ?? 0;
/** A day saved as the screen does: from the version just read, unless one is named. */
const putDay = async (who: Parent, week: number, weekday: string, lines: object[], child = who.child, version?: number) =>
  call(
    'PUT',
    `/api/auth/standing-orders/${child}/weeks/${week}/days/${weekday}`,
    { lines, version: version ?? (await versionOf(who, child)) },
    who.token,
  );
const patternNames = (view: StandingOrdersResponse['standingOrders'][number]) =>
  view.weeks.map((week) => week.days.map((day) => `${day.weekday}: ${day.lines.map((line) => line.name).join(', ')}`));

describe('a pattern per rotation week, edited meal by meal', () => {
  it('places each date with its rotation week’s pattern, each day once even when the job runs twice at once', async () => {
    now = MONDAY;
    const who = await parent();
    const saved = await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: who.card, pattern: { thursday: [WRAP], friday: [PIZZA] }, rotationWeek: 1 },
      who.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // Week 2 from the menu: chili on Monday, pasta on Thursday, no pizza on Friday.
    expect((await putDay(who, 2, 'monday', [CHILI])).statusCode).toBe(200);
    expect((await putDay(who, 2, 'thursday', [PASTA])).statusCode).toBe(200);
    const edited = await putDay(who, 2, 'friday', []);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(patternNames(edited.json().standingOrder)).toEqual([
      ['thursday: Turkey and cheese wrap with tomato soup', 'friday: Cheese pizza (2 slices)'],
      ['monday: Beef and bean chili with cornbread', 'thursday: Spaghetti and turkey meatballs'],
    ]);
    expect(edited.json().standingOrder.upcoming.map((day: { date: string }) => day.date)).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-03',
    ]);
    const runs = await Promise.all([placeDueStandingOrders(t.database, services(), now), placeDueStandingOrders(second, services(), now)]);
    expect(runs.reduce((sum, run) => sum + run.placed, 0)).toBe(3);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
    now = NEXT_MONDAY;
    await Promise.all([placeDueStandingOrders(t.database, services(), now), placeDueStandingOrders(second, services(), now)]);
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toEqual([
      { school_date: '2026-11-26', amount_cents: 750 },
      { school_date: '2026-11-27', amount_cents: 700 },
      { school_date: '2026-11-30', amount_cents: 775 },
      { school_date: '2026-12-03', amount_cents: 750 },
    ]);
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['school_date'])
      .where('student_id', '=', who.child)
      .orderBy('school_date')
      .execute();
    expect(rows.map((row) => row.school_date)).toEqual(['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-03']);
    now = MONDAY;
  });

  it('changes, adds and removes one weekday’s meal by the day’s menu and meal limit, and only on the parent’s own order', async () => {
    now = MONDAY;
    const who = await parent();
    await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: who.card, pattern: { thursday: [WRAP], friday: [PIZZA] }, rotationWeek: 1 },
      who.token,
    );
    const cases: Array<[string, number, string, object[], number, string | null]> = [
      ['a meal not on that weekday’s menu that week (no wrap on week 2’s Thursday)', 2, 'thursday', [WRAP], 409, 'ITEM_UNAVAILABLE'],
      ['over the meals per day', 1, 'friday', [{ ...PIZZA, quantity: 3 }], 409, 'STANDING_DAY_TOO_MANY_MEALS'],
      ['over the meals per day across two meals', 1, 'thursday', [WRAP, { ...SANDWICH, quantity: 2 }], 409, 'STANDING_DAY_TOO_MANY_MEALS'],
      ['a required choice missing', 2, 'monday', [{ ...CHILI, orderOptions: [] }], 400, 'INVALID_OPTIONS'],
      ['a week past the cycle', 3, 'monday', [CHILI], 404, null],
      ['changed: the sandwich instead of the wrap', 1, 'thursday', [SANDWICH], 200, null],
      ['added: milk beside the pizza', 1, 'friday', [PIZZA, MILK], 200, null],
      [
        'added where the menu lists it under another menu: its place is taken from that day',
        2,
        'monday',
        [{ ...CHILI, menu_id: 2013 }],
        200,
        null,
      ],
    ];
    for (const [label, week, weekday, lines, status, error] of cases) {
      const answer = await putDay(who, week, weekday, lines);
      expect(answer.statusCode, `${label}: ${answer.body}`).toBe(status);
      if (error) expect(answer.json().error, label).toBe(error);
    }
    const removed = await putDay(who, 1, 'thursday', []);
    const view = removed.json().standingOrder;
    expect(patternNames(view)).toEqual([
      ['friday: Cheese pizza (2 slices), White milk (250 mL)'],
      ['monday: Beef and bean chili with cornbread', 'friday: Cheese pizza (2 slices)'],
    ]);
    expect(view.weeks[1].pattern.monday[0].menu_id).toBe(2015);
    // Another parent cannot edit this child's order, nor does one without a standing order have a day to edit.
    const stranger = await parent();
    expect((await putDay(stranger, 1, 'friday', [PIZZA], who.child)).statusCode).toBe(404);
    expect((await putDay(stranger, 1, 'friday', [PIZZA])).statusCode).toBe(404);
    // The screen's menus: each weekday of each rotation week, with the choices, in the request's language.
    const list = await standing(who);
    expect(list.cycle).toEqual({ weeks: 2, current: 1 });
    const monday2 = list.menus.find((entry) => entry.week === 2 && entry.weekday === 'monday')!;
    const chili = monday2.items.find((item) => item.id === 2110)!;
    expect(chili).toMatchObject({ name: 'Beef and bean chili with cornbread', price: 775, meal: true });
    expect(chili.groups.map((group) => [group.id, group.required, group.values.length])).toEqual([
      [2520, true, 4],
      [2521, true, 3],
    ]);
  });

  it('fills a rotation week from a week ordered in it, leaving the other week as it was', async () => {
    now = MONDAY;
    const who = await parent();
    await placeOwn(who, [{ date: '2026-11-30', items: [{ ...CHILI, orderId: 1, orderPrice: 775 }] }]);
    await standOnFridayPizza(who);
    const list = await standing(who);
    expect(list.orderedWeeks).toEqual([{ studentId: who.child, week: '2026-11-30', days: 1, rotationWeek: 2 }]);
    const filled = await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: who.card, fromWeek: '2026-11-30' },
      who.token,
    );
    expect(filled.statusCode, filled.body).toBe(200);
    expect(patternNames(filled.json().standingOrder)).toEqual([
      ['friday: Cheese pizza (2 slices)'],
      ['monday: Beef and bean chili with cornbread'],
    ]);
  });
});

describe('another saved card for a standing order', () => {
  it('pays with another of the parent’s own cards; another parent’s card is refused', async () => {
    now = MONDAY;
    const who = await parent();
    await call('PUT', `/api/auth/standing-orders/${who.child}`, { paymentCardId: who.card, pattern: { friday: [PIZZA] } }, who.token);
    const other = await call(
      'POST',
      '/api/auth/payment-method',
      { card: { number: '5555555555554444', expiry: '1230', cvd: '123', postal_code: 'M2N 5N8' } },
      who.token,
    );
    expect(other.statusCode, other.body).toBe(200);
    const mastercard = other.json().paymentMethod.paymentCardId as string;
    const stranger = await parent();
    const refused = await call('PATCH', `/api/auth/standing-orders/${who.child}`, { paymentCardId: stranger.card }, who.token);
    expect(refused.statusCode).toBe(404);
    // Nor can the stranger move this child's order onto their own card.
    expect(
      (await call('PATCH', `/api/auth/standing-orders/${who.child}`, { paymentCardId: stranger.card }, stranger.token)).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/api/auth/standing-orders/${who.child}`, {}, who.token)).statusCode).toBe(400);
    const changed = await call('PATCH', `/api/auth/standing-orders/${who.child}`, { paymentCardId: mastercard }, who.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().standingOrder).toMatchObject({ paymentCardId: mastercard, card: { last4: '4444' }, paused: false });
    expect(patternNames(changed.json().standingOrder)).toEqual([['friday: Cheese pizza (2 slices)'], ['friday: Cheese pizza (2 slices)']]);
    await placeDueStandingOrders(t.database, services(), now);
    const cards = await t.database.db
      .selectFrom('payments')
      .select('last4')
      .where('order_id', 'in', t.database.db.selectFrom('orders').select('id').where('student_id', '=', who.child))
      .execute();
    expect(cards.map((card) => card.last4)).toEqual(['4444']);
    const paused = await call('PATCH', `/api/auth/standing-orders/${who.child}`, { paused: true }, who.token);
    expect(paused.json().standingOrder).toMatchObject({ paymentCardId: mastercard, paused: true });
  });
});

// Two tabs (or two windows) on one standing order: each save names the version its page read.
describe('a standing order changed in another window', () => {
  const friday = async (who: Parent) =>
    patternNames((await standing(who)).standingOrders.find((entry) => entry.studentId === who.child)!)[0]![0];

  it('refuses a save from a version read before another save, in the parent’s language, and changes nothing', async () => {
    now = MONDAY;
    const who = await parent();
    const made = await standOnFridayPizza(who);
    const read = made.json().standingOrder.version as number;
    // Tab A saves Friday; tab B, still showing the version before, saves Friday too.
    const first = await putDay(who, 1, 'friday', [PIZZA, MILK], who.child, read);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().standingOrder.version).toBeGreaterThan(read);
    const stale = await putDay(who, 1, 'friday', [{ ...PIZZA, quantity: 2 }], who.child, read);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'STANDING_ORDER_CHANGED',
      message: 'This standing order was changed in another window. It has been reloaded: check it and save again.',
    });
    expect(await friday(who)).toBe('friday: Cheese pizza (2 slices), White milk (250 mL)');
    const french = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/standing-orders/${who.child}/weeks/1/days/friday`,
      headers: { 'x-restaurant-id': 'maple-school', authorization: `Bearer ${who.token}`, 'accept-language': 'fr-CA' },
      payload: { lines: [], version: read },
    });
    expect(french.json()).toMatchObject({
      error: 'STANDING_ORDER_CHANGED',
      message:
        'Cette commande hebdomadaire a été modifiée dans une autre fenêtre. Elle a été rechargée : vérifiez-la et enregistrez de nouveau.',
    });
    // "Use this week" from a stale page is refused the same way; a skip is a change too.
    const refill = await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: who.card, pattern: { friday: [PIZZA] }, rotationWeek: 1, version: read },
      who.token,
    );
    expect(refill.json().error).toBe('STANDING_ORDER_CHANGED');
    const current = await versionOf(who);
    await call('POST', `/api/auth/standing-orders/${who.child}/skip`, { date: '2026-11-27', scope: 'day', skip: true }, who.token);
    expect((await putDay(who, 1, 'friday', [PIZZA], who.child, current)).json().error).toBe('STANDING_ORDER_CHANGED');
    expect(await friday(who)).toBe('friday: Cheese pizza (2 slices), White milk (250 mL)');
    // From the version read again, the save goes through.
    const again = await putDay(who, 1, 'friday', [PIZZA]);
    expect(again.statusCode, again.body).toBe(200);
    expect(await friday(who)).toBe('friday: Cheese pizza (2 slices)');
    // "Use this week" from the version just read goes through too (the upsert's own compare-and-set).
    const version = await versionOf(who);
    const filled = await call(
      'PUT',
      `/api/auth/standing-orders/${who.child}`,
      { paymentCardId: who.card, pattern: { friday: [PIZZA, MILK] }, rotationWeek: 1, version },
      who.token,
    );
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().standingOrder.version).toBe(version + 1);
    expect(await friday(who)).toBe('friday: Cheese pizza (2 slices), White milk (250 mL)');
  });

  it('of two saves at once from the same version, exactly one wins and the other changes nothing', async () => {
    now = MONDAY;
    const who = await parent();
    await standOnFridayPizza(who);
    const tabs: Array<[object[], string]> = [
      [[PIZZA, MILK], 'friday: Cheese pizza (2 slices), White milk (250 mL)'],
      [[{ ...PIZZA, quantity: 2 }], 'friday: Cheese pizza (2 slices)'],
    ];
    for (let round = 0; round < 3; round += 1) {
      const version = await versionOf(who);
      const answers = await Promise.all(tabs.map(([lines]) => putDay(who, 1, 'friday', lines, who.child, version)));
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      expect(answers[1 - winner]!.json().error).toBe('STANDING_ORDER_CHANGED');
      expect(await friday(who)).toBe(tabs[winner]![1]);
      const quantities = (await standing(who)).standingOrders.find((entry) => entry.studentId === who.child)!.weeks[0]!.pattern.friday!;
      expect(quantities.map((line) => line.quantity)).toEqual(winner === 0 ? [1, 1] : [2]);
      expect(await versionOf(who)).toBe(version + 1);
    }
    // The compare-and-set itself, from two connections (two pools on PostgreSQL, as two API processes).
    const own = await t.database.db.selectFrom('standing_orders').selectAll().where('student_id', '=', who.child).executeTakeFirstOrThrow();
    const writes = await Promise.all(
      [t.database, second].map((database) =>
        updateStandingOrder(database.db, own.restaurant_id, own.id, { locale: 'en-CA' }, now, own.version),
      ),
    );
    expect(writes.filter(Boolean)).toHaveLength(1);
    expect(await versionOf(who)).toBe(own.version + 1);
  });
});

// Pancakes (week 2's Wednesday, menu 2016): carrot sticks come with a dip of their own (a nested choice).
const PANCAKES = {
  id: 2112,
  menu_id: 2016,
  section_id: 2056,
  quantity: 2,
  orderOptions: [
    { id: 2524, values: [{ id: 2684, quantity: 1 }] },
    { id: 2525, values: [{ id: 2689, quantity: 1, options: [{ id: 2950, values: [{ id: 2952, quantity: 1 }] }] }] },
  ],
};

describe('a standing day with nested choices and a quantity', () => {
  it('checks nested choices like the top level and the quantity against the day’s meals; the job places them', async () => {
    now = MONDAY;
    const who = await parent();
    await standOnFridayPizza(who);
    const sticks = (options: object[] | undefined) => ({
      ...PANCAKES,
      orderOptions: [PANCAKES.orderOptions[0], { id: 2525, values: [{ id: 2689, quantity: 1, ...(options && { options }) }] }],
    });
    const cases: Array<[string, object[], number, string | null]> = [
      ['the nested dip missing (required once the sticks are chosen)', [sticks(undefined)], 400, 'INVALID_OPTIONS'],
      ['a value of another group inside the sticks', [sticks([{ id: 2950, values: [{ id: 2600, quantity: 1 }] }])], 400, 'INVALID_OPTIONS'],
      [
        'two dips where one is allowed',
        [
          sticks([
            {
              id: 2950,
              values: [
                { id: 2951, quantity: 1 },
                { id: 2952, quantity: 1 },
              ],
            },
          ]),
        ],
        400,
        'INVALID_OPTIONS',
      ],
      ['three pancakes on a day of two meals', [{ ...PANCAKES, quantity: 3 }], 409, 'STANDING_DAY_TOO_MANY_MEALS'],
      ['two pancakes beside another meal', [PANCAKES, { ...PANCAKES, quantity: 1 }], 409, 'STANDING_DAY_TOO_MANY_MEALS'],
    ];
    for (const [label, lines, status, error] of cases) {
      const answer = await putDay(who, 2, 'wednesday', lines);
      expect(answer.statusCode, `${label}: ${answer.body}`).toBe(status);
      expect(answer.json().error, label).toBe(error);
    }
    const tooMany = await putDay(who, 2, 'wednesday', [{ ...PANCAKES, quantity: 3 }]);
    expect(tooMany.json().message).toBe(
      'That day would have more meals than the school allows for one child. Lower the quantity or remove a meal, then save again.',
    );
    const saved = await putDay(who, 2, 'wednesday', [PANCAKES]);
    expect(saved.statusCode, saved.body).toBe(200);
    const week2 = saved.json().standingOrder.weeks[1];
    expect(week2.days.find((day: { weekday: string }) => day.weekday === 'wednesday').lines).toEqual([
      { name: 'Pancakes and turkey sausages', options: ['White milk (250 mL)', 'Carrot and cucumber sticks', 'Hummus'], quantity: 2 },
    ]);
    expect(week2.pattern.wednesday[0].orderOptions[1].values[0].options).toEqual([{ id: 2950, values: [{ id: 2952, quantity: 1 }] }]);
    // The screen's menu offers the dip inside the sticks, and the day's limit.
    const list = await standing(who);
    expect(list.mealsPerDay).toBe(2);
    const pancakes = list.menus.find((entry) => entry.week === 2 && entry.weekday === 'wednesday')!.items.find((item) => item.id === 2112)!;
    const dip = pancakes.groups[1]!.values.find((value) => value.id === 2689)!.groups;
    expect(dip.map((group) => [group.name, group.required, group.values.map((value) => [value.name, value.price])])).toEqual([
      [
        'Dip',
        true,
        [
          ['Ranch dip', 0],
          ['Hummus', 25],
        ],
      ],
    ]);
    // The job places Wednesday 2 December (week 2) with both pancakes and the hummus: 2 × ($7.50 + $0.25).
    await placeDueStandingOrders(t.database, services(), now);
    expect(await paymentsOf(who)).toEqual([
      { school_date: '2026-11-27', amount_cents: 700 },
      { school_date: '2026-12-02', amount_cents: 1550 },
    ]);
  });
});
