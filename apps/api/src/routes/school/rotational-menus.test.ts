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
    const { prices, ...calendar } = response.json();
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
