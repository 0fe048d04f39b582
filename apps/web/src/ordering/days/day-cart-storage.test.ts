import { describe, expect, it } from 'vitest';
import { CART_TTL_MS, dayCartsStorageKey } from '../../lib/cart-count';
import { readDayCarts, saveDayCarts } from './day-cart-storage';

const NOW = Date.parse('2026-11-29T15:00:00Z');
const LINE = { id: 2100, menu_id: 2010, section_id: 2050, orderId: 1, quantity: 1, orderPrice: 750, orderOptions: [] };
const DAY = { date: '2026-11-30', studentId: 31, orderId: 1, items: [LINE] };

function storageWith(saved: unknown): Storage {
  localStorage.clear();
  localStorage.setItem(dayCartsStorageKey('maple-school'), JSON.stringify(saved));
  return localStorage;
}

describe('day carts kept in the browser', () => {
  it.each([
    ['the parent who saved them', { userId: 7, studentId: 31, orders: [DAY] }, 7, { studentId: 31, orders: [DAY] }],
    [
      "a guest's, taken by whoever signs in, the children chosen again",
      { userId: null, studentId: 31, orders: [DAY] },
      7,
      { studentId: null, orders: [{ ...DAY, studentId: null }] },
    ],
    ["another parent's: never shown", { userId: 8, studentId: 31, orders: [DAY] }, 7, null],
    ['half a day old: gone', { userId: 7, studentId: 31, orders: [DAY], savedAt: NOW - CART_TTL_MS - 1 }, 7, null],
    [
      'a line without its id (the cart rules of ordering/cart/cart-storage.ts)',
      { userId: 7, studentId: 31, orders: [{ ...DAY, items: [{ ...LINE, orderId: undefined }] }] },
      7,
      null,
    ],
    ['a negative price', { userId: 7, studentId: 31, orders: [{ ...DAY, items: [{ ...LINE, orderPrice: -1 }] }] }, 7, null],
    ['a date that is not one', { userId: 7, studentId: 31, orders: [{ ...DAY, date: '30/11/2026' }] }, 7, null],
  ])('%s', (_name, saved, userId, expected) => {
    const storage = storageWith({ version: 1, savedAt: NOW - 1000, ...saved });
    const read = readDayCarts(storage, 'maple-school', userId, NOW);
    expect(read === null ? null : { studentId: read.studentId, orders: read.orders }).toEqual(expected);
    // What cannot be read is forgotten.
    if (expected === null) expect(storage.getItem(dayCartsStorageKey('maple-school'))).toBeNull();
  });

  it('forgets the carts once they are empty and no child is chosen', () => {
    const storage = storageWith({ version: 1, savedAt: NOW, userId: 7, studentId: 31, orders: [DAY] });
    saveDayCarts(storage, 'maple-school', { userId: 7, savedAt: NOW, studentId: null, orders: [] });
    expect(storage.getItem(dayCartsStorageKey('maple-school'))).toBeNull();
  });
});
