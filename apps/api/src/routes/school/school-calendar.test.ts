/**
 * GET /api/school-calendar (docs/decisions/0115-k12-month-calendar.md) on the demo school: a
 * parent's month for one child, every date with its state, when ordering closes or opens, and the
 * meals already ordered, counted as the week and the checkout count them and named in the parent's
 * language; only the parent's own children; bad input is a localised 400, never a 500.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { asSource, tenantFixture } from '../../test/fixtures';
import { MILK, schoolLine, WRAP, type SchoolItem } from '../../test/maple-school-menu';
import { createTestApp, type TestApp } from '../../test/test-app';

const SCHOOL_TEXT = fs.readFileSync(path.join(repoRoot, 'tenants/maple-school.json'), 'utf8');

// Monday 23 November 2026, 10:00 in Toronto: the cut-off is the start of Thursday 26; 20 days ahead
// is Sunday 13 December. Thursday 26 is week 1 of the rotation: the wrap (menu 2013) is a meal; the
// milk (menu 2017) an extra.
let now = new Date('2026-11-23T15:00:00Z');
const line = (item: SchoolItem, orderId: number) => schoolLine(item, 1, orderId);

let t: TestApp;
let people = 0;
beforeAll(async () => {
  t = await createTestApp(
    [{ name: 'maple-school.json', text: SCHOOL_TEXT }, asSource(tenantFixture({ id: 78, slug: 'not-a-school-cal' }))],
    {
      now: () => now,
    },
  );
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, options: { token?: string; payload?: object; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method,
    url,
    headers: {
      'x-restaurant-id': 'maple-school',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    remoteAddress: `10.13.0.${people + 1}`,
    ...(options.payload && { payload: options.payload }),
  });
}

async function parent(): Promise<{ token: string; email: string; lea: number; noah: number }> {
  people += 1;
  const email = `calendar${people}-${Date.now()}@example.com`;
  const registered = await call('POST', '/api/auth/register-user', {
    payload: { firstName: 'Pat', lastName: 'Parent', email, password: 'Secret12!' },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const token = registered.json().token as string;
  const student = async (firstName: string) => {
    const added = await call('POST', '/api/auth/students', {
      token,
      payload: { firstName, lastName: 'Parent', school: 'Maple Grove Public School', grade: '2', classroom: '102', teacher: 'Mr. Dubois' },
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().student.id as number;
  };
  return { token, email, lea: await student('Léa'), noah: await student('Noah') };
}

const calendar = (query: string, token?: string, headers: Record<string, string> = {}) =>
  call('GET', `/api/school-calendar${query}`, { ...(token ? { token } : {}), headers });

type Day = { date: string; state: string; closes_at: string | null; opens_at: string | null; meals: number; items: unknown[] };
const dayOf = (body: { days: Day[] }, date: string) => body.days.find((day) => day.date === date)!;

describe('GET /api/school-calendar', () => {
  let family: Awaited<ReturnType<typeof parent>>;
  beforeAll(async () => {
    family = await parent();
    const card = await call('POST', '/api/payment/tokenize', {
      payload: { number: '4242424242424242', expiry: '1230', cvd: '123', postal_code: 'M2N5N8' },
    });
    const placed = await call('POST', '/api/orders/create-k12-order', {
      token: family.token,
      headers: { 'idempotency-key': `calendar-${Date.now()}` },
      payload: {
        data: {
          rotationalMenuOrders: [{ date: '2026-11-26', orderId: 1, studentId: family.lea, items: [line(WRAP, 1), line(MILK, 2)] }],
          costs: {},
          checkout: {
            paymentMethod: 'credit_card',
            card: { token: card.json().token as string },
            contact: { full_name: 'Pat Parent', email: family.email, phone_number: '416-555-0102' },
          },
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('gives every date of the range for the first child: states, cut-offs and the meals already ordered', async () => {
    const response = await calendar('?start_date=2026-11-23&end_date=2026-12-31', family.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      zone: 'America/Toronto',
      cutoff: '2026-11-26T05:00:00.000Z',
      max_meals: 2,
      students: [
        { id: family.lea, firstName: 'Léa', lastName: 'Parent' },
        { id: family.noah, firstName: 'Noah', lastName: 'Parent' },
      ],
      student_id: family.lea,
    });
    expect(body.days).toHaveLength(39);
    // Thursday 26: one meal (the wrap; the milk is an extra), both lines named; ordering closed at the start of Tuesday 24.
    expect(dayOf(body, '2026-11-26')).toEqual({
      date: '2026-11-26',
      state: 'open',
      closes_at: '2026-11-24T05:00:00.000Z',
      opens_at: null,
      meals: 1,
      items: [
        { name: 'Turkey and cheese wrap with tomato soup', quantity: 1 },
        { name: 'White milk (250 mL)', quantity: 1 },
      ],
    });
    expect(dayOf(body, '2026-11-25')).toMatchObject({
      state: 'ordering_closed',
      closes_at: '2026-11-23T05:00:00.000Z',
      meals: 0,
      items: [],
    });
    expect(dayOf(body, '2026-11-28')).toMatchObject({ state: 'weekend', closes_at: null });
    expect(dayOf(body, '2026-12-21')).toMatchObject({ state: 'school_closed', closes_at: null });
    // Monday 7 December closes at the start of Saturday 5 (Friday is its last day to order).
    expect(dayOf(body, '2026-12-07')).toMatchObject({ state: 'open', closes_at: '2026-12-05T05:00:00.000Z' });
    // Monday 14 December is 21 days ahead: it opens at the start of Tuesday 24 November.
    expect(dayOf(body, '2026-12-14')).toMatchObject({
      state: 'not_open_yet',
      opens_at: '2026-11-24T05:00:00.000Z',
      closes_at: '2026-12-12T05:00:00.000Z',
    });
  });

  it('counts what the week counts: the same meals in /api/rotational-menus’ booked', async () => {
    const week = await call('GET', '/api/rotational-menus?start_date=2026-11-23&end_date=2026-11-27', { token: family.token });
    expect(week.json().booked).toEqual([{ date: '2026-11-26', studentId: family.lea, meals: 1 }]);
  });

  it('names the meals in French, and gives another child’s days without them', async () => {
    const french = await calendar('?start_date=2026-11-26&end_date=2026-11-26', family.token, { 'accept-language': 'fr-CA' });
    expect(dayOf(french.json(), '2026-11-26').items).toEqual([
      { name: 'Roulé dinde et fromage, soupe aux tomates', quantity: 1 },
      { name: 'Lait blanc (250 ml)', quantity: 1 },
    ]);
    const noah = await calendar(`?start_date=2026-11-26&end_date=2026-11-26&student_id=${family.noah}`, family.token);
    expect(noah.json()).toMatchObject({ student_id: family.noah, days: [{ date: '2026-11-26', meals: 0, items: [] }] });
  });

  it('keeps a day’s meals once its ordering has closed', async () => {
    const before = now;
    now = new Date('2026-11-26T15:00:00Z'); // Thursday 10:00
    try {
      const response = await calendar('?start_date=2026-11-26&end_date=2026-11-27', family.token);
      expect(response.json().days).toMatchObject([
        { date: '2026-11-26', state: 'ordering_closed', meals: 1 },
        { date: '2026-11-27', state: 'ordering_closed', meals: 0 },
      ]);
    } finally {
      now = before;
    }
  });

  it('shows a parent with no child yet the days, without meals', async () => {
    people += 1;
    const registered = await call('POST', '/api/auth/register-user', {
      payload: { firstName: 'New', lastName: 'Parent', email: `calendar-none${people}-${Date.now()}@example.com`, password: 'Secret12!' },
    });
    const response = await calendar('?start_date=2026-11-26&end_date=2026-11-27', registered.json().token as string);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ students: [], student_id: null, days: [{ meals: 0 }, { meals: 0 }] });
  });

  it('refuses another parent’s child (404), a visitor without a session (401) and a restaurant without school meals', async () => {
    const other = await parent();
    const theirs = await calendar(`?start_date=2026-11-26&end_date=2026-11-26&student_id=${other.lea}`, family.token, {
      'accept-language': 'fr-CA',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: 'STUDENT_NOT_FOUND', message: expect.stringMatching(/élève|enfant/i) });
    expect((await calendar('?start_date=2026-11-26&end_date=2026-11-26')).statusCode).toBe(401);
    const notSchool = await calendar('?start_date=2026-11-26&end_date=2026-11-26', family.token, { 'x-restaurant-id': 'not-a-school-cal' });
    expect(notSchool.statusCode).toBe(404);
    expect(notSchool.json().error).toBe('NOT_A_SCHOOL');
  });

  it.each<[string, string, string]>([
    ['no dates', '', 'NO_DATE_RANGE'],
    ['reversed', '?start_date=2026-11-27&end_date=2026-11-23', 'NO_DATE_RANGE'],
    ['not a date', '?start_date=2026-11-31&end_date=2026-12-02', 'NO_DATE_RANGE'],
    ['63 days', '?start_date=2026-11-01&end_date=2027-01-02', 'DATE_RANGE_TOO_LONG'],
  ])('%s: 400 %s, in French', async (_case, query, error) => {
    const response = await calendar(query, family.token, { 'accept-language': 'fr-CA' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, error, message: expect.stringMatching(/Choisissez/) });
  });

  it('a student id that is not a number is a 400, not a 500', async () => {
    const response = await calendar('?start_date=2026-11-26&end_date=2026-11-26&student_id=abc', family.token, {
      'accept-language': 'fr-CA',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe(400);
  });
});
