import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { lastItemsOrdered } from './order-again';

const line = (id: number, quantity: number, orderPrice: number, orderOptions: CartItem['orderOptions'] = []): CartItem => ({
  id,
  menu_id: 10,
  section_id: 20,
  orderId: 99,
  quantity,
  orderPrice,
  orderOptions,
  specialInstructions: 'extra napkins',
});
const cheddar = [{ id: 5, values: [{ id: 51, quantity: 1 }] }];
const swiss = [{ id: 5, values: [{ id: 52, quantity: 1 }] }];

describe('lastItemsOrdered', () => {
  it.each([
    ['no orders', [], 5, []],
    ['one line of two becomes a line of one at the unit price', [[line(1, 2, 1600)]], 5, [[1, 800, []]]],
    ['the same item and choices twice, once (newest kept)', [[line(1, 1, 900)], [line(1, 3, 2400)]], 5, [[1, 900, []]]],
    [
      'the same item with other choices, twice',
      [[line(2, 1, 1900, cheddar), line(2, 1, 2000, swiss)]],
      5,
      [
        [2, 1900, cheddar],
        [2, 2000, swiss],
      ],
    ],
    [
      'newest order first, then its lines in order',
      [[line(3, 1, 500), line(4, 1, 600)], [line(5, 1, 700)]],
      5,
      [
        [3, 500, []],
        [4, 600, []],
        [5, 700, []],
      ],
    ],
    [
      'at most the limit',
      [[line(3, 1, 500), line(4, 1, 600)], [line(5, 1, 700)]],
      2,
      [
        [3, 500, []],
        [4, 600, []],
      ],
    ],
  ] as const)('%s', (_name, orders, limit, expected) => {
    const items = lastItemsOrdered(orders as unknown as CartItem[][], limit);
    expect(items.map((item) => [item.id, item.orderPrice, item.orderOptions])).toEqual(expected);
    // Each a line of one, numbered afresh, without the diner's old note.
    items.forEach((item, index) => {
      expect(item).toMatchObject({ quantity: 1, orderId: index + 1 });
      expect(item.specialInstructions).toBeUndefined();
    });
  });

  it('treats choices in another order as the same choices', () => {
    const a = [
      {
        id: 5,
        values: [
          { id: 51, quantity: 1 },
          { id: 53, quantity: 2 },
        ],
      },
      { id: 6, values: [{ id: 61, quantity: 1 }] },
    ];
    const b = [
      { id: 6, values: [{ id: 61, quantity: 1 }] },
      {
        id: 5,
        values: [
          { id: 53, quantity: 2 },
          { id: 51, quantity: 1 },
        ],
      },
    ];
    expect(lastItemsOrdered([[line(7, 1, 100, a)], [line(7, 1, 100, b)]], 5)).toHaveLength(1);
  });
});
