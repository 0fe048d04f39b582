import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addToCart,
  addToRotationalCart,
  checkCateringMinimum,
  checkMealLimits,
  checkRotationalMeals,
  dropDatesBefore,
  isSameCartItem,
  mealQuantity,
  nextOrderId,
  removeLine,
  sameSelection,
  setLineQuantity,
  totalQuantity,
  trimToMax,
  type CartItem,
  type CartLimits,
  type CartOptionGroup,
  type NewCartItem,
  type RotationalOrder,
} from './cart';

const MEALS = new Set([500, 501]);
const isMeal: CartLimits['isMeal'] = (entry) => MEALS.has(entry.id);

const burgerOptions: CartOptionGroup[] = [
  { id: 10, values: [{ id: 100, quantity: 1, adjustedPrice: 150 }] },
  {
    id: 20,
    values: [
      { id: 200, quantity: 2, adjustedPrice: 100 },
      { id: 201, quantity: 1, adjustedPrice: 250, options: [{ id: 30, values: [{ id: 300, quantity: 1 }] }] },
    ],
  },
];
/** The same choices written in another order, without prices. */
const burgerOptionsReordered: CartOptionGroup[] = [
  {
    id: 20,
    values: [
      { id: 201, quantity: 1, options: [{ id: 30, values: [{ id: 300, quantity: 1 }] }] },
      { id: 200, quantity: 2 },
    ],
  },
  { id: 10, values: [{ id: 100, quantity: 1 }] },
];

const newItem = (id: number, quantity: number, orderPrice: number, fields: Partial<NewCartItem> = {}): NewCartItem => ({
  id,
  menu_id: 1,
  section_id: 2,
  quantity,
  orderPrice,
  orderOptions: [],
  ...fields,
});
const line = (orderId: number, id: number, quantity: number, orderPrice: number, fields: Partial<CartItem> = {}): CartItem => ({
  ...newItem(id, quantity, orderPrice),
  orderId,
  ...fields,
});

describe('nextOrderId', () => {
  it('is the largest orderId + 1', () => {
    expect(nextOrderId([])).toBe(1);
    expect(nextOrderId([{ orderId: 3 }, { orderId: 1 }])).toBe(4);
  });
});

describe('identical items', () => {
  it('compares selections ignoring the order of groups and values, and prices', () => {
    expect(sameSelection(burgerOptions, burgerOptionsReordered)).toBe(true);
    expect(sameSelection([], undefined)).toBe(true);
  });

  it.each<[string, CartOptionGroup[]]>([
    ['another quantity', [{ id: 10, values: [{ id: 100, quantity: 2 }] }]],
    ['another value', [{ id: 10, values: [{ id: 101, quantity: 1 }] }]],
    [
      'an extra group',
      [
        { id: 10, values: [{ id: 100, quantity: 1 }] },
        { id: 11, values: [{ id: 110, quantity: 1 }] },
      ],
    ],
    ['another nested choice', [{ id: 10, values: [{ id: 100, quantity: 1, options: [{ id: 30, values: [{ id: 301, quantity: 1 }] }] }] }]],
  ])('tells %s apart', (_, other) => {
    expect(sameSelection([{ id: 10, values: [{ id: 100, quantity: 1 }] }], other)).toBe(false);
  });

  it('counts two entries of one group as one group', () => {
    const split: CartOptionGroup[] = [
      { id: 20, values: [{ id: 200, quantity: 1 }] },
      { id: 20, values: [{ id: 201, quantity: 1 }] },
    ];
    expect(
      sameSelection(split, [
        {
          id: 20,
          values: [
            { id: 201, quantity: 1 },
            { id: 200, quantity: 1 },
          ],
        },
      ]),
    ).toBe(true);
  });

  it('needs the same item, menu and section', () => {
    const a = newItem(1, 1, 100);
    expect(isSameCartItem(a, { ...a })).toBe(true);
    expect(isSameCartItem(a, { ...a, id: 2 })).toBe(false);
    expect(isSameCartItem(a, { ...a, menu_id: 9 })).toBe(false);
    expect(isSameCartItem(a, { ...a, section_id: null })).toBe(false);
  });
});

describe('addToCart', () => {
  it('adds a new line with the next orderId', () => {
    const result = addToCart([line(4, 1, 1, 500)], newItem(2, 2, 1800));
    expect(result).toEqual({
      ok: true,
      items: [line(4, 1, 1, 500), line(5, 2, 2, 1800)],
      orderId: 5,
      merged: false,
      added: 2,
      capped: false,
      limitedBy: null,
    });
  });

  it('merges an identical item with identical options into quantity and price', () => {
    const cart = [line(1, 7, 1, 1100, { orderOptions: burgerOptions }), line(2, 8, 1, 300)];
    const result = addToCart(cart, newItem(7, 2, 2200, { orderOptions: burgerOptionsReordered }));
    expect(result).toMatchObject({ ok: true, orderId: 1, merged: true, added: 2, capped: false });
    expect(result.ok && result.items.map((entry) => [entry.orderId, entry.quantity, entry.orderPrice])).toEqual([
      [1, 3, 3300],
      [2, 1, 300],
    ]);
  });

  it('caps the added quantity at maxItemsPerCart, price in proportion', () => {
    // 20 in the cart, limit 22: 2 of the 5 fit, at 2/5 of 5000.
    const result = addToCart([line(1, 1, 20, 20000)], newItem(2, 5, 5000), { maxItemsPerCart: 22 });
    expect(result).toMatchObject({ ok: true, added: 2, capped: true, limitedBy: 'maxItemsPerCart' });
    expect(result.ok && result.items[1]).toMatchObject({ quantity: 2, orderPrice: 2000 });
  });

  it('refuses when nothing fits', () => {
    expect(addToCart([line(1, 1, 22, 100)], newItem(2, 1, 100), { maxItemsPerCart: 22 })).toEqual({
      ok: false,
      error: 'MAX_ITEMS_PER_CART',
      limit: 22,
    });
    expect(addToCart([line(1, 500, 2, 100)], newItem(501, 1, 100), { maxMealsPerCart: 2, isMeal })).toEqual({
      ok: false,
      error: 'MAX_MEALS_PER_CART',
      limit: 2,
    });
  });

  it('caps meals at maxMealsPerCart; other items are not meals', () => {
    const cart = [line(1, 500, 1, 600)];
    expect(addToCart(cart, newItem(501, 3, 1800), { maxMealsPerCart: 2, isMeal })).toMatchObject({
      ok: true,
      added: 1,
      capped: true,
      limitedBy: 'maxMealsPerCart',
    });
    expect(addToCart(cart, newItem(9, 3, 300), { maxMealsPerCart: 2, isMeal })).toMatchObject({ ok: true, added: 3, capped: false });
  });

  it('names the tighter limit', () => {
    const result = addToCart([line(1, 500, 1, 600)], newItem(501, 5, 3000), { maxItemsPerCart: 3, maxMealsPerCart: 2, isMeal });
    expect(result).toMatchObject({ ok: true, added: 1, limitedBy: 'maxMealsPerCart' });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a quantity of %j', (quantity) => {
    expect(addToCart([], newItem(1, quantity, 100))).toEqual({ ok: false, error: 'INVALID_QUANTITY' });
  });
});

describe('setLineQuantity and removeLine', () => {
  const cart = [line(1, 1, 2, 1000), line(2, 2, 1, 300)];

  it('changes a quantity and the price in proportion', () => {
    expect(setLineQuantity(cart, 1, 5).items[0]).toMatchObject({ quantity: 5, orderPrice: 2500 });
    expect(setLineQuantity(cart, 1, 1).items[0]).toMatchObject({ quantity: 1, orderPrice: 500 });
  });

  it('caps a raise at the limits', () => {
    expect(setLineQuantity(cart, 1, 10, { maxItemsPerCart: 4 })).toMatchObject({ quantity: 3, capped: true, limitedBy: 'maxItemsPerCart' });
  });

  it('removes the line at 0, and ignores an unknown line', () => {
    expect(setLineQuantity(cart, 1, 0).items).toEqual([cart[1]]);
    expect(removeLine(cart, 2)).toEqual([cart[0]]);
    expect(setLineQuantity(cart, 9, 3).items).toEqual(cart);
  });
});

describe('K-12 carts per date', () => {
  it('keeps one cart per date, with the limits per date', () => {
    let orders: RotationalOrder[] = [];
    const add = (date: string, entry: NewCartItem) => {
      const result = addToRotationalCart(orders, date, entry, { maxMealsPerCart: 1, isMeal });
      if (result.ok && result.orders) orders = result.orders;
      return result;
    };
    expect(add('2026-03-03', newItem(500, 1, 600))).toMatchObject({ ok: true, added: 1 });
    expect(add('2026-03-02', newItem(500, 1, 600))).toMatchObject({ ok: true, added: 1 });
    // The 3rd already has its one meal; a drink still fits.
    expect(add('2026-03-03', newItem(501, 1, 600))).toEqual({ ok: false, error: 'MAX_MEALS_PER_CART', limit: 1 });
    expect(add('2026-03-03', newItem(9, 1, 150))).toMatchObject({ ok: true, orderId: 2 });
    expect(orders.map((order) => [order.date, order.orderId, order.items.map((entry) => entry.id)])).toEqual([
      ['2026-03-02', 2, [500]],
      ['2026-03-03', 1, [500, 9]],
    ]);
    expect(dropDatesBefore(orders, '2026-03-03').map((order) => order.date)).toEqual(['2026-03-03']);
  });

  it('checks min and max meals per date', () => {
    const orders: RotationalOrder[] = [
      { date: '2026-03-02', orderId: 1, items: [line(1, 500, 1, 600)] },
      { date: '2026-03-03', orderId: 2, items: [line(1, 9, 1, 150)] },
    ];
    expect(checkRotationalMeals(orders, { minMealsPerCart: 1, isMeal })).toEqual({
      ok: false,
      error: 'MIN_MEALS_PER_CART',
      limit: 1,
      meals: 0,
      date: '2026-03-03',
    });
    expect(checkRotationalMeals(orders.slice(0, 1), { minMealsPerCart: 1, maxMealsPerCart: 2, isMeal })).toEqual({ ok: true, meals: 1 });
  });
});

describe('checkMealLimits', () => {
  it.each([
    [[line(1, 500, 2, 1200)], { minMealsPerCart: 1, maxMealsPerCart: 2 }, { ok: true, meals: 2 }],
    [[line(1, 500, 3, 1800)], { maxMealsPerCart: 2 }, { ok: false, error: 'MAX_MEALS_PER_CART', limit: 2, meals: 3 }],
    [[line(1, 9, 3, 300)], { minMealsPerCart: 1 }, { ok: false, error: 'MIN_MEALS_PER_CART', limit: 1, meals: 0 }],
    [[], { minMealsPerCart: 1 }, { ok: true, meals: 0 }],
  ])('%j with %j -> %j', (items, limits, expected) => {
    expect(checkMealLimits(items, { ...limits, isMeal })).toEqual(expected);
  });
});

describe('checkCateringMinimum', () => {
  it.each([
    [14999, 15000, { ok: false, error: 'BELOW_CATERING_MINIMUM', minimum: 15000, subtotal: 14999, missing: 1 }],
    [15000, 15000, { ok: true }],
    [0, null, { ok: true }],
  ])('subtotal %i against %j', (subtotal, minimum, expected) => {
    expect(checkCateringMinimum(subtotal, minimum)).toEqual(expected);
  });
});

describe('trimToMax', () => {
  it('keeps lines in order and trims the quantity that does not fit, price in proportion', () => {
    const items = [line(1, 1, 10, 1000), line(2, 2, 10, 3000), line(3, 3, 5, 500)];
    expect(trimToMax(items, { maxItemsPerCart: 12 })).toEqual({
      items: [items[0], { ...items[1], quantity: 2, orderPrice: 600 }],
      trimmed: true,
    });
    expect(trimToMax(items, { maxItemsPerCart: 25 })).toEqual({ items, trimmed: false });
    expect(trimToMax(items, {})).toEqual({ items, trimmed: false });
  });

  it('trims meals too', () => {
    const items = [line(1, 500, 2, 1200), line(2, 9, 1, 100), line(3, 501, 2, 1200)];
    expect(trimToMax(items, { maxMealsPerCart: 3, isMeal }).items.map((entry) => entry.quantity)).toEqual([2, 1, 1]);
  });
});

describe('properties', () => {
  const itemArb = fc.record({
    id: fc.constantFrom(1, 2, 500, 501),
    quantity: fc.integer({ min: 1, max: 30 }),
    unit: fc.integer({ min: 0, max: 5000 }),
    options: fc.constantFrom<CartOptionGroup[]>([], burgerOptions, burgerOptionsReordered),
  });
  const toNew = ({ id, quantity, unit, options }: { id: number; quantity: number; unit: number; options: CartOptionGroup[] }) =>
    newItem(id, quantity, unit * quantity, { orderOptions: options });

  it('the total quantity never exceeds maxItemsPerCart, nor meals maxMealsPerCart', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (adds, max, maxMeals) => {
          const limits: CartLimits = { maxItemsPerCart: max, maxMealsPerCart: maxMeals, isMeal };
          let cart: CartItem[] = [];
          for (const entry of adds) {
            const result = addToCart(cart, toNew(entry), limits);
            if (result.ok) {
              expect(result.added).toBeGreaterThan(0);
              expect(result.added).toBeLessThanOrEqual(entry.quantity);
              cart = result.items;
            }
            expect(totalQuantity(cart)).toBeLessThanOrEqual(max);
            expect(mealQuantity(cart, isMeal)).toBeLessThanOrEqual(maxMeals);
          }
          const orderIds = cart.map((entry) => entry.orderId);
          expect(new Set(orderIds).size).toBe(orderIds.length);
          for (const [index, entry] of cart.entries()) {
            expect(cart.slice(index + 1).some((other) => isSameCartItem(entry, other))).toBe(false);
          }
        },
      ),
    );
  });

  it('merging identical items is commutative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 500),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
        (id, qa, qb, unit, max) => {
          const a = newItem(id, qa, unit * qa, { orderOptions: burgerOptions });
          const b = newItem(id, qb, unit * qb, { orderOptions: burgerOptionsReordered });
          const run = (first: NewCartItem, second: NewCartItem) => {
            let cart: CartItem[] = [];
            for (const entry of [first, second]) {
              const result = addToCart(cart, entry, { maxItemsPerCart: max });
              if (result.ok) cart = result.items;
            }
            return cart.map((entry) => [entry.quantity, entry.orderPrice]);
          };
          expect(run(a, b)).toEqual(run(b, a));
          expect(run(a, b)).toEqual([[Math.min(qa + qb, max ?? Infinity), unit * Math.min(qa + qb, max ?? Infinity)]]);
        },
      ),
    );
  });

  it('trimToMax leaves a cart within its limits and keeps what fits untouched', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 20 }), fc.integer({ min: 1, max: 60 }), (entries, max) => {
        const items = entries.map((entry, index) => ({ ...toNew(entry), orderId: index + 1, section_id: index }));
        const { items: kept, trimmed } = trimToMax(items, { maxItemsPerCart: max });
        expect(totalQuantity(kept)).toBe(Math.min(max, totalQuantity(items)));
        expect(trimmed).toBe(totalQuantity(items) > max);
        expect(kept.every((entry) => entry.quantity >= 1)).toBe(true);
      }),
    );
  });
});
