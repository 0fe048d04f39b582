import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import type { Weekday } from './price-schedule';
import { orderCutoff, type SchoolCalendar } from './school-days';
import {
  dueStandingDates,
  lineQuantityLimit,
  patternWeekOf,
  placePatternDay,
  repeatWeek,
  standingDays,
  type StandingFacts,
  type UpcomingDay,
  weekCanBeSkipped,
} from './standing-orders';

const WEEK = { monday: [1], tuesday: [1], wednesday: [1], thursday: [1], friday: [1] };
const CALENDAR: SchoolCalendar = {
  zone: 'America/Toronto',
  weekendOrdering: false,
  closedDates: [],
  endOfSchoolYear: null,
  maxAdvancedOrderDays: null,
  rotation: { start_date: '2026-09-14', weeks: [WEEK] },
};
const TWO_WEEKS: Partial<SchoolCalendar> = { rotation: { start_date: '2026-09-14', weeks: [WEEK, WEEK] } };
const cutoffAt = (now: Date) =>
  orderCutoff(now, { zone: 'America/Toronto', orderCutoffDays: 2, k12: true, weekendOrdering: false, orderCutoffDate: null });
const EVERY_DAY: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const facts = (overrides: Partial<StandingFacts> = {}): StandingFacts => ({
  weekdays: [new Set(EVERY_DAY)],
  startDate: '2026-11-01',
  paused: false,
  skippedDates: [],
  skippedWeeks: [],
  handled: new Set(),
  ...overrides,
});

// Monday 23 November 2026, 10:00 in Toronto: the cut-off is the start of Thursday 26.
const MONDAY = new Date('2026-11-23T15:00:00Z');

describe('dueStandingDates', () => {
  it.each<[string, Date, Partial<StandingFacts>, Partial<SchoolCalendar>, string[]]>([
    [
      'every weekday: the first open day and the six after it',
      MONDAY,
      {},
      {},
      ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    ['a skipped day is left out', MONDAY, { skippedDates: ['2026-11-27'] }, {}, ['2026-11-26', '2026-11-30', '2026-12-01', '2026-12-02']],
    ['a skipped week (its Monday) is left out', MONDAY, { skippedWeeks: ['2026-11-30'] }, {}, ['2026-11-26', '2026-11-27']],
    ['paused: nothing', MONDAY, { paused: true }, {}, []],
    [
      'a closed day (holiday) is no school day',
      MONDAY,
      {},
      { closedDates: [{ date: '2026-11-30', full_day: true }] },
      ['2026-11-26', '2026-11-27', '2026-12-01', '2026-12-02'],
    ],
    [
      'a part-day closure still is a school day',
      MONDAY,
      {},
      { closedDates: [{ date: '2026-11-30', full_day: false }] },
      ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    [
      'a day handled already is never due again',
      MONDAY,
      { handled: new Set(['2026-11-26']) },
      {},
      ['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    ['only the pattern’s weekdays', MONDAY, { weekdays: [new Set<Weekday>(['monday', 'friday'])] }, {}, ['2026-11-27', '2026-11-30']],
    ['nothing before the standing order was made', MONDAY, { startDate: '2026-12-01' }, {}, ['2026-12-01', '2026-12-02']],
    [
      'past the cut-off, nothing: Wednesday, the cut-off is Monday 30',
      new Date('2026-11-25T15:00:00Z'),
      {},
      {},
      ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'],
    ],
    ['nothing after the end of the school year', MONDAY, {}, { endOfSchoolYear: '2026-11-27' }, ['2026-11-26', '2026-11-27']],
    [
      'a day without a rotation menu is no school day',
      MONDAY,
      {},
      { rotation: { start_date: '2026-09-14', weeks: [{ ...WEEK, thursday: [] }] } },
      ['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    [
      'weekend ordering: Saturday is a weekday of its own (not in the pattern)',
      MONDAY,
      {},
      { weekendOrdering: true },
      ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    [
      'per rotation week: week 1 (23 November) Thursday and Friday, week 2 (30 November) Monday only',
      MONDAY,
      { weekdays: [new Set<Weekday>(['thursday', 'friday']), new Set<Weekday>(['monday'])] },
      TWO_WEEKS,
      ['2026-11-26', '2026-11-27', '2026-11-30'],
    ],
    [
      'a rotation week with nothing in its pattern orders nothing that week',
      MONDAY,
      { weekdays: [new Set(EVERY_DAY), new Set<Weekday>()] },
      TWO_WEEKS,
      ['2026-11-26', '2026-11-27'],
    ],
    [
      'one pattern in a two-week rotation: the same every week',
      MONDAY,
      {},
      TWO_WEEKS,
      ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    [
      'a cycle grown to three weeks after two patterns were made: its week 3 orders nothing',
      MONDAY,
      { weekdays: [new Set(EVERY_DAY), new Set(EVERY_DAY)] },
      { rotation: { start_date: '2026-09-14', weeks: [WEEK, WEEK, WEEK] } },
      ['2026-11-26', '2026-11-27'],
    ],
  ])('%s', (_case, now, overrides, calendar, due) => {
    expect(dueStandingDates({ ...CALENDAR, ...calendar }, now, cutoffAt(now), facts(overrides))).toEqual(due);
  });
});

describe('standingDays', () => {
  it('lists two weeks: due, then scheduled, with skips and handled days named', () => {
    const days = standingDays(
      CALENDAR,
      MONDAY,
      cutoffAt(MONDAY),
      facts({ skippedDates: ['2026-12-04'], handled: new Set(['2026-11-26']) }),
    );
    expect(days.map((day) => `${day.date} ${day.state}`)).toEqual([
      '2026-11-26 handled',
      '2026-11-27 due',
      '2026-11-30 due',
      '2026-12-01 due',
      '2026-12-02 due',
      '2026-12-03 scheduled',
      '2026-12-04 skipped',
      '2026-12-07 scheduled',
      '2026-12-08 scheduled',
      '2026-12-09 scheduled',
    ]);
  });
  it('paused: every coming day says so, skipped days stay skipped', () => {
    const days = standingDays(CALENDAR, MONDAY, cutoffAt(MONDAY), facts({ paused: true, skippedWeeks: ['2026-11-30'] }), 7);
    expect(days.map((day) => day.state)).toEqual(['paused', 'paused', 'skipped', 'skipped', 'skipped']);
  });
});

describe('repeatWeek', () => {
  const line = (id: number, quantity = 1): CartItem => ({
    id,
    menu_id: 9,
    section_id: 99,
    orderId: 1,
    quantity,
    orderPrice: 700,
    orderOptions: [],
  });
  const menus: Record<string, number[]> = { '2026-11-30': [10, 11, 20], '2026-12-01': [12, 20], '2026-12-02': [20] };
  const locate = (date: string, itemId: number) => (menus[date]?.includes(itemId) ? { menuId: 3000 + itemId, sectionId: null } : null);
  const open = new Set(['2026-11-30', '2026-12-01', '2026-12-02']);
  const isMeal = (item: CartItem) => item.id < 20;

  it('moves each weekday’s lines to the same weekday, each where that day’s menus have it', () => {
    const plan = repeatWeek(
      [
        { date: '2026-11-24', items: [line(12), line(20)] },
        { date: '2026-11-23', items: [line(10)] },
      ],
      '2026-11-30',
      open,
      locate,
      { maxMeals: 2, isMeal, booked: () => 0 },
    );
    expect(plan.orders).toEqual([
      { date: '2026-11-30', items: [{ ...line(10), menu_id: 3010, section_id: null, orderId: 1 }] },
      {
        date: '2026-12-01',
        items: [
          { ...line(12), menu_id: 3012, section_id: null, orderId: 1 },
          { ...line(20), menu_id: 3020, section_id: null, orderId: 2 },
        ],
      },
    ]);
    expect(plan.leftOut).toEqual([]);
  });

  it.each<[string, Array<{ date: string; items: CartItem[] }>, number, Array<[string, number, string]>]>([
    ['an item no longer on that day’s menus', [{ date: '2026-11-25', items: [line(12)] }], 0, [['2026-11-25', 12, 'NOT_ON_MENU']]],
    ['a weekday without school that week', [{ date: '2026-11-26', items: [line(20)] }], 0, [['2026-11-26', 20, 'NO_SCHOOL']]],
    [
      'a meal over the day’s limit, counting meals already ordered',
      [{ date: '2026-11-23', items: [line(10), line(11)] }],
      1,
      [['2026-11-23', 11, 'MAX_MEALS_PER_CART']],
    ],
    ['extras do not count toward the meals', [{ date: '2026-11-23', items: [line(10), line(20, 3)] }], 1, []],
  ])('leaves out %s, named', (_case, sources, booked, leftOut) => {
    const plan = repeatWeek(sources, '2026-11-30', open, locate, { maxMeals: 2, isMeal, booked: () => booked });
    expect(plan.leftOut.map((entry) => [entry.date, entry.item.id, entry.reason])).toEqual(leftOut);
  });
});

describe('patternWeekOf', () => {
  it.each<[string, number, number | null, number, number]>([
    ['no rotation week (before it starts): the first', 2, null, 2, 0],
    ['a one-week rotation: always the first', 1, 0, 1, 0],
    ['week 2 of 2', 2, 1, 2, 1],
    ['one pattern for two weeks (made before patterns per week): week 2 has none of its own', 2, 1, 1, -1],
    ['week 3 of a cycle grown to 3, two patterns: none', 3, 2, 2, -1],
  ])('%s', (_case, cycle, week, patterns, index) => {
    expect(patternWeekOf(cycle, week, patterns)).toBe(index);
  });
});

describe('weekCanBeSkipped', () => {
  const day = (state: UpcomingDay['state']): UpcomingDay => ({ date: '2026-11-30', state });
  it.each<[string, UpcomingDay['state'][], boolean, boolean]>([
    ['every day placed already: nothing to skip', ['handled', 'handled'], false, false],
    ['one day still to come', ['handled', 'scheduled'], false, true],
    ['a day due at the next run', ['due'], false, true],
    ['paused: its days are still to come', ['paused'], false, true],
    ['a day skipped by itself is still to come', ['handled', 'skipped'], false, true],
    ['the week skipped: offered, to take it back', ['handled'], true, true],
    ['no days at all', [], false, false],
  ])('%s', (_case, states, skipped, offered) => {
    expect(weekCanBeSkipped(states.map(day), skipped)).toBe(offered);
  });
});

describe('lineQuantityLimit', () => {
  it.each<[string, boolean, number, number | null, number]>([
    ['a meal alone on a day of two meals', true, 0, 2, 2],
    ['a meal beside one other meal', true, 1, 2, 1],
    ['a meal on a day already full', true, 2, 2, 0],
    ['a meal on a day over the limit (the limit lowered since): none, never negative', true, 3, 2, 0],
    ['a school without a limit', true, 5, null, 10],
    ['a limit above the screen’s most', true, 0, 40, 10],
    ['an extra does not count toward the meals', false, 2, 2, 10],
  ])('%s', (_case, meal, otherMeals, maxMeals, limit) => {
    expect(lineQuantityLimit({ meal, otherMeals, maxMeals })).toBe(limit);
  });
});

describe('placePatternDay', () => {
  const MENU: Record<number, { menuId: number; sectionId: number | null }> = {
    10: { menuId: 1, sectionId: 5 },
    11: { menuId: 2, sectionId: null },
  };
  const locate = (itemId: number) => MENU[itemId] ?? null;
  const isMeal = (line: { id: number }) => line.id === 10;
  it.each<[string, Array<{ id: number; quantity: number }>, number | null, string]>([
    ['a meal on that day’s menu takes its menu and section', [{ id: 10, quantity: 1 }], 2, 'ok 10@1/5'],
    [
      'a meal and an extra',
      [
        { id: 10, quantity: 2 },
        { id: 11, quantity: 3 },
      ],
      2,
      'ok 10@1/5 11@2/null',
    ],
    [
      'a meal not on that day’s menu',
      [
        { id: 10, quantity: 1 },
        { id: 12, quantity: 1 },
      ],
      2,
      'NOT_ON_MENU at 1',
    ],
    ['over the meals per day, by quantity', [{ id: 10, quantity: 3 }], 2, 'MAX_MEALS_PER_CART at 0'],
    [
      'over the meals per day, across lines',
      [
        { id: 10, quantity: 1 },
        { id: 10, quantity: 2 },
      ],
      2,
      'MAX_MEALS_PER_CART at 1',
    ],
    ['extras do not count as meals', [{ id: 11, quantity: 5 }], 1, 'ok 11@2/null'],
    ['no limit set', [{ id: 10, quantity: 9 }], null, 'ok 10@1/5'],
    ['removing the day’s meals: an empty day', [], 2, 'ok '],
    ['more than ten lines', Array.from({ length: 11 }, () => ({ id: 11, quantity: 1 })), null, 'TOO_MANY_LINES at 10'],
  ])('%s', (_case, lines, maxMeals, expected) => {
    const result = placePatternDay(lines, locate, { maxMeals, isMeal });
    const text = result.ok
      ? `ok ${result.lines.map((line) => `${line.id}@${line.menu_id}/${line.section_id}`).join(' ')}`
      : `${result.refusal} at ${result.index}`;
    expect(text).toBe(expected);
  });
});
