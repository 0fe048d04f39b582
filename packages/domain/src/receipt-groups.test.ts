import { describe, expect, it } from 'vitest';
import { groupByCheckout } from './receipt-groups';

let numbered = 100;
const receipt = (id: string, checkoutId: string | null, total: number, number: number | null = numbered++) => ({
  id,
  checkoutId,
  number,
  total,
});

describe('groupByCheckout', () => {
  it.each<[string, Array<ReturnType<typeof receipt>>, Array<[string | null, string[], number]>]>([
    ['nothing', [], []],
    [
      'lone orders stay apart, even two in a row',
      [receipt('a', null, 1000), receipt('b', null, 500)],
      [
        [null, ['a'], 1000],
        [null, ['b'], 500],
      ],
    ],
    [
      'a hub checkout’s vendor orders under one checkout, totalled',
      [receipt('tide', 'c1', 2420), receipt('kits', 'c1', 935), receipt('older', null, 700)],
      [
        ['c1', ['tide', 'kits'], 3355],
        [null, ['older'], 700],
      ],
    ],
    [
      'a school checkout completed after the page (its last days listed after others) is still one',
      [receipt('mon', 's1', 375), receipt('lone', null, 900), receipt('tue', 's1', 700)],
      [
        ['s1', ['mon', 'tue'], 1075],
        [null, ['lone'], 900],
      ],
    ],
    [
      'a checkout listed out of its order (same placing time) reads in its numbers’ order',
      [receipt('kits', 'h', 935, 12), receipt('tide', 'h', 2420, 11)],
      [['h', ['tide', 'kits'], 3355]],
    ],
    [
      'two checkouts, each with a free order (credits covered it)',
      [receipt('x1', 'x', 0), receipt('y1', 'y', 1200), receipt('x2', 'x', 850)],
      [
        ['x', ['x1', 'x2'], 850],
        ['y', ['y1'], 1200],
      ],
    ],
  ])('%s', (_, receipts, expected) => {
    const groups = groupByCheckout(receipts);
    expect(groups.map((group) => [group.checkoutId, group.receipts.map((entry) => entry.id), group.total])).toEqual(expected);
    // Every receipt once, and the groups' totals add up to the list's.
    expect(groups.flatMap((group) => group.receipts)).toHaveLength(receipts.length);
    expect(groups.reduce((sum, group) => sum + group.total, 0)).toBe(receipts.reduce((sum, entry) => sum + entry.total, 0));
  });
});
