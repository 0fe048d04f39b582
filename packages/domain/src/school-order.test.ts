import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { checkoutTotal } from './checkout';
import type { PricingLine, PricingPart } from './pricing';
import type { SchoolCalendar } from './school-days';
import { PICKUP_ORDER, pricingItem, pricingRestaurant } from './testing/pricing-input';
import {
  canCancelSchoolOrder,
  checkSchoolEntries,
  guestStudent,
  priceSchoolDays,
  productionCsv,
  productionRows,
  productionSummary,
  schoolMealBreaches,
  placesLeftUnlisted,
  unlistedSchoolPlace,
  type SchoolEntry,
  type SchoolPricingBase,
  type SchoolTenders,
} from './school-order';

// Monday 23 Nov 2026, 10:00 in Toronto: the K-12 cut-off with 2 days' notice is the start of Thursday 26.
const NOW = new Date('2026-11-23T15:00:00Z');
const CUTOFF = new Date('2026-11-26T05:00:00Z');
const CALENDAR: SchoolCalendar = {
  zone: 'America/Toronto',
  weekendOrdering: false,
  closedDates: [{ date: '2026-12-01', full_day: true }],
  endOfSchoolYear: '2026-12-04',
  maxAdvancedOrderDays: 20,
  // Week A from Monday 23 Nov: menu 10 Monday, 11 Tuesday, ...; week B: 20, 21, ...; 99 every day.
  rotation: {
    start_date: '2026-11-23',
    weeks: [
      { monday: [10, 99], tuesday: [11, 99], wednesday: [12, 99], thursday: [13, 99], friday: [14, 99] },
      { monday: [20, 99], tuesday: [21, 99], wednesday: [22, 99], thursday: [23, 99], friday: [24, 99] },
    ],
  },
};

function cartItem(id: number, menuId: number, quantity = 1): CartItem {
  return { id, menu_id: menuId, section_id: null, orderId: id, quantity, orderPrice: 0, orderOptions: [] };
}
const entry = (date: string, studentId: number | null, items: CartItem[]): SchoolEntry => ({ date, orderId: 1, studentId, items });

describe('checkSchoolEntries', () => {
  it.each<[string, SchoolEntry[], unknown]>([
    [
      'an orderable day with its own menu and the daily extras',
      [entry('2026-11-26', 1, [cartItem(1, 13), cartItem(2, 99)])],
      { ok: true, kept: 1, dropped: 0 },
    ],
    ['week B cycles in on Monday 30 Nov', [entry('2026-11-30', 1, [cartItem(1, 20)])], { ok: true, kept: 1, dropped: 0 }],
    ['a day before the cut-off is dropped, not refused', [entry('2026-11-25', 1, [cartItem(1, 12)])], { ok: true, kept: 0, dropped: 1 }],
    ['Saturday is no school day', [entry('2026-11-28', 1, [cartItem(1, 99)])], { ok: false, error: 'NOT_A_SCHOOL_DAY', index: 0 }],
    ['a closure day', [entry('2026-12-01', 1, [cartItem(1, 21)])], { ok: false, error: 'NOT_A_SCHOOL_DAY', index: 0 }],
    ['after the end of the school year', [entry('2026-12-07', 1, [cartItem(1, 10)])], { ok: false, error: 'NOT_A_SCHOOL_DAY', index: 0 }],
    [
      'another day’s menu',
      [entry('2026-11-27', 1, [cartItem(1, 14)]), entry('2026-11-30', 1, [cartItem(1, 10)])],
      { ok: false, error: 'ITEM_NOT_ON_DAY_MENU', index: 1 },
    ],
    [
      'the same student twice on one day',
      [entry('2026-11-27', 1, [cartItem(1, 14)]), entry('2026-11-27', 1, [cartItem(2, 99)])],
      { ok: false, error: 'K12_DUPLICATE_DAY', index: 1 },
    ],
    [
      'two children on one day are two carts',
      [entry('2026-11-27', 2, [cartItem(1, 14)]), entry('2026-11-27', 1, [cartItem(2, 14)])],
      { ok: true, kept: 2, dropped: 0 },
    ],
  ])('%s', (_case, entries, expected) => {
    const result = checkSchoolEntries(entries, CALENDAR, NOW, CUTOFF);
    expect(result.ok ? { ok: true, kept: result.kept.length, dropped: result.dropped.length } : result).toEqual(expected);
  });

  it('keeps the days in date order, then by student', () => {
    const result = checkSchoolEntries(
      [entry('2026-11-30', 1, [cartItem(1, 20)]), entry('2026-11-27', 2, [cartItem(1, 14)]), entry('2026-11-27', 1, [cartItem(1, 14)])],
      CALENDAR,
      NOW,
      CUTOFF,
    );
    expect(result.ok && result.kept.map((kept) => `${kept.date}/${kept.studentId}`)).toEqual([
      '2026-11-27/1',
      '2026-11-27/2',
      '2026-11-30/1',
    ]);
  });
});

describe('schoolMealBreaches', () => {
  const limits = { maxMealsPerCart: 2, minMealsPerCart: 1, isMeal: (line: { id: number }) => line.id < 100 };
  it.each<[string, CartItem[], number, unknown[]]>([
    ['two meals and a drink', [cartItem(1, 13, 2), cartItem(100, 99, 3)], 0, []],
    ['three meals', [cartItem(1, 13, 3)], 0, [{ error: 'MAX_MEALS_PER_CART', limit: 2, meals: 3 }]],
    ['one meal with two already booked', [cartItem(1, 13)], 2, [{ error: 'MAX_MEALS_PER_CART', limit: 2, meals: 3 }]],
    ['only a drink', [cartItem(100, 99)], 0, [{ error: 'MIN_MEALS_PER_CART', limit: 1, meals: 0 }]],
    ['only a drink next to a booked meal', [cartItem(100, 99)], 1, []],
  ])('%s', (_case, items, booked, expected) => {
    const breaches = schoolMealBreaches([entry('2026-11-27', 7, items)], limits, () => booked);
    expect(breaches.map(({ error, limit, meals }) => ({ error, limit, meals }))).toEqual(expected);
  });
});

const part = (id: number, unitPrice: number, meal: boolean): PricingPart =>
  pricingItem(id, unitPrice, 1, { meal, taxRates: { tax1: '0', tax2: '0' } });
const day = (...parts: PricingPart[]): PricingLine[] => parts.map((p, index) => ({ orderId: index + 1, quantity: 1, parts: [p] }));
const BASE: SchoolPricingBase = { restaurant: pricingRestaurant(), order: PICKUP_ORDER, memberDiscount: null, subsidy: null };
const NO_TENDERS: SchoolTenders = { promoCode: null, tip: null, giftCard: null, credits: null };
// Three days: a $7.50 meal and a $1.25 milk each (no tax on school meals here).
const DAYS = [day(part(1, 750, true), part(2, 125, false)), day(part(1, 750, true), part(2, 125, false)), day(part(1, 750, true))];

describe('priceSchoolDays', () => {
  it.each<[string, Partial<SchoolTenders> & { subsidy?: SchoolPricingBase['subsidy'] }, number[], number[]]>([
    // case | tenders | each day's totalWithTip | each day's amountDue
    ['nothing applied', {}, [875, 875, 750], [875, 875, 750]],
    [
      '10 % promo code: every day (87.5 cents rounds up to 88)',
      { promoCode: { code: 'P', type: 'percentage', value: '10' } },
      [787, 787, 675],
      [787, 787, 675],
    ],
    ['$10 promo code: spent over the days', { promoCode: { code: 'P', type: 'dollar', value: '10' } }, [0, 750, 750], [0, 750, 750]],
    ['$2 tip: the first day only', { tip: { type: 'dollar', value: '2' } }, [1075, 875, 750], [1075, 875, 750]],
    [
      '$12 gift card then $5 of credits',
      { giftCard: { code: 'G', balance: 1200 }, credits: { id: 1, balance: 500 } },
      [875, 875, 750],
      [0, 50, 750],
    ],
    [
      'a 50 % meals subsidy: meals only, milk at full price',
      {
        subsidy: {
          config: {
            is_active: true,
            target_users: 'codes',
            target_items: 'meals',
            type: 'discount',
            discount_percentage: '50',
            codes: ['C'],
          },
          signedIn: true,
          code: 'c',
          memberProvider: null,
          chosenAmountToBePaid: null,
        },
      },
      [500, 500, 375],
      [500, 500, 375],
    ],
    [
      'a fixed price above the meal’s price never goes below zero',
      {
        subsidy: {
          config: { is_active: true, target_users: 'all', target_items: 'meals', type: 'fixed_price', discount_fixed_price: 900 },
          signedIn: false,
          code: null,
          memberProvider: null,
          chosenAmountToBePaid: null,
        },
      },
      [875, 875, 750],
      [875, 875, 750],
    ],
  ])('%s', (_case, tenders, totals, due) => {
    const { subsidy, ...rest } = tenders;
    const days = priceSchoolDays(DAYS, { ...BASE, subsidy: subsidy ?? null }, { ...NO_TENDERS, ...rest });
    expect(days.map((costs) => costs.totalWithTip)).toEqual(totals);
    expect(days.map((costs) => costs.amountDue)).toEqual(due);
    const total = checkoutTotal(days);
    expect(total.amountDue).toBe(due.reduce((a, b) => a + b, 0));
    expect(total.totalWithTip - total.voucher - total.credits).toBe(total.amountDue);
  });
});

describe('canCancelSchoolOrder', () => {
  it.each([
    ['2026-11-25', false],
    ['2026-11-26', true],
  ] as const)('%s: %s', (date, cancellable) => {
    expect(canCancelSchoolOrder(date, CUTOFF, 'America/Toronto')).toBe(cancellable);
  });
});

describe('production list', () => {
  const student = (classroom: string, teacher: string, grade = '2', school = 'Maple Grove') => ({ school, grade, classroom, teacher });
  const names: Record<number, string> = { 1: 'Pasta', 2: 'Milk', 3: '=HYPERLINK("x")', 4: 'Apple' };
  const rows = productionRows(
    [
      { items: [cartItem(1, 10, 2), cartItem(2, 99)], student: student('101', 'Ms. Chen') },
      { items: [cartItem(1, 10)], student: student('101', 'Ms. Chen') },
      { items: [cartItem(1, 10), cartItem(3, 99)], student: student('102', 'Mr. Dubois, Jr.') },
      // Classroom 9 before 10 (numbers compared as numbers), another school after.
      { items: [cartItem(1, 10)], student: student('10', 'Mme Roy', '5') },
      { items: [cartItem(4, 99)], student: student('9', 'Mr. Patel', 'K') },
      { items: [cartItem(1, 10)], student: student('6A', 'Ms. Lee', '6', 'Cedar Ridge') },
    ],
    (id) => names[id] ?? '?',
  );

  it('sums meals by item, school, grade, classroom and teacher', () => {
    expect(rows.map((row) => [row.item, row.school, row.grade, row.classroom, row.teacher, row.quantity])).toEqual([
      ['=HYPERLINK("x")', 'Maple Grove', '2', '102', 'Mr. Dubois, Jr.', 1],
      ['Apple', 'Maple Grove', 'K', '9', 'Mr. Patel', 1],
      ['Milk', 'Maple Grove', '2', '101', 'Ms. Chen', 1],
      ['Pasta', 'Cedar Ridge', '6', '6A', 'Ms. Lee', 1],
      ['Pasta', 'Maple Grove', '5', '10', 'Mme Roy', 1],
      ['Pasta', 'Maple Grove', '2', '101', 'Ms. Chen', 3],
      ['Pasta', 'Maple Grove', '2', '102', 'Mr. Dubois, Jr.', 1],
    ]);
  });

  it('reads the rows as each item’s total and each class’s items, adding up to the day', () => {
    const summary = productionSummary(rows);
    expect(summary.items).toEqual([
      { item: '=HYPERLINK("x")', quantity: 1 },
      { item: 'Apple', quantity: 1 },
      { item: 'Milk', quantity: 1 },
      { item: 'Pasta', quantity: 6 },
    ]);
    expect(summary.classes.map((entry) => [entry.school, entry.classroom, entry.teacher, entry.grade, entry.items, entry.total])).toEqual([
      ['Cedar Ridge', '6A', 'Ms. Lee', '6', [{ item: 'Pasta', quantity: 1 }], 1],
      ['Maple Grove', '9', 'Mr. Patel', 'K', [{ item: 'Apple', quantity: 1 }], 1],
      ['Maple Grove', '10', 'Mme Roy', '5', [{ item: 'Pasta', quantity: 1 }], 1],
      [
        'Maple Grove',
        '101',
        'Ms. Chen',
        '2',
        [
          { item: 'Milk', quantity: 1 },
          { item: 'Pasta', quantity: 3 },
        ],
        4,
      ],
      [
        'Maple Grove',
        '102',
        'Mr. Dubois, Jr.',
        '2',
        [
          { item: '=HYPERLINK("x")', quantity: 1 },
          { item: 'Pasta', quantity: 1 },
        ],
        2,
      ],
    ]);
    expect(summary.total).toBe(9);
    expect(summary.items.reduce((sum, entry) => sum + entry.quantity, 0)).toBe(summary.total);
    expect(summary.classes.reduce((sum, entry) => sum + entry.total, 0)).toBe(summary.total);
    expect(productionSummary([])).toEqual({ items: [], classes: [], total: 0 });
  });

  it('writes CSV that quotes commas and never runs a formula', () => {
    const csv = productionCsv('2026-11-27', rows.slice(0, 3), ['Date', 'Item', 'School', 'Grade', 'Classroom', 'Teacher', 'Quantity']);
    expect(csv.split('\r\n')).toEqual([
      'Date,Item,School,Grade,Classroom,Teacher,Quantity',
      `2026-11-27,"'=HYPERLINK(""x"")",Maple Grove,2,102,"Mr. Dubois, Jr.",1`,
      '2026-11-27,Apple,Maple Grove,K,9,Mr. Patel,1',
      '2026-11-27,Milk,Maple Grove,2,101,Ms. Chen,1',
      '',
    ]);
  });
});

describe('guestStudent', () => {
  const schools = [{ name: 'Maple Grove', grades: 'K,1,2', classrooms: '101,102', teachers: '' }];
  const full = { type: 'school', student: 'Léa  Parent Roy', school: 'Maple Grove', grade: '2', classroom: '101', teacher: 'Mme Roy' };
  it.each<[string, Record<string, string> | null, unknown]>([
    [
      'every field, within the lists (teachers unlisted: free text)',
      full,
      {
        ok: true,
        student: { firstName: 'Léa', lastName: 'Parent Roy', school: 'Maple Grove', grade: '2', classroom: '101', teacher: 'Mme Roy' },
      },
    ],
    ['no delivery at all', null, { ok: false, field: 'type' }],
    ['no name', { ...full, student: '  ' }, { ok: false, field: 'student' }],
    ['another school', { ...full, school: 'Elm PS' }, { ok: false, field: 'school' }],
    ['a grade the school does not list', { ...full, grade: '7' }, { ok: false, field: 'grade' }],
    ['a classroom the school does not list', { ...full, classroom: '999' }, { ok: false, field: 'classroom' }],
  ])('%s', (_case, delivery, expected) => {
    expect(guestStudent(delivery as Parameters<typeof guestStudent>[0], schools)).toEqual(expected);
  });
});

describe('unlistedSchoolPlace (a saved student, POST/PUT /api/auth/students)', () => {
  const schools = [
    { name: 'Maple Grove', grades: 'K, 1, 2', classrooms: '101,102', teachers: '' },
    { name: 'Elm PS', grades: '', classrooms: '', teachers: 'Mr. Oak' },
  ];
  const place = { school: 'Maple Grove', grade: '1', classroom: '102', teacher: 'anyone' };
  it.each<[string, typeof place, typeof schools, ReturnType<typeof unlistedSchoolPlace>]>([
    ['within the lists (spaces around the list entries are not part of them)', place, schools, null],
    ['a school with no lists at all takes any place', { ...place, school: 'Nowhere' }, [], null],
    ['a school not listed', { ...place, school: 'Nowhere' }, schools, 'school'],
    ['a grade not listed', { ...place, grade: '7' }, schools, 'grade'],
    ['a classroom not listed', { ...place, classroom: '999' }, schools, 'classroom'],
    ['a teacher not listed where the school lists them', { ...place, school: 'Elm PS', teacher: 'Ms. Pine' }, schools, 'teacher'],
    ['an empty list takes any value for its field', { ...place, school: 'Elm PS', grade: '12', teacher: 'Mr. Oak' }, schools, null],
  ])('%s', (_case, given, lists, expected) => {
    expect(unlistedSchoolPlace(given, lists)).toBe(expected);
  });
});

describe('placesLeftUnlisted (the Delivery form asks before a save that leaves students unlisted)', () => {
  const before = [
    { name: 'Maple Grove', grades: 'K, 1, 2', classrooms: '101,102', teachers: 'Ms. Chen' },
    { name: 'Elm PS', grades: '', classrooms: '', teachers: '' },
  ];
  const at = (school: string, grade: string, classroom: string, teacher: string, students: number) => ({
    school,
    grade,
    classroom,
    teacher,
    students,
  });
  const places = [
    at('Maple Grove', '1', '101', 'Ms. Chen', 3),
    at('Maple Grove', '2', '102', 'Ms. Chen', 1),
    at('Elm PS', '9', 'B', 'Mr. Oak', 2),
  ];
  const renamed = (name: string) => [{ ...before[0]!, name }, before[1]!];
  it.each<[string, typeof places, typeof before, ReturnType<typeof placesLeftUnlisted>]>([
    ['nothing changed: nothing left', places, before, []],
    ['a grade added: nothing left', places, [{ ...before[0]!, grades: 'K, 1, 2, 3' }, before[1]!], []],
    [
      'a school renamed: its students, summed by school, most first',
      places,
      renamed('Maple Grove PS'),
      [{ field: 'school', school: 'Maple Grove', value: 'Maple Grove', students: 4 }],
    ],
    [
      'a grade removed: only the students in it',
      places,
      [{ ...before[0]!, grades: 'K, 1' }, before[1]!],
      [{ field: 'grade', school: 'Maple Grove', value: '2', students: 1 }],
    ],
    [
      'a classroom and a teacher removed: the first field each student fails on',
      places,
      [{ ...before[0]!, classrooms: '102', teachers: 'Mr. Dubois' }, before[1]!],
      [
        { field: 'classroom', school: 'Maple Grove', value: '101', students: 3 },
        { field: 'teacher', school: 'Maple Grove', value: 'Ms. Chen', students: 1 },
      ],
    ],
    [
      'a school given lists where it had none: its students outside them',
      places,
      [before[0]!, { ...before[1]!, grades: '7, 8' }],
      [{ field: 'grade', school: 'Elm PS', value: '9', students: 2 }],
    ],
    [
      'every school removed: every school its students are at',
      places,
      [],
      [
        { field: 'school', school: 'Maple Grove', value: 'Maple Grove', students: 4 },
        { field: 'school', school: 'Elm PS', value: 'Elm PS', students: 2 },
      ],
    ],
    ['a place already unlisted before is not this change’s doing', [at('Gone PS', '1', '1', 'x', 5)], renamed('Other'), []],
    ['no students: nothing left', [], [], []],
  ])('%s', (_case, given, after, expected) => {
    expect(placesLeftUnlisted(given, before, after)).toEqual(expected);
  });

  it('a restaurant that had no lists takes nothing away by adding some', () => {
    expect(placesLeftUnlisted(places, [], before)).toEqual([]);
  });
});
