import { describe, expect, it } from 'vitest';
import { CART_TTL_MS, cartStorageKey, savedCartCount, dayCartsStorageKey } from './cart-count';

const NOW = Date.parse('2026-11-24T18:00:00Z');
const storageOf = (entries: Record<string, unknown>) => ({
  getItem: (key: string) =>
    key in entries ? (typeof entries[key] === 'string' ? (entries[key] as string) : JSON.stringify(entries[key])) : null,
});
const schoolCart = (savedAt: number, ...dates: number[][]) => ({
  version: 1,
  userId: 7,
  savedAt,
  studentId: null,
  orders: dates.map((quantities, index) => ({
    date: `2026-12-0${index + 1}`,
    studentId: 1,
    orderId: index + 1,
    items: quantities.map((quantity, line) => ({ id: 2100 + line, menu_id: 2010, quantity, orderPrice: 700 * quantity, orderOptions: [] })),
  })),
});

describe('savedCartCount', () => {
  it.each<[string, Record<string, unknown>, number]>([
    ['no cart', {}, 0],
    ['a restaurant cart', { [cartStorageKey('maple-school')]: { savedAt: NOW, items: [{ quantity: 2 }, { quantity: 1 }] } }, 3],
    ['a school cart: every date’s lines', { [dayCartsStorageKey('maple-school')]: schoolCart(NOW, [1, 2], [1]) }, 4],
    [
      'both carts add up',
      {
        [cartStorageKey('maple-school')]: { savedAt: NOW, items: [{ quantity: 1 }] },
        [dayCartsStorageKey('maple-school')]: schoolCart(NOW, [2]),
      },
      3,
    ],
    ['a school cart half a day old is gone', { [dayCartsStorageKey('maple-school')]: schoolCart(NOW - CART_TTL_MS, [1]) }, 0],
    ['another restaurant’s school cart is not counted', { [dayCartsStorageKey('maple-bistro')]: schoolCart(NOW, [1]) }, 0],
    ['a school cart that is not one', { [dayCartsStorageKey('maple-school')]: { savedAt: NOW, orders: 'three' } }, 0],
    ['text that is not JSON', { [dayCartsStorageKey('maple-school')]: '{', [cartStorageKey('maple-school')]: 'null' }, 0],
  ])('%s: %i', (_case, entries, count) => {
    expect(savedCartCount(storageOf(entries), 'maple-school', NOW)).toBe(count);
  });
});
