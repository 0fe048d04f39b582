import { describe, expect, it } from 'vitest';
import type { CartLimits, NewCartItem } from './cart';
import {
  addToSchoolCart,
  allergensFound,
  allergensInLines,
  checkSchoolMeals,
  dropClosedDates,
  groupByStudent,
  mealsOn,
  moveToStudent,
  setSchoolLineQuantity,
  type SchoolCartOrder,
} from './school-cart';

const MEALS = new Set([2100, 2101]);
const isMeal: CartLimits['isMeal'] = (entry) => MEALS.has(entry.id);
const LIMITS: CartLimits & { minMealsPerCart: number } = { maxMealsPerCart: 2, minMealsPerCart: 1, isMeal };

const meal = (id = 2100, quantity = 1): NewCartItem => ({
  id,
  menu_id: 2010,
  section_id: null,
  quantity,
  orderPrice: 750 * quantity,
  orderOptions: [],
});
const apple: NewCartItem = { id: 2114, menu_id: 2017, section_id: null, quantity: 1, orderPrice: 100, orderOptions: [] };

function fill(steps: Array<[string, number | null, NewCartItem]>): SchoolCartOrder[] {
  let orders: SchoolCartOrder[] = [];
  for (const [date, studentId, item] of steps) {
    const result = addToSchoolCart(orders, { date, studentId }, item, LIMITS);
    if (!result.ok || !result.orders) throw new Error(`could not add ${item.id} on ${date}`);
    orders = result.orders;
  }
  return orders;
}

describe('addToSchoolCart', () => {
  it('keeps one cart per date and child, sorted by date then child, each with its own order id', () => {
    const orders = fill([
      ['2026-12-02', 7, meal()],
      ['2026-11-30', 8, meal()],
      ['2026-11-30', 7, apple],
      ['2026-11-30', 7, meal()],
    ]);
    expect(orders.map((order) => [order.date, order.studentId, order.orderId, order.items.length])).toEqual([
      ['2026-11-30', 7, 3, 2],
      ['2026-11-30', 8, 2, 1],
      ['2026-12-02', 7, 1, 1],
    ]);
  });

  it.each([
    { name: 'a third meal the same day for the same child is refused', steps: 2, key: { date: '2026-11-30', studentId: 7 }, ok: false },
    { name: 'the same child another day is another cart', steps: 2, key: { date: '2026-12-01', studentId: 7 }, ok: true },
    { name: 'another child the same day is another cart', steps: 2, key: { date: '2026-11-30', studentId: 8 }, ok: true },
  ])('meals are capped per child and school day: $name', ({ steps, key, ok }) => {
    const orders = fill(Array.from({ length: steps }, () => ['2026-11-30', 7, meal()] as [string, number, NewCartItem]));
    const result = addToSchoolCart(orders, key, meal(2101), LIMITS);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result).toEqual({ ok: false, error: 'MAX_MEALS_PER_CART', limit: 2 });
  });

  it('snacks are not meals: they never count against the meal limit', () => {
    const orders = fill([
      ['2026-11-30', 7, meal(2100, 2)],
      ['2026-11-30', 7, apple],
      ['2026-11-30', 7, apple],
    ]);
    expect(mealsOn(orders, { date: '2026-11-30', studentId: 7 }, isMeal)).toBe(2);
    expect(orders[0]?.items.map((line) => [line.id, line.quantity, line.orderPrice])).toEqual([
      [2100, 2, 1500],
      [2114, 2, 200],
    ]);
  });
});

describe('setSchoolLineQuantity', () => {
  it('changes a line, caps a raise at the meal limit, and removes a cart whose last line goes', () => {
    const orders = fill([
      ['2026-11-30', 7, meal()],
      ['2026-12-01', 7, meal()],
    ]);
    const raised = setSchoolLineQuantity(orders, { date: '2026-11-30', studentId: 7 }, 1, 5, LIMITS);
    expect(raised.capped).toBe(true);
    expect(raised.orders[0]?.items[0]).toMatchObject({ quantity: 2, orderPrice: 1500 });
    const removed = setSchoolLineQuantity(raised.orders, { date: '2026-11-30', studentId: 7 }, 1, 0, LIMITS);
    expect(removed.orders.map((order) => order.date)).toEqual(['2026-12-01']);
  });
});

describe('moveToStudent', () => {
  it('gives a day to another child, merging into that child’s cart of the same day', () => {
    const orders = fill([
      ['2026-11-30', null, meal()],
      ['2026-11-30', 8, apple],
      ['2026-12-01', null, meal()],
    ]);
    const moved = moveToStudent(orders, { date: '2026-11-30', studentId: null }, 8, LIMITS);
    expect(moved.ok && moved.orders.map((order) => [order.date, order.studentId, order.items.map((line) => line.id)])).toEqual([
      ['2026-11-30', 8, [2114, 2100]],
      ['2026-12-01', null, [2100]],
    ]);
  });

  it('refuses a merge that would go past the child’s meals that day, changing nothing', () => {
    const orders = fill([
      ['2026-11-30', 7, meal(2100, 2)],
      ['2026-11-30', 8, meal(2101)],
    ]);
    expect(moveToStudent(orders, { date: '2026-11-30', studentId: 7 }, 8, LIMITS)).toEqual({
      ok: false,
      error: 'MAX_MEALS_PER_CART',
      limit: 2,
    });
  });
});

describe('dropClosedDates', () => {
  it.each([
    { first: '2026-11-30', kept: ['2026-11-30', '2026-12-01'], dropped: [] },
    { first: '2026-12-01', kept: ['2026-12-01'], dropped: ['2026-11-30'] },
    { first: '2026-12-02', kept: [], dropped: ['2026-11-30', '2026-12-01'] },
  ])('dates before $first go, each named once', ({ first, kept, dropped }) => {
    const orders = fill([
      ['2026-11-30', 7, meal()],
      ['2026-11-30', 8, meal()],
      ['2026-12-01', 7, meal()],
    ]);
    const result = dropClosedDates(orders, first);
    expect([...new Set(result.orders.map((order) => order.date))]).toEqual(kept);
    expect(result.dropped).toEqual(dropped);
  });
});

describe('checkSchoolMeals', () => {
  it('holds every child’s day to the minimum, naming the day and child', () => {
    const orders = fill([
      ['2026-11-30', 7, meal()],
      ['2026-12-01', 8, apple],
    ]);
    expect(checkSchoolMeals(orders, LIMITS)).toEqual({
      ok: false,
      error: 'MIN_MEALS_PER_CART',
      limit: 1,
      date: '2026-12-01',
      studentId: 8,
    });
    expect(checkSchoolMeals(orders.slice(0, 1), LIMITS)).toEqual({ ok: true });
  });
});

describe('allergensFound', () => {
  it.each([
    { item: 'Gluten,Dairy', child: ['Dairy'], found: ['Dairy'] },
    { item: 'Gluten, Egg', child: ['egg', 'Peanuts'], found: ['Egg'] },
    { item: 'Gluten,Dairy', child: 'Dairy,Gluten', found: ['Gluten', 'Dairy'] },
    { item: '', child: ['Dairy'], found: [] },
    { item: null, child: ['Dairy'], found: [] },
    { item: 'Soy,Sesame', child: [], found: [] },
    { item: 'Soy', child: null, found: [] },
  ])('$item against $child gives $found', ({ item, child, found }) => {
    expect(allergensFound(item, child)).toEqual(found);
  });
});

describe('allergensInLines', () => {
  // A day's cart given to another child: spaghetti (gluten, egg) with white milk (dairy), an apple.
  const lines = [
    { name: 'Spaghetti', allergens: 'Gluten,Egg,Dairy' },
    { name: 'Apple', allergens: '' },
    { name: 'Cookie', allergens: 'Gluten, Dairy, Egg' },
  ];
  it.each<[string, readonly string[] | null, Array<[string, string[]]>]>([
    [
      'a child allergic to egg: both lines holding it, named',
      ['Egg'],
      [
        ['Spaghetti', ['Egg']],
        ['Cookie', ['Egg']],
      ],
    ],
    [
      'a child allergic to dairy and peanuts',
      ['Peanuts', 'dairy'],
      [
        ['Spaghetti', ['Dairy']],
        ['Cookie', ['Dairy']],
      ],
    ],
    ['a child allergic to sesame: nothing to ask', ['Sesame'], []],
    ['a child without allergens', [], []],
    ['a guest’s child (none kept)', null, []],
  ])('%s', (_, child, expected) => {
    const found = allergensInLines(lines, (line) => line.allergens, child);
    expect(found.map((entry) => [entry.line.name, entry.allergens])).toEqual(expected);
  });
});

describe('groupByStudent', () => {
  it('groups carts by child in the order they first appear, days in date order', () => {
    const orders = fill([
      ['2026-12-01', 8, meal()],
      ['2026-11-30', 7, meal()],
      ['2026-12-02', 7, meal()],
    ]);
    expect(groupByStudent(orders).map((group) => [group.studentId, group.orders.map((order) => order.date)])).toEqual([
      [7, ['2026-11-30', '2026-12-02']],
      [8, ['2026-12-01']],
    ]);
  });
});
