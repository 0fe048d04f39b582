import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { clockStartingAt } from '../../lib/clock';
import { asSource, tenantFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The demo school as its operator wrote it: a two-week rotation from 14 Sep 2026, a 2-day notice,
// no weekend ordering, 20 days ahead at most.
const school = { name: 'maple-school.json', text: fs.readFileSync(path.join(repoRoot, 'tenants/maple-school.json'), 'utf8') };

let t: TestApp;
beforeAll(async () => {
  // Monday 23 November 2026, 10:00 in Toronto.
  t = await createTestApp([school, asSource(tenantFixture({ id: 77, slug: 'not-a-school' }))], {
    now: clockStartingAt(new Date('2026-11-23T15:00:00Z')),
  });
});
afterAll(() => t.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/rotational-menus${query}`, headers: { 'x-restaurant-id': 'maple-school', ...headers } });

describe('GET /api/rotational-menus', () => {
  it('gives the week’s school days with the rotation’s menus, closed before the cut-off', async () => {
    const response = await get('?start_date=2026-11-23&end_date=2026-11-29');
    expect(response.statusCode, response.body).toBe(200);
    // 23 Nov is ten weeks after 14 Sep: week 1 of the rotation again.
    const { prices, now, ...calendar } = response.json();
    // The server's clock (Monday 10:00 in Toronto, moving with the test), which the web's default week follows.
    expect(Date.parse(now) - Date.parse('2026-11-23T15:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(Date.parse(now) - Date.parse('2026-11-23T15:00:00Z')).toBeLessThan(60 * 60 * 1000);
    // Each item of the week's menus, one unit with its default choices; no subsidy for a guest.
    expect(prices).toContainEqual({ itemId: 2106, menuId: 2013, price: 750, subsidized: 750 });
    expect(prices).toContainEqual({ itemId: 2118, menuId: 2017, price: 100, subsidized: 100 });
    expect(calendar).toEqual({
      cutoff: '2026-11-26T05:00:00.000Z',
      zone: 'America/Toronto',
      days: [
        { date: '2026-11-23', menu_ids: [2010, 2017], orderable: false },
        { date: '2026-11-24', menu_ids: [2011, 2017], orderable: false },
        { date: '2026-11-25', menu_ids: [2012, 2017], orderable: false },
        { date: '2026-11-26', menu_ids: [2013, 2017], orderable: true },
        { date: '2026-11-27', menu_ids: [2014, 2017], orderable: true },
      ],
    });
  });

  it('with ordering_menus=true keeps only the days that can be ordered, up to 20 days ahead', async () => {
    const response = await get('?start_date=2026-11-23&end_date=2026-12-31&ordering_menus=true');
    const dates = response.json().days.map((day: { date: string }) => day.date);
    expect(dates[0]).toBe('2026-11-26');
    expect(dates.at(-1)).toBe('2026-12-11'); // 13 Dec is the furthest day; 12 and 13 are a weekend
    expect(dates).not.toContain('2026-11-28');
    // The second week of the rotation follows the first.
    expect(response.json().days.find((day: { date: string }) => day.date === '2026-11-30').menu_ids).toEqual([2015, 2017]);
  });

  it.each<[string, string, string]>([
    ['no dates', '', 'NO_DATE_RANGE'],
    ['no end', '?start_date=2026-11-23', 'NO_DATE_RANGE'],
    ['reversed', '?start_date=2026-11-27&end_date=2026-11-23', 'NO_DATE_RANGE'],
    ['not a date', '?start_date=2026-11-31&end_date=2026-12-02', 'NO_DATE_RANGE'],
    ['63 days', '?start_date=2026-11-01&end_date=2027-01-02', 'DATE_RANGE_TOO_LONG'],
  ])('%s: 400 %s, in French', async (_case, query, error) => {
    const response = await get(query, { 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, error, message: expect.stringMatching(/Choisissez/) });
  });

  it('is not found for a restaurant without school meals, or an unknown one', async () => {
    const response = await get('?start_date=2026-11-23&end_date=2026-11-27', { 'x-restaurant-id': 'not-a-school' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_A_SCHOOL');
    expect((await get('?start_date=2026-11-23&end_date=2026-11-27', { 'x-restaurant-id': 'nowhere' })).json().error).toBe(
      'RESTAURANT_NOT_FOUND',
    );
  });
});

// The server's clock moves from case to case; the demo school is imported once before the earliest
// of them, and a copy whose `orderCutoffDate` holds ordering back until Wednesday 18 November 2026
// (a school that opens its ordering late) a second after it: the restaurant cache is per process and
// keyed by import time (docs/decisions/0021-k12-school-checkout.md, consequences).
describe('the cut-off and the school days at other server clocks', () => {
  let clock = new Date('2026-10-01T12:00:00Z');
  let clocked: TestApp;
  let heldBack: TestApp;
  beforeAll(async () => {
    clocked = await createTestApp([school], { now: () => clock });
    clock = new Date(clock.getTime() + 1000);
    const late = { ...(JSON.parse(school.text) as Record<string, unknown>), orderCutoffDate: '2026-11-18' };
    heldBack = await createTestApp([{ name: 'maple-school.json', text: JSON.stringify(late) }], { now: () => clock });
  });
  afterAll(async () => {
    await clocked.close();
    await heldBack.close();
  });
  const at = (app: TestApp, query: string) =>
    app.app.inject({ method: 'GET', url: `/api/rotational-menus${query}`, headers: { 'x-restaurant-id': 'maple-school' } });

  // The cut-off is the start of the day after today + 2 days (order_cutoff_days) on Toronto's wall
  // clock, moved to the next Monday when that day is a weekend; `orderCutoffDate` holds it back when
  // it is later. Each day of the range is orderable from the cut-off on.
  it.each<[string, 'demo' | 'held back', string, [string, string], string, { closed: string[]; open: string[] }]>([
    [
      'Friday 23:30 before the fall-back night (already Saturday in UTC): Monday, in standard time',
      'demo',
      '2026-10-31T03:30:00Z',
      ['2026-10-26', '2026-11-06'],
      '2026-11-02T05:00:00.000Z',
      {
        closed: ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30'],
        open: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'],
      },
    ],
    [
      'a Saturday noon: today + 2 is Monday, so Tuesday',
      'demo',
      '2026-10-31T16:00:00Z',
      ['2026-11-02', '2026-11-06'],
      '2026-11-03T05:00:00.000Z',
      { closed: ['2026-11-02'], open: ['2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'] },
    ],
    [
      '01:30 in the hour the clocks fall back (the first, daylight, one)',
      'demo',
      '2026-11-01T05:30:00Z',
      ['2026-11-02', '2026-11-06'],
      '2026-11-04T05:00:00.000Z',
      { closed: ['2026-11-02', '2026-11-03'], open: ['2026-11-04', '2026-11-05', '2026-11-06'] },
    ],
    [
      'a Thursday before the spring-forward Sunday: the weekend moves it to Monday, in daylight time',
      'demo',
      '2027-03-11T15:00:00Z',
      ['2027-03-08', '2027-03-19'],
      '2027-03-15T04:00:00.000Z',
      {
        closed: ['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12'],
        open: ['2027-03-15', '2027-03-16', '2027-03-17', '2027-03-18', '2027-03-19'],
      },
    ],
    [
      '03:30 just after the clocks spring forward',
      'demo',
      '2027-03-14T07:30:00Z',
      ['2027-03-15', '2027-03-19'],
      '2027-03-17T04:00:00.000Z',
      { closed: ['2027-03-15', '2027-03-16'], open: ['2027-03-17', '2027-03-18', '2027-03-19'] },
    ],
    [
      'Tuesday 29 December in the evening (Wednesday in UTC): New Year’s Day, across the year',
      'demo',
      '2026-12-30T01:00:00Z',
      ['2026-12-28', '2027-01-08'],
      '2027-01-01T05:00:00.000Z',
      {
        closed: ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31'],
        open: ['2027-01-01', '2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'],
      },
    ],
    [
      'Wednesday 30 December at 23:59: the weekend after New Year’s Day moves it to Monday 4 January',
      'demo',
      '2026-12-31T04:59:00Z',
      ['2026-12-28', '2027-01-08'],
      '2027-01-04T05:00:00.000Z',
      {
        closed: ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01'],
        open: ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'],
      },
    ],
    [
      'orderCutoffDate later than the notice: nothing before Wednesday 18 November',
      'held back',
      '2026-11-09T15:00:00Z',
      ['2026-11-09', '2026-11-20'],
      '2026-11-18T05:00:00.000Z',
      {
        closed: ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17'],
        open: ['2026-11-18', '2026-11-19', '2026-11-20'],
      },
    ],
    [
      'orderCutoffDate already behind the notice: the notice (a Thursday, so Monday)',
      'held back',
      '2026-11-19T15:00:00Z',
      ['2026-11-16', '2026-11-27'],
      '2026-11-23T05:00:00.000Z',
      {
        closed: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'],
        open: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
      },
    ],
  ])('%s', async (_case, which, instant, [start, end], cutoff, expected) => {
    clock = new Date(instant);
    const app = which === 'demo' ? clocked : heldBack;
    const all = await at(app, `?start_date=${start}&end_date=${end}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().cutoff).toBe(cutoff);
    const days = all.json().days as Array<{ date: string; orderable: boolean }>;
    expect(days.map((day) => day.date)).toEqual([...expected.closed, ...expected.open]);
    expect(days.filter((day) => !day.orderable).map((day) => day.date)).toEqual(expected.closed);
    // Asked for the days that can be ordered, the same range gives the open ones only.
    const ordering = await at(app, `?start_date=${start}&end_date=${end}&ordering_menus=true`);
    expect(ordering.json().cutoff).toBe(cutoff);
    expect(ordering.json().days.map((day: { date: string }) => day.date)).toEqual(expected.open);
  });

  // The demo's own holidays and end of school year, at clocks from which they can be ordered: the
  // rotation counts calendar weeks from 14 September, so a holiday skips its day without shifting the
  // weeks around it (week 2 before Thanksgiving Monday 12 October, week 1 from it on).
  it.each<[string, string, [string, string], Array<[string, number[]]>]>([
    [
      'Thanksgiving, Monday 12 October',
      '2026-10-05T14:00:00Z',
      ['2026-10-08', '2026-10-16'],
      [
        ['2026-10-08', [2010, 2017]],
        ['2026-10-09', [2014, 2017]],
        ['2026-10-13', [2011, 2017]],
        ['2026-10-14', [2012, 2017]],
        ['2026-10-15', [2013, 2017]],
        ['2026-10-16', [2014, 2017]],
      ],
    ],
    [
      'the closure of Monday 21 December',
      '2026-12-14T15:00:00Z',
      ['2026-12-17', '2026-12-24'],
      [
        ['2026-12-17', [2010, 2017]],
        ['2026-12-18', [2014, 2017]],
        ['2026-12-22', [2011, 2017]],
        ['2026-12-23', [2012, 2017]],
        ['2026-12-24', [2013, 2017]],
      ],
    ],
    [
      'the end of the school year, Friday 25 June 2027 (20 days ahead would reach 4 July)',
      '2027-06-14T14:00:00Z',
      ['2027-06-17', '2027-06-30'],
      [
        ['2027-06-17', [2010, 2017]],
        ['2027-06-18', [2014, 2017]],
        ['2027-06-21', [2010, 2017]],
        ['2027-06-22', [2011, 2017]],
        ['2027-06-23', [2012, 2017]],
        ['2027-06-24', [2013, 2017]],
        ['2027-06-25', [2014, 2017]],
      ],
    ],
  ])('%s: the days around it with their rotation week’s menus', async (_case, instant, [start, end], days) => {
    clock = new Date(instant);
    const response = await at(clocked, `?start_date=${start}&end_date=${end}&ordering_menus=true`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().days.map((day: { date: string; menu_ids: number[] }) => [day.date, day.menu_ids])).toEqual(days);
  });
});
