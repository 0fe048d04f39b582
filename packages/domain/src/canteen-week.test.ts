import { describe, expect, it } from 'vitest';
import { canteenWeek } from './canteen-week';
import type { HolidayHours, HoursRange } from './opening-hours';

// Cantine Laurier (tenants/cantine.json): weekdays 7:30-14:30 in Ottawa, Christmas closed, Christmas Eve until 11:00.
const WEEKDAY_HOURS: HoursRange[] = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => ({
  day,
  start_time: '07:30',
  end_time: '14:30',
}));
const HOLIDAYS: HolidayHours[] = [
  { date: '2026-12-24', full_day: false, start_time: '07:30', end_time: '11:00' },
  { date: '2026-12-25', full_day: true, start_time: null, end_time: null },
];
const ZONE = 'America/Toronto';
const summary = (now: string) =>
  canteenWeek(WEEKDAY_HOURS, HOLIDAYS, new Date(now), ZONE).map((day) => [
    day.date,
    day.weekday.slice(0, 3),
    day.opens?.toISOString().slice(11, 16) ?? null,
    day.closes?.toISOString().slice(11, 16) ?? null,
    day.orderable,
  ]);

describe('canteenWeek', () => {
  it.each([
    [
      'a Tuesday at noon: today and the next six days, weekends closed',
      '2026-11-24T17:00:00Z',
      [
        ['2026-11-24', 'tue', '12:30', '19:30', true],
        ['2026-11-25', 'wed', '12:30', '19:30', true],
        ['2026-11-26', 'thu', '12:30', '19:30', true],
        ['2026-11-27', 'fri', '12:30', '19:30', true],
        ['2026-11-28', 'sat', null, null, false],
        ['2026-11-29', 'sun', null, null, false],
        ['2026-11-30', 'mon', '12:30', '19:30', true],
      ],
    ],
    ['after closing, today is no longer orderable', '2026-11-24T20:00:00Z', [['2026-11-24', 'tue', '12:30', '19:30', false]]],
    [
      'Christmas week: the eve closes early, Christmas is closed',
      '2026-12-23T13:00:00Z',
      [
        ['2026-12-23', 'wed', '12:30', '19:30', true],
        ['2026-12-24', 'thu', '12:30', '16:00', true],
        ['2026-12-25', 'fri', null, null, false],
      ],
    ],
  ])('%s', (_name, now, expected) => {
    expect(summary(now).slice(0, expected.length)).toEqual(expected);
  });

  it('marks only the first day as today and always has seven days', () => {
    const week = canteenWeek(WEEKDAY_HOURS, HOLIDAYS, new Date('2026-11-28T15:00:00Z'), ZONE);
    expect(week).toHaveLength(7);
    expect(week.map((day) => day.today)).toEqual([true, false, false, false, false, false, false]);
  });
});
