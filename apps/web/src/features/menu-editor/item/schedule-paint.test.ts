import { describe, expect, it } from 'vitest';
import { moveCell, paintSlots, paintWeek, selectionOf, windowFrom, windowShowing, type ScheduleDays } from './schedule-paint';

const day = (...runs: Array<[letter: string, count: number]>) => runs.map(([letter, count]) => letter.repeat(count)).join('');
const blank = 'X'.repeat(96);
const week = (changes: Partial<ScheduleDays>): ScheduleDays => ({
  sunday: '',
  monday: '',
  tuesday: '',
  wednesday: '',
  thursday: '',
  friday: '',
  saturday: '',
  ...changes,
});

describe('painting a range of slots into a day’s letters', () => {
  it.each([
    ['11:00 to 14:00 on a blank day', blank, 44, 55, 'A', day(['X', 44], ['A', 12], ['X', 40])],
    ['dragged backwards', blank, 55, 44, 'a', day(['X', 44], ['A', 12], ['X', 40])],
    ['one slot', blank, 0, 0, 'B', day(['B', 1], ['X', 95])],
    ['the last slot', blank, 95, 95, 'C', day(['X', 95], ['C', 1])],
    ['over another price', day(['A', 96]), 64, 75, 'B', day(['A', 64], ['B', 12], ['A', 20])],
    ['not sold over a price', day(['A', 96]), 0, 43, 'X', day(['X', 44], ['A', 52])],
    ['clamped to the day', blank, -4, 200, 'D', day(['D', 96])],
    ['a short day is not sold past its end', 'AAAA', 2, 5, 'B', day(['A', 2], ['B', 4], ['X', 90])],
  ])('%s', (_case, slots, from, to, letter, expected) => {
    expect(paintSlots(slots, from, to, letter)).toBe(expected);
  });
});

describe('painting the week back into the day fields’ text', () => {
  it.each([
    [
      'Monday 11:00-14:00 A on an empty week',
      week({}),
      { fromDay: 1, toDay: 1, fromSlot: 44, toSlot: 55 },
      'A',
      week({ monday: '11:00-14:00 A' }),
    ],
    [
      'next to a typed range, joined into one',
      week({ tuesday: '9:00 - 11:00 a' }),
      { fromDay: 2, toDay: 2, fromSlot: 44, toSlot: 47 },
      'A',
      week({ tuesday: '09:00-12:00 A' }),
    ],
    [
      'a second price inside a first',
      week({ friday: '11:00-22:00 A' }),
      { fromDay: 5, toDay: 5, fromSlot: 60, toSlot: 71 },
      'B',
      week({ friday: '11:00-15:00 A, 15:00-18:00 B, 18:00-22:00 A' }),
    ],
    [
      'several days at once, a day that does not parse painted from blank, the others kept as typed',
      week({ sunday: 'brunch', wednesday: '10:00-12:00 B', thursday: 'nonsense' }),
      { fromDay: 1, toDay: 3, fromSlot: 44, toSlot: 47 },
      'C',
      week({
        sunday: 'brunch',
        monday: '11:00-12:00 C',
        tuesday: '11:00-12:00 C',
        wednesday: '10:00-11:00 B, 11:00-12:00 C',
        thursday: 'nonsense',
      }),
    ],
    [
      'not sold clears the range; a day left empty is ""',
      week({ saturday: '11:00-12:00 A' }),
      { fromDay: 6, toDay: 6, fromSlot: 0, toSlot: 95 },
      'X',
      week({ saturday: '' }),
    ],
    ['to midnight', week({}), { fromDay: 0, toDay: 0, fromSlot: 88, toSlot: 95 }, 'D', week({ sunday: '22:00-24:00 D' })],
  ])('%s', (_case, days, selection, letter, expected) => {
    expect(paintWeek(days, selection, letter)).toEqual(expected);
  });

  it('a selection is the rectangle between its corners, whichever way it was dragged', () => {
    expect(selectionOf({ day: 3, slot: 50 }, { day: 1, slot: 44 })).toEqual({ fromDay: 1, toDay: 3, fromSlot: 44, toSlot: 50 });
  });
});

describe('moving in the grid by keyboard and zooming to part of the day', () => {
  it.each([
    ['ArrowRight', { day: 1, slot: 44 }, { day: 1, slot: 45 }],
    ['ArrowRight', { day: 1, slot: 95 }, { day: 1, slot: 95 }],
    ['ArrowLeft', { day: 1, slot: 0 }, { day: 1, slot: 0 }],
    ['ArrowUp', { day: 0, slot: 10 }, { day: 0, slot: 10 }],
    ['ArrowDown', { day: 1, slot: 10 }, { day: 2, slot: 10 }],
    ['ArrowDown', { day: 6, slot: 10 }, { day: 6, slot: 10 }],
    ['Home', { day: 4, slot: 50 }, { day: 4, slot: 0 }],
    ['End', { day: 4, slot: 50 }, { day: 4, slot: 95 }],
    ['a', { day: 4, slot: 50 }, null],
  ])('%s from %o', (key, cell, expected) => {
    expect(moveCell(cell, key)).toEqual(expected);
  });

  it.each([
    [null, 80, null],
    [9, 44, 9],
    [9, 59, 9],
    [9, 60, 12],
    [9, 36, 9],
    [9, 35, 6],
    [9, 95, 18],
    [12, 0, 0],
    [0, 50, 9],
  ])('from the window at %s, slot %i is shown by the window at %s', (current, slot, expected) => {
    expect(windowShowing(current, slot)).toBe(expected);
  });

  it('a window is 6 hours of slots, or the whole day', () => {
    expect(windowFrom(null)).toEqual({ from: 0, to: 96 });
    expect(windowFrom(9)).toEqual({ from: 36, to: 60 });
    expect(windowFrom(18)).toEqual({ from: 72, to: 96 });
  });
});
