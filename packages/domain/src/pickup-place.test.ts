import { describe, expect, it } from 'vitest';
import { pickupPlace, type PickupPlaceOrder } from './pickup-place';

const pickup: PickupPlaceOrder = { delivered: false, tableNum: null, suite: false };

describe('pickupPlace', () => {
  it.each<[string, string | null | undefined, PickupPlaceOrder, string | null]>([
    ['a pickup at a venue with a concourse', 'Main concourse', pickup, 'Main concourse'],
    ['spaces around the name are not shown', '  Level 100 concourse ', pickup, 'Level 100 concourse'],
    ['no concourse', null, pickup, null],
    ['an absent concourse', undefined, pickup, null],
    ['an empty concourse', '   ', pickup, null],
    ['a delivery is brought to the diner', 'Main concourse', { ...pickup, delivered: true }, null],
    ['a table’s order is brought to the table', 'Main concourse', { ...pickup, tableNum: '12' }, null],
    ['an empty table number is no table', 'Main concourse', { ...pickup, tableNum: '' }, 'Main concourse'],
    ['a suite’s order is brought to the suite', 'Main concourse', { ...pickup, suite: true }, null],
  ])('%s', (_case, concourse, order, expected) => {
    expect(pickupPlace(concourse, order)).toBe(expected);
  });
});
