import { describe, expect, it } from 'vitest';
import { dayRanges, formatDayRanges, parseDayRanges, slotTime } from './price-schedule-ranges';

const day = (...runs: Array<[letter: string, count: number]>) => runs.map(([letter, count]) => letter.repeat(count)).join('');

describe('a weekday of a price schedule as time ranges', () => {
  it.each([
    { slots: 'X'.repeat(96), text: '' },
    { slots: 'A'.repeat(96), text: '00:00-24:00 A' },
    { slots: day(['X', 44], ['A', 20], ['B', 12], ['A', 16], ['X', 4]), text: '11:00-16:00 A, 16:00-19:00 B, 19:00-23:00 A' },
    { slots: day(['A', 1], ['X', 94], ['C', 1]), text: '00:00-00:15 A, 23:45-24:00 C' },
  ])('reads and writes $text', ({ slots, text }) => {
    expect(formatDayRanges(slots)).toBe(text);
    expect(parseDayRanges(text)).toBe(slots);
  });

  it('reads a lower-case x as not sold, lower-case letters as upper case, and a short day as X past its end', () => {
    expect(dayRanges('xxaaB')).toEqual([
      { from: 2, to: 4, letter: 'A' },
      { from: 4, to: 5, letter: 'B' },
    ]);
    expect(slotTime(66)).toBe('16:30');
  });

  it.each([
    ['11 h - 16 h a', day(['X', 44], ['A', 20], ['X', 32])],
    ['9:30 to 10:00 B; 10:00-10:15 A', day(['X', 38], ['B', 2], ['A', 1], ['X', 55])],
    ['11h00 à 12h00 B', day(['X', 44], ['B', 4], ['X', 48])],
  ])('takes %j', (text, slots) => {
    expect(parseDayRanges(text)).toBe(slots);
  });

  it.each([
    ['11:10-12:00 A', 'not on the quarter hour'],
    ['12:00-11:00 A', 'ends before it starts'],
    ['11:00-11:00 A', 'empty'],
    ['11:00-25:00 A', 'past the day'],
    ['11:00-13:00 A, 12:00-14:00 B', 'overlaps'],
    ['11:00-13:00 X', 'X is not a price'],
    ['11:00-13:00', 'no letter'],
    ['11:00-13:00 AB', 'two letters'],
    ['lunch A', 'no times'],
  ])('refuses %j (%s)', (text) => {
    expect(parseDayRanges(text)).toBeNull();
  });
});
