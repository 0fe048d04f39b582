import type { StaffOrder } from '@servery/contracts/staff';
import { describe, expect, it } from 'vitest';
import { stationActionsFor, stationKeysFor } from './station-rules';

type Status = StaffOrder['status'];
const order = (status: Status, bar: Array<boolean>, kitchen: Array<boolean> = []) => ({
  status,
  lines: [
    ...bar.map((bumped) => ({ station: 'bar', bumped })),
    ...kitchen.map((bumped) => ({ station: 'kitchen', bumped })),
  ] as StaffOrder['lines'],
});

describe('what a station may do with an order', () => {
  it.each<[string, ReturnType<typeof order>, string[], string]>([
    ['accepted, nothing made yet', order('accepted', [false, false]), ['bump'], 'B'],
    ['preparing, one of two made', order('preparing', [true, false]), ['bump'], 'B'],
    ['preparing, all made here (the kitchen still cooking)', order('preparing', [true, true], [false]), ['recall'], 'U'],
    ['ready by the last bump: recalled back to the kitchen', order('ready', [true], [true]), ['recall'], 'U'],
    ['ready by the board’s own Ready, nothing bumped: made all the same', order('ready', [false], [false]), ['recall'], 'U'],
    ['placed: not at the stations yet', order('placed', [false]), [], ''],
    ['completed: gone', order('completed', [true]), [], ''],
    ['cancelled', order('cancelled', [false]), [], ''],
    ['nothing at this station', order('preparing', [], [false]), [], ''],
  ])('%s', (_, subject, actions, keys) => {
    expect(stationActionsFor(subject, 'bar')).toEqual(actions);
    expect(stationKeysFor(subject, 'bar')).toBe(keys);
  });
});
