import { describe, expect, it } from 'vitest';
import { type CutoffRules, isOrderableDate, orderCutoff, rotationMenusOn, type SchoolCalendar, schoolDays } from './school-days';

const K12: CutoffRules = { zone: 'America/Toronto', orderCutoffDays: 2, k12: true, weekendOrdering: false, orderCutoffDate: null };

describe('orderCutoff', () => {
  it.each<[string, string, Partial<CutoffRules>, string]>([
    // now (UTC) | rules | cut-off (UTC)
    ['Monday 10:00: Wednesday 10:00, then the start of Thursday', '2026-11-23T15:00:00Z', {}, '2026-11-26T05:00:00Z'],
    ['Wednesday 10:00: Friday, then Saturday is a weekend: Monday', '2026-11-25T15:00:00Z', {}, '2026-11-30T05:00:00Z'],
    ['with weekend ordering, Saturday stays', '2026-11-25T15:00:00Z', { weekendOrdering: true }, '2026-11-28T05:00:00Z'],
    ['Thursday 23:59 local is still Thursday', '2026-11-27T04:59:00Z', {}, '2026-11-30T05:00:00Z'],
    ['Friday 00:00 local: Sunday, then Monday', '2026-11-27T05:00:00Z', {}, '2026-11-30T05:00:00Z'],
    ['no notice: tomorrow', '2026-11-23T15:00:00Z', { orderCutoffDays: 0 }, '2026-11-24T05:00:00Z'],
    [
      'fall back (1 Nov 2026): Saturday night, next day Sunday, Monday in EST',
      '2026-11-01T03:30:00Z',
      { orderCutoffDays: 0 },
      '2026-11-02T05:00:00Z',
    ],
    ['spring forward (8 Mar 2026): Thursday, Saturday, Sunday, Monday in EDT', '2026-03-05T17:00:00Z', {}, '2026-03-09T04:00:00Z'],
    ['year end: Wednesday 30 Dec, Friday 1 Jan, Saturday, Monday 4 Jan 2027', '2026-12-30T14:00:00Z', {}, '2027-01-04T05:00:00Z'],
    ['year end with weekend ordering: Saturday 2 Jan 2027', '2026-12-30T14:00:00Z', { weekendOrdering: true }, '2027-01-02T05:00:00Z'],
    ['a later orderCutoffDate holds it back', '2026-11-23T15:00:00Z', { orderCutoffDate: '2026-12-07' }, '2026-12-07T05:00:00Z'],
    ['an earlier orderCutoffDate reopens nothing', '2026-11-23T15:00:00Z', { orderCutoffDate: '2026-11-01' }, '2026-11-26T05:00:00Z'],
    ['no zone: Toronto', '2026-11-23T15:00:00Z', { zone: null }, '2026-11-26T05:00:00Z'],
    // British Columbia stays on UTC-7 from November 2026 (the 2026 zone rules, tzdata/README.md).
    ['Vancouver: its own midnight', '2026-11-23T18:00:00Z', { zone: 'America/Vancouver' }, '2026-11-26T07:00:00Z'],
    ['not K-12: now plus the days on the wall clock', '2026-11-23T15:00:00Z', { k12: false }, '2026-11-25T15:00:00Z'],
    ['not K-12 across the fall back: the same wall time, an hour more', '2026-10-30T16:00:00Z', { k12: false }, '2026-11-01T17:00:00Z'],
  ])('%s', (_case, now, rules, cutoff) => {
    expect(orderCutoff(new Date(now), { ...K12, ...rules }).toISOString()).toBe(new Date(cutoff).toISOString());
  });
});

describe('isOrderableDate', () => {
  const cutoff = new Date('2026-11-26T05:00:00Z');
  it.each([
    ['2026-11-25', false],
    ['2026-11-26', true],
    ['2026-11-27', true],
  ] as const)('%s: %s', (date, orderable) => {
    expect(isOrderableDate(date, cutoff, 'America/Toronto')).toBe(orderable);
  });
});

// Two weeks: A (from Monday 14 Sep 2026) then B, then A again.
const rotation = {
  start_date: '2026-09-16',
  weeks: [
    { monday: [1], tuesday: [2], wednesday: [3], thursday: [4], friday: [5] },
    { monday: [11], wednesday: [13], friday: [15] },
  ],
};

describe('rotationMenusOn', () => {
  it.each<[string, string, number[]]>([
    ['before the rotation starts', '2026-09-15', []],
    ['its first day (a Wednesday of week A)', '2026-09-16', [3]],
    ['week B', '2026-09-21', [11]],
    ['week B has no Tuesday', '2026-09-22', []],
    ['week A again', '2026-09-28', [1]],
    ['a weekend has nothing', '2026-09-19', []],
    ['across the year end: 4 Jan 2027 is 16 weeks from the start, week A', '2027-01-04', [1]],
    ['and 11 Jan 2027 week B', '2027-01-11', [11]],
  ])('%s', (_case, date, menus) => {
    expect(rotationMenusOn(rotation, date)).toEqual(menus);
  });
});

describe('schoolDays', () => {
  const calendar: SchoolCalendar = {
    zone: 'America/Toronto',
    weekendOrdering: false,
    closedDates: [
      { date: '2026-12-21', full_day: true },
      { date: '2026-12-22', full_day: false },
    ],
    endOfSchoolYear: '2027-06-25',
    maxAdvancedOrderDays: 20,
    rotation,
  };
  const now = new Date('2026-12-14T15:00:00Z'); // Monday 14 Dec 2026, 10:00 in Toronto
  const cutoff = orderCutoff(now, K12); // the start of Thursday 17 Dec

  it('lists the school days with their menus, without weekends, closed days or days past the furthest order', () => {
    const result = schoolDays({ start: '2026-12-14', end: '2027-01-08' }, calendar, now, cutoff, false);
    expect(result.ok && result.days.map((day) => `${day.date}:${day.menuIds.join()}:${day.orderable ? 'open' : 'closed'}`)).toEqual([
      '2026-12-14:11:closed', // week B (14 Dec is 13 weeks from 14 Sep)
      '2026-12-16:13:closed',
      '2026-12-18:15:open',
      // 21 Dec is a holiday; 22 Dec is open only part of the day, and week A serves Tuesday
      '2026-12-22:2:open',
      '2026-12-23:3:open',
      '2026-12-24:4:open',
      '2026-12-25:5:open',
      '2026-12-28:11:open',
      '2026-12-30:13:open',
      '2027-01-01:15:open',
      // 4 Jan 2027 is 21 days ahead, past maxAdvancedOrderDays (20)
    ]);
  });

  it('with ordering menus only, leaves out the days past the cut-off', () => {
    const result = schoolDays({ start: '2026-12-14', end: '2026-12-18' }, calendar, now, cutoff, true);
    expect(result).toEqual({ ok: true, days: [{ date: '2026-12-18', menuIds: [15], orderable: true }] });
  });

  it('ends with the school year', () => {
    const late = new Date('2027-06-21T15:00:00Z');
    const result = schoolDays(
      { start: '2027-06-21', end: '2027-06-30' },
      calendar,
      late,
      orderCutoff(late, { ...K12, orderCutoffDays: 0 }),
      false,
    );
    expect(result.ok && result.days.map((day) => day.date)).toEqual(['2027-06-21', '2027-06-22', '2027-06-23', '2027-06-24', '2027-06-25']);
  });

  it.each<[string, { start: string | null; end: string | null }, string]>([
    ['no start', { start: null, end: '2026-12-18' }, 'NO_DATE_RANGE'],
    ['no end', { start: '2026-12-14', end: null }, 'NO_DATE_RANGE'],
    ['reversed', { start: '2026-12-18', end: '2026-12-14' }, 'NO_DATE_RANGE'],
    ['not a date', { start: '2026-02-30', end: '2026-03-02' }, 'NO_DATE_RANGE'],
    ['63 days', { start: '2026-12-01', end: '2027-02-01' }, 'DATE_RANGE_TOO_LONG'],
  ])('%s: %s', (_case, range, error) => {
    expect(schoolDays(range, calendar, now, cutoff, false)).toEqual({ ok: false, error });
  });

  it('62 days is allowed', () => {
    expect(schoolDays({ start: '2026-12-01', end: '2027-01-31' }, calendar, now, cutoff, false).ok).toBe(true);
  });
});
