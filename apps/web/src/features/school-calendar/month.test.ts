import { describe, expect, it } from 'vitest';
import { addMonths, monthRange, monthWeeks, movedDate, parseMonth } from './month';

describe('the calendar’s month', () => {
  it.each<[string | null, string | null]>([
    ['2026-12', '2026-12'],
    ['2026-13', null],
    ['2026-1', null],
    ['december', null],
    [null, null],
  ])('parseMonth(%s) is %s', (value, month) => {
    expect(parseMonth(value)).toBe(month);
  });

  it.each<[string, number, string]>([
    ['2026-12', 1, '2027-01'],
    ['2027-01', -1, '2026-12'],
    ['2026-11', 14, '2028-01'],
  ])('%s plus %i months is %s', (month, count, expected) => {
    expect(addMonths(month, count)).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['2026-12', '2026-12-01', '2026-12-31'],
    ['2027-02', '2027-02-01', '2027-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
  ])('%s runs from %s to %s', (month, start, end) => {
    expect(monthRange(month)).toEqual({ start, end });
  });

  it('lays December 2026 out from Monday: Tuesday 1 in the second column, five weeks', () => {
    const weeks = monthWeeks('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
  });

  it('a month starting on Monday has no blank before it (February 2027: four whole weeks)', () => {
    const weeks = monthWeeks('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks.every((week) => week.every((day) => day !== null))).toBe(true);
  });

  it.each<[string, string, boolean, string | null]>([
    ['2026-12-07', 'ArrowRight', false, '2026-12-08'],
    ['2026-11-30', 'ArrowRight', false, '2026-12-01'],
    ['2026-12-01', 'ArrowLeft', false, '2026-11-30'],
    ['2026-12-03', 'ArrowDown', false, '2026-12-10'],
    ['2026-12-03', 'ArrowUp', false, '2026-11-26'],
    ['2026-12-03', 'Home', false, '2026-11-30'],
    ['2026-12-03', 'End', false, '2026-12-06'],
    ['2026-12-07', 'Home', false, '2026-12-07'],
    ['2026-12-13', 'End', false, '2026-12-13'],
    ['2026-12-07', 'PageDown', false, '2027-01-07'],
    ['2026-12-07', 'PageUp', false, '2026-11-07'],
    ['2027-01-31', 'PageDown', false, '2027-02-28'],
    ['2028-03-31', 'PageUp', false, '2028-02-29'],
    ['2026-12-07', 'PageDown', true, '2027-12-07'],
    ['2028-02-29', 'PageUp', true, '2027-02-28'],
    ['2026-12-07', 'Enter', false, null],
  ])('from %s, %s (Shift: %s) moves to %s', (date, key, shift, moved) => {
    expect(movedDate(date, key, shift)).toBe(moved);
  });
});
