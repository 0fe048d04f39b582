import type { StandingChoiceGroup } from '@servery/contracts/standing-orders';
import { describe, expect, it } from 'vitest';
import { chosenOf, orderOptionsOf, type Chosen } from './choice-groups';

// Pancakes' choices (tenants/maple-school.json): a drink, and a fruit or vegetable whose carrot sticks take a dip.
const value = (id: number, groups: StandingChoiceGroup[] = []) => ({ id, name: `value ${id}`, price: 0, groups });
const DIP: StandingChoiceGroup = { id: 2950, name: 'Dip', required: true, multiple: false, values: [value(2951), value(2952)] };
const GROUPS: StandingChoiceGroup[] = [
  { id: 2524, name: 'Drink', required: true, multiple: false, values: [value(2684), value(2686)] },
  { id: 2525, name: 'Fruit or vegetable', required: true, multiple: false, values: [value(2688), value(2689, [DIP])] },
  { id: 9000, name: 'Extras', required: false, multiple: true, values: [value(9001), value(9002)] },
];

describe('orderOptionsOf', () => {
  it.each<[string, Chosen, unknown]>([
    [
      'a value without groups of its own: nothing nested, even with a dip left chosen from before',
      { 2524: [2684], 2525: [2688], 2950: [2952], 9000: [] },
      [
        { id: 2524, values: [{ id: 2684, quantity: 1 }] },
        { id: 2525, values: [{ id: 2688, quantity: 1 }] },
      ],
    ],
    [
      'the carrot sticks: their dip nested inside them',
      { 2524: [2686], 2525: [2689], 2950: [2952] },
      [
        { id: 2524, values: [{ id: 2686, quantity: 1 }] },
        { id: 2525, values: [{ id: 2689, quantity: 1, options: [{ id: 2950, values: [{ id: 2952, quantity: 1 }] }] }] },
      ],
    ],
    [
      'several values of a multiple group',
      { 2524: [2684], 2525: [2688], 9000: [9002, 9001] },
      [
        { id: 2524, values: [{ id: 2684, quantity: 1 }] },
        { id: 2525, values: [{ id: 2688, quantity: 1 }] },
        {
          id: 9000,
          values: [
            { id: 9001, quantity: 1 },
            { id: 9002, quantity: 1 },
          ],
        },
      ],
    ],
  ])('%s', (_case, chosen, options) => {
    expect(orderOptionsOf(GROUPS, chosen)).toEqual(options);
  });
});

describe('chosenOf', () => {
  it.each<[string, Parameters<typeof chosenOf>[1], Chosen]>([
    [
      'a new meal: each required single group, nested ones too, at its first value',
      undefined,
      { 2524: [2684], 2525: [2688], 2950: [2951], 9000: [] },
    ],
    [
      'a meal changed: its choices, nested ones too',
      [
        { id: 2524, values: [{ id: 2686, quantity: 1 }] },
        { id: 2525, values: [{ id: 2689, quantity: 1, options: [{ id: 2950, values: [{ id: 2952, quantity: 1 }] }] }] },
        { id: 9000, values: [{ id: 9002, quantity: 1 }] },
      ],
      { 2524: [2686], 2525: [2689], 2950: [2952], 9000: [9002] },
    ],
  ])('%s', (_case, line, chosen) => {
    expect(chosenOf(GROUPS, line)).toEqual(chosen);
  });
});
