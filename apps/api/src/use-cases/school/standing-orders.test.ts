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
import { smtpTransport } from '../../ports/smtp-relay';
import { createTestApp, type TestApp } from '../../test/test-app';
import { relayDueMessages } from '../platform/relay-deliveries';
import { placeDueStandingOrders } from './standing-order-job';

const SCHOOL_TEXT = fs.readFileSync(path.join(repoRoot, 'tenants/maple-school.json'), 'utf8');
const MONDAY = new Date('2026-11-23T15:00:00Z');
const NEXT_MONDAY = new Date('2026-11-30T15:00:00Z');
let now = MONDAY;

const options = (pairs: number[][]) =>
  pairs.map(([group, value]) => ({ id: group!, values: [{ id: value!, quantity: 1, adjustedPrice: 0 }] }));
const WRAP = {
  id: 2106,
  menu_id: 2013,
  section_id: 2053,
  quantity: 1,
  orderOptions: options([
    [2512, 2642],
    [2513, 2646],
  ]),
};
const PIZZA = {
  id: 2108,
  menu_id: 2014,
  section_id: 2054,
  quantity: 1,
  orderOptions: options([
    [2516, 2656],
    [2517, 2660],
  ]),
};
const MILK = { id: 2118, menu_id: 2017, section_id: 2058, quantity: 1, orderOptions: [] };

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
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string, key?: string) {
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
      { date: '2026-12-03', state: 'scheduled' },
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
    expect(view.days.map((day) => [day.weekday, day.lines.map((line) => line.name)])).toEqual([
      ['thursday', ['Turkey and cheese wrap with tomato soup']],
      ['friday', ['Cheese pizza (2 slices)', 'White milk (250 mL)']],
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
    // A week later, the week skipped is left alone; then unskipped, Thursday 3 December has no wrap (pasta day): failed, no charge.
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
      ['2026-12-03', 'failed', 'ITEM_UNAVAILABLE'],
      ['2026-11-26', 'placed', null],
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
