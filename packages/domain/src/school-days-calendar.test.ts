/**
 * The month calendar's rules (docs/decisions/0115-k12-month-calendar.md): the state of each date, and
 * the moment ordering for a school day closes, checked against the cut-off rule it inverts.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  isOrderableDate,
  orderClosesAt,
  orderOpensAt,
  type SchoolCalendar,
  schoolCutoff,
  type SchoolCutoffSettings,
  schoolDayClassifier,
  type SchoolDayState,
} from './school-days';

const DEMO: SchoolCutoffSettings = { zone: 'America/Toronto', order_cutoff_days: 2, weekendOrdering: false, orderCutoffDate: null };

describe('orderClosesAt', () => {
  it.each<[string, string, Partial<SchoolCutoffSettings>, string | null]>([
    // case | school date | rules | ordering closes at (UTC)
    ['Monday 7 Dec: the start of Saturday 5 Dec (Friday is the last day)', '2026-12-07', {}, '2026-12-05T05:00:00Z'],
    ['Tuesday 8 Dec: the start of Sunday 6 Dec', '2026-12-08', {}, '2026-12-06T05:00:00Z'],
    ['Friday 11 Dec: the start of Wednesday 9 Dec', '2026-12-11', {}, '2026-12-09T05:00:00Z'],
    ['no notice: the start of the day itself', '2026-12-08', { order_cutoff_days: 0 }, '2026-12-08T05:00:00Z'],
    ['a Saturday without weekend ordering: never', '2026-12-12', {}, null],
    ['a Saturday with weekend ordering: the start of Thursday', '2026-12-12', { weekendOrdering: true }, '2026-12-10T05:00:00Z'],
    ['before orderCutoffDate: never', '2026-12-09', { orderCutoffDate: '2026-12-10' }, null],
    ['on orderCutoffDate: the notice as usual', '2026-12-10', { orderCutoffDate: '2026-12-10' }, '2026-12-08T05:00:00Z'],
    ['Monday 2 Nov, after the fall back: Saturday 31 Oct in daylight time', '2026-11-02', {}, '2026-10-31T04:00:00Z'],
    ['Monday 15 Mar 2027, after the spring forward: Saturday 13 Mar in standard time', '2027-03-15', {}, '2027-03-13T05:00:00Z'],
    ['Monday 4 Jan 2027, across the year', '2027-01-04', {}, '2027-01-02T05:00:00Z'],
    ['no zone: Toronto', '2026-12-07', { zone: null }, '2026-12-05T05:00:00Z'],
    // British Columbia stays on UTC-7 from November 2026 (the 2026 zone rules, tzdata/README.md).
    ['Vancouver: its own midnight', '2026-12-07', { zone: 'America/Vancouver' }, '2026-12-05T07:00:00Z'],
  ])('%s', (_case, date, rules, expected) => {
    const school = { ...DEMO, ...rules };
    const closes = orderClosesAt(date, school);
    expect(closes?.toISOString() ?? null).toBe(expected === null ? null : new Date(expected).toISOString());
    if (closes === null) return;
    // The rule it inverts: a minute before, the cut-off still lets the date be ordered; at it, no more.
    const zone = school.zone ?? null;
    expect(isOrderableDate(date, schoolCutoff(new Date(closes.getTime() - 60_000), school), zone)).toBe(true);
    expect(isOrderableDate(date, schoolCutoff(closes, school), zone)).toBe(false);
  });

  it('agrees with the cut-off at every hour of three weeks, for every weekday', () => {
    const start = new Date('2026-11-23T05:00:00Z');
    for (let hour = 0; hour < 21 * 24; hour += 1) {
      const now = new Date(start.getTime() + hour * 3_600_000);
      const cutoff = schoolCutoff(now, DEMO);
      for (let offset = 0; offset < 14; offset += 1) {
        const date = addDays('2026-11-23', offset);
        const closes = orderClosesAt(date, DEMO);
        if (closes === null) continue;
        expect(isOrderableDate(date, cutoff, DEMO.zone ?? null), `${date} at ${now.toISOString()}`).toBe(now < closes);
      }
    }
  });
});

describe('orderOpensAt', () => {
  it.each<[string, string, number | null, string | null]>([
    ['20 days ahead: the start of the day 20 days before', '2026-12-31', 20, '2026-12-11T05:00:00Z'],
    ['no limit: open from the start', '2026-12-31', null, null],
  ])('%s', (_case, date, days, expected) => {
    expect(orderOpensAt(date, 'America/Toronto', days)?.toISOString() ?? null).toBe(
      expected === null ? null : new Date(expected).toISOString(),
    );
  });
});

describe('schoolDayClassifier', () => {
  const rotation = {
    start_date: '2026-09-14',
    weeks: [
      { monday: [1], tuesday: [2], wednesday: [3], thursday: [4] },
      { monday: [11], tuesday: [12], thursday: [14] },
    ],
  };
  const calendar: SchoolCalendar = {
    zone: 'America/Toronto',
    weekendOrdering: false,
    closedDates: [
      { date: '2026-12-21', full_day: true },
      { date: '2026-12-22', full_day: false },
      { date: '2027-01-11', full_day: true },
    ],
    endOfSchoolYear: '2027-06-25',
    maxAdvancedOrderDays: 20,
    rotation,
  };
  const now = new Date('2026-12-14T15:00:00Z'); // Monday 14 Dec 2026, 10:00 in Toronto
  const classify = schoolDayClassifier(calendar, now, schoolCutoff(now, DEMO)); // cut-off: the start of Thursday 17 Dec

  it.each<[string, string, SchoolDayState, number[]]>([
    ['today, before the cut-off', '2026-12-14', 'ordering_closed', [11]],
    ['the rotation has nothing on a Wednesday of week B', '2026-12-16', 'no_menu', []],
    ['a school day from the cut-off on', '2026-12-21', 'school_closed', []],
    ['a part-day closure keeps the school day', '2026-12-22', 'open', [2]],
    ['Thursday 17 Dec, the cut-off’s day', '2026-12-17', 'open', [14]],
    ['a Saturday', '2026-12-19', 'weekend', []],
    ['21 days ahead: not open yet', '2027-01-04', 'not_open_yet', [1]],
    ['a holiday further ahead is still closed', '2027-01-11', 'school_closed', []],
    ['after the end of the school year', '2027-06-28', 'no_menu', []],
    ['before the rotation starts', '2026-09-11', 'no_menu', []],
  ])('%s: %s is %s', (_case, date, state, menuIds) => {
    expect(classify(date)).toEqual({ state, menuIds });
  });

  it('with weekend ordering a Saturday with no menu is a day without menu', () => {
    const weekends = schoolDayClassifier({ ...calendar, weekendOrdering: true }, now, schoolCutoff(now, DEMO));
    expect(weekends('2026-12-19').state).toBe('no_menu');
  });
});
