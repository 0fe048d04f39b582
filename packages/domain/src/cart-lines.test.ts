import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildCartLines,
  linePrice,
  linesSubtotal,
  type CartLineContext,
  type ItemData,
  type MenuData,
  type MenuGroupData,
  type OptionGroupData,
  type OptionValueData,
  type SectionData,
} from './cart-lines';
import type { CartItem, CartOptionGroup, CartOptionValue } from './cart';
import { WEEKDAYS, type Weekday } from './price-schedule';
import { priceCart } from './pricing';
import { pricingInput } from './testing/pricing-input';

const ZONE = 'America/Toronto';
const NOON = new Date('2026-01-14T17:00:00Z'); // Wednesday 12:00 EST
const ELEVEN = new Date('2026-01-14T16:00:00Z'); // Wednesday 11:00 EST

/** A until 12:00, then X (unavailable). */
const morningOnly = Object.fromEntries(WEEKDAYS.map((day) => [day, 'A'.repeat(48) + 'X'.repeat(48)])) as Record<Weekday, string>;

const value = (id: number, fields: Partial<OptionValueData> = {}): OptionValueData => ({
  id,
  name: `Value ${id}`,
  price: 0,
  max_quantity: null,
  default_selection: false,
  alcoholic_beverage: false,
  promos: [],
  options: [],
  ...fields,
});
const group = (id: number, values: OptionValueData[], fields: Partial<OptionGroupData> = {}): OptionGroupData => ({
  id,
  name: `Group ${id}`,
  type: 'addons',
  required: false,
  allow_multiple_selection: false,
  limit: null,
  custom_quantities: false,
  order: 0,
  values,
  ...fields,
});
const item = (id: number, price: number, fields: Partial<ItemData> = {}): ItemData => ({
  id,
  name: `Item ${id}`,
  price,
  alcoholic_beverage: false,
  sold_out: false,
  unavailable: false,
  promos: [],
  tax_rebate_eligibility: false,
  meal_package: false,
  options: [],
  ...fields,
});
const section = (id: number, items: ItemData[], fields: Partial<SectionData> = {}): SectionData => ({
  id,
  sold_out: false,
  items,
  ...fields,
});
const menu = (id: number, fields: Partial<MenuData> = {}): MenuData => ({
  id,
  dine_in: false,
  on_demand: false,
  scheduled: false,
  member_only: false,
  sections: [],
  items: [],
  ...fields,
});

const TOPPINGS = 10;
const SIZE = 11;
const BACON_STYLE = 20;
const AVOCADO = 1614;
const BACON = 1615;
const CRISPY = 1616;
const MAPLE = 1617;
const REGULAR = 1620;
const LARGE = 1621;
const BRUNCH_EGG = 1630;
const DRAFT_VALUE = 1631;

// Classic poutine 12.50 with the 20 % promo 1901; avocado 2.00 with the 0.50 promo 1904.
const poutine = item(1100, 1250, {
  promos: [1901],
  options: [
    group(
      TOPPINGS,
      [
        value(AVOCADO, { price: 200, promos: [1904], max_quantity: 2 }),
        value(BACON, {
          price: 300,
          options: [group(BACON_STYLE, [value(CRISPY), value(MAPLE, { price: 50, tax_rate: { tax1: '0.05' } })], { required: true })],
        }),
        value(BRUNCH_EGG, { price: 150, price_schedule: morningOnly, additional_prices: { A: 150 } }),
        value(DRAFT_VALUE, { price: 100, published_at: null }),
      ],
      { allow_multiple_selection: true, custom_quantities: true, limit: 3 },
    ),
    group(SIZE, [value(REGULAR), value(LARGE, { price: 350 })], { type: 'pricing', required: true }),
  ],
});

const MAIN_MENU = 1010;
const DRINKS = 2001;
const SOLD_OUT_SECTION = 2002;
const menuGroups: MenuGroupData[] = [
  {
    id: 1,
    menus: [
      menu(MAIN_MENU, {
        items: [
          poutine,
          item(1101, 200, { tax_rebate_eligibility: true, meal_package: true }),
          item(1102, 1000, { sold_out: true }),
          item(1103, 1000, { unavailable: true }),
          item(1104, 1000, { published_at: null }),
          item(1105, 1000, { published_at: '2027-01-01T00:00:00Z' }),
          item(1106, 1000, { price_schedule: morningOnly, additional_prices: { A: 900 } }),
          item(1107, 1000, { promos: [9999] }),
        ],
        sections: [
          section(DRINKS, [item(1200, 700, { alcoholic_beverage: true, options: [group(30, [value(1201, { price: 100 })])] })]),
          section(SOLD_OUT_SECTION, [item(1300, 500)], { sold_out: true }),
        ],
      }),
      menu(3000, { member_only: true, items: [item(3001, 2000)] }),
      menu(4000, { deleted_at: '2026-01-01T00:00:00Z', items: [item(4001, 1000)] }),
      menu(5000, { dine_in: true, items: [item(5001, 1000)] }),
      // A grocery menu: GST-only (HST tax1 0) unless the item says otherwise.
      menu(6000, {
        tax_rate: { tax1: '0' },
        items: [item(6001, 500, { tax_rate: { tax1: '0.05' }, options: [group(60, [value(6002, { price: 100 })])] }), item(6003, 500)],
      }),
    ],
  },
  { id: 2, published_at: null, menus: [menu(7000, { items: [item(7001, 1000)] })] },
];

const context: CartLineContext = {
  menuGroups,
  promos: [
    { id: 1901, percent: '20' },
    { id: 1904, amount: 50 },
  ],
  restaurantTaxRate: { tax1: '0.13' },
  now: NOON,
  zone: ZONE,
  validMember: false,
};

const pickValue = (id: number, quantity = 1, options?: CartOptionGroup[], adjustedPrice?: number): CartOptionValue => ({
  id,
  quantity,
  ...(adjustedPrice === undefined ? {} : { adjustedPrice }),
  ...(options ? { options } : {}),
});
const cartItem = (id: number, fields: Partial<CartItem> = {}): CartItem => ({
  id,
  menu_id: MAIN_MENU,
  section_id: null,
  orderId: 1,
  quantity: 1,
  orderPrice: 0,
  orderOptions: [],
  ...fields,
});

// Two poutines, each large with two avocados and one bacon done maple:
//   poutine 1250 - 20 % = 1000 x 2            = 2000
//   avocado 200 - 0.50 = 150 x 2 x 2          =  600
//   bacon 300 x 1 x 2                          =  600
//   maple 50 x 1 x 1 x 2                       =  100
//   large 350 x 1 x 2                          =  700
//                                        line = 4000
const poutineOptions: CartOptionGroup[] = [
  {
    id: TOPPINGS,
    values: [
      pickValue(AVOCADO, 2, undefined, 150),
      pickValue(BACON, 1, [{ id: BACON_STYLE, values: [pickValue(MAPLE, 1, undefined, 50)] }], 300),
    ],
  },
  { id: SIZE, values: [pickValue(LARGE, 1, undefined, 350)] },
];
const poutineLine = cartItem(1100, { quantity: 2, orderPrice: 4000, orderOptions: poutineOptions });

describe('buildCartLines', () => {
  it('prices a line from the server data: schedule, promos, nested quantities, tax overrides', () => {
    const result = buildCartLines([poutineLine], context);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    const [line] = result.lines;
    expect(line?.orderId).toBe(1);
    expect(line?.parts.map((part) => [part.kind, part.id, part.unitPrice, part.quantity, part.taxRates.tax1])).toEqual([
      ['item', 1100, 1250, 2, '0.13'],
      ['option', AVOCADO, 200, 4, '0.13'],
      ['option', BACON, 300, 2, '0.13'],
      // The maple value has its own tax1; it does not inherit from the bacon value above it.
      ['option', MAPLE, 50, 2, '0.05'],
      ['option', LARGE, 350, 2, '0.13'],
    ]);
    expect(line?.parts[0]?.promos).toEqual([{ percent: '20', amount: undefined }]);
    expect(line && linePrice(line)).toBe(4000);
    expect(linesSubtotal(buildCartLines([poutineLine, { ...poutineLine, orderId: 2 }], context).lines)).toBe(8000);
    expect(result.items).toEqual([{ ...poutineLine, orderOptions: poutineOptions }]);
  });

  it('refuses a changed line price with 428 and the fresh price, and still prices the line', () => {
    const result = buildCartLines([{ ...poutineLine, orderPrice: 5000 }], context);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([{ code: 428, error: 'ITEM_PRICE_CHANGED', orderId: 1, freshPrice: 4000, freshItem: result.items[0] }]);
    expect(result.items[0]?.orderPrice).toBe(4000);
    expect(result.lines).toHaveLength(1);
  });

  it("refuses a value's changed adjustedPrice with 428 (the client forgot the 0.50 promo)", () => {
    const stale: CartOptionGroup[] = [
      {
        id: TOPPINGS,
        values: [pickValue(AVOCADO, 2, undefined, 200), pickValue(BACON, 1, [{ id: BACON_STYLE, values: [pickValue(MAPLE)] }])],
      },
      { id: SIZE, values: [pickValue(LARGE)] },
    ];
    const result = buildCartLines([{ ...poutineLine, orderOptions: stale }], context);
    expect(result.errors).toMatchObject([{ code: 428, error: 'ITEM_PRICE_CHANGED', orderId: 1, freshPrice: 4000 }]);
    // The fresh item carries the server's adjustedPrices.
    expect(result.items[0]?.orderOptions[0]?.values.map((entry) => entry.adjustedPrice)).toEqual([150, 300]);
  });

  it('uses the price schedule of now', () => {
    const at = (now: Date, orderPrice: number) => buildCartLines([cartItem(1106, { orderPrice })], { ...context, now });
    expect(at(ELEVEN, 900).errors).toEqual([]);
    expect(at(ELEVEN, 900).lines[0]?.parts[0]?.unitPrice).toBe(900);
    expect(at(NOON, 900).errors).toEqual([{ code: 426, error: 'ITEM_UNAVAILABLE', orderId: 1 }]);
  });

  it.each<[string, Partial<CartItem>, Partial<CartLineContext>, number, string]>([
    ['an item that is sold out', { id: 1102 }, {}, 415, 'ITEM_SOLD_OUT'],
    ['an item in a sold-out section', { id: 1300, section_id: SOLD_OUT_SECTION }, {}, 415, 'ITEM_SOLD_OUT'],
    ['an unknown item', { id: 999 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['an unknown menu', { menu_id: 999 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['an item looked for in the wrong section', { id: 1100, section_id: DRINKS }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['an item that is a draft', { id: 1104 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['an item published later', { id: 1105 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['an item with the unavailable flag', { id: 1103 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['a deleted menu', { id: 4001, menu_id: 4000 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['a menu in an unpublished group', { id: 7001, menu_id: 7000 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['a member-only menu without a valid member', { id: 3001, menu_id: 3000 }, {}, 426, 'ITEM_UNAVAILABLE'],
    ['a dine-in menu in a take-out order', { id: 5001, menu_id: 5000 }, { orderType: 'take-out' }, 426, 'ITEM_UNAVAILABLE'],
    ['a quantity of 0', { id: 1101, quantity: 0 }, {}, 400, 'INVALID_QUANTITY'],
    ['a quantity of 1.5', { id: 1101, quantity: 1.5 }, {}, 400, 'INVALID_QUANTITY'],
  ])('refuses %s', (_, fields, extra, code, error) => {
    const result = buildCartLines([cartItem(fields.id ?? 1101, { orderId: 7, ...fields })], { ...context, ...extra });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([{ code, error, orderId: 7 }]);
    expect(result.lines).toEqual([]);
  });

  it.each<[string, Array<[number, 'sold_out' | 'schedule' | 'none']>, number | null, string | null]>([
    ['a sold-out option value answers like a sold-out item', [[AVOCADO, 'sold_out']], 415, 'ITEM_SOLD_OUT'],
    [
      'sold out wins over a value out of its schedule',
      [
        [AVOCADO, 'sold_out'],
        [BACON, 'schedule'],
      ],
      415,
      'ITEM_SOLD_OUT',
    ],
    ['a value out of its schedule alone is unavailable', [[BACON, 'schedule']], 426, 'ITEM_UNAVAILABLE'],
    ['a sold-out value the line does not hold changes nothing', [[BRUNCH_EGG, 'sold_out']], null, null],
  ])('%s', (_name, marks, code, error) => {
    const menuGroups = structuredClone(context.menuGroups) as MenuGroupData[];
    const values = menuGroups
      .flatMap((group) => group.menus)
      .flatMap((menu) => [...menu.items, ...menu.sections.flatMap((section) => section.items)])
      .flatMap((item) => item.options.flatMap((group) => group.values));
    for (const [id, mark] of marks) {
      const found = values.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`fixture value ${id} is missing`);
      if (mark === 'sold_out') found.sold_out = true;
      // Served mornings only: NOON is outside it.
      if (mark === 'schedule') Object.assign(found, { price_schedule: morningOnly, additional_prices: { A: found.price } });
    }
    const result = buildCartLines([poutineLine], { ...context, menuGroups });
    expect(result.errors).toEqual(code === null ? [] : [{ code, error, orderId: poutineLine.orderId }]);
  });

  it('refuses a line below the item minimum (a platter that feeds 10) and takes it from the minimum up', () => {
    const menuGroups = structuredClone(context.menuGroups);
    const item = menuGroups
      .flatMap((group) => group.menus)
      .flatMap((menu) => [...menu.items, ...menu.sections.flatMap((section) => section.items)])
      .find((candidate) => candidate.id === 1101);
    if (!item) throw new Error('fixture item 1101 is missing');
    item.min_quantity = 10;
    const at = (quantity: number) => buildCartLines([cartItem(1101, { orderId: 3, quantity })], { ...context, menuGroups }).errors;
    expect(at(9)).toEqual([{ code: 400, error: 'INVALID_QUANTITY', orderId: 3 }]);
    expect(at(10).filter((error) => error.error === 'INVALID_QUANTITY')).toEqual([]);
    expect(at(12).filter((error) => error.error === 'INVALID_QUANTITY')).toEqual([]);
  });

  it('accepts a member-only menu for a valid member, and a dine-in menu at a table', () => {
    expect(buildCartLines([cartItem(3001, { menu_id: 3000, orderPrice: 2000 })], { ...context, validMember: true }).errors).toEqual([]);
    expect(buildCartLines([cartItem(5001, { menu_id: 5000, orderPrice: 1000 })], { ...context, orderType: 'dine_in' }).errors).toEqual([]);
  });

  it.each<[string, CartOptionGroup[], string[]]>([
    ['a required group left empty', [], ['required']],
    ['two values in a single-selection group', [{ id: SIZE, values: [pickValue(REGULAR), pickValue(LARGE)] }], ['single']],
    [
      'more than max_quantity',
      [
        { id: TOPPINGS, values: [pickValue(AVOCADO, 3)] },
        { id: SIZE, values: [pickValue(REGULAR)] },
      ],
      ['max_quantity'],
    ],
    [
      'over the group limit',
      [
        { id: TOPPINGS, values: [pickValue(AVOCADO, 2), pickValue(BACON, 2, [{ id: BACON_STYLE, values: [pickValue(CRISPY)] }])] },
        { id: SIZE, values: [pickValue(REGULAR)] },
      ],
      ['limit'],
    ],
    [
      'a required nested group left empty',
      [
        { id: TOPPINGS, values: [pickValue(BACON)] },
        { id: SIZE, values: [pickValue(REGULAR)] },
      ],
      ['required'],
    ],
    ['an unknown value', [{ id: SIZE, values: [pickValue(999)] }], ['unknown', 'required']],
    [
      'an unpublished value',
      [
        { id: TOPPINGS, values: [pickValue(DRAFT_VALUE)] },
        { id: SIZE, values: [pickValue(REGULAR)] },
      ],
      ['unknown'],
    ],
  ])('refuses %s with 400 INVALID_OPTIONS', (_, orderOptions, rules) => {
    const result = buildCartLines([cartItem(1100, { orderOptions })], context);
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error).toMatchObject({ code: 400, error: 'INVALID_OPTIONS', orderId: 1 });
    expect(error && 'issues' in error ? error.issues.map((issue) => issue.rule) : []).toEqual(rules);
  });

  it('a value its schedule makes unavailable is 426, not an option error', () => {
    const orderOptions: CartOptionGroup[] = [
      { id: TOPPINGS, values: [pickValue(BRUNCH_EGG)] },
      { id: SIZE, values: [pickValue(REGULAR)] },
    ];
    expect(buildCartLines([cartItem(1100, { orderOptions })], context).errors).toEqual([
      { code: 426, error: 'ITEM_UNAVAILABLE', orderId: 1 },
    ]);
    // 1000 + 150 at 11:00.
    expect(buildCartLines([cartItem(1100, { orderOptions, orderPrice: 1150 })], { ...context, now: ELEVEN }).errors).toEqual([]);
  });

  it('reports one error per offending line and prices the others', () => {
    const result = buildCartLines(
      [
        cartItem(1102, { orderId: 1 }),
        cartItem(1101, { orderId: 2, orderPrice: 200 }),
        cartItem(999, { orderId: 3 }),
        cartItem(1101, { orderId: 4, orderPrice: 150 }),
      ],
      context,
    );
    expect(result.errors.map((error) => [error.orderId, error.code])).toEqual([
      [1, 415],
      [3, 426],
      [4, 428],
    ]);
    expect(result.lines.map((line) => line.orderId)).toEqual([2, 4]);
  });

  it('carries alcohol, meal, rebate and overridden tax rates to the parts', () => {
    const result = buildCartLines(
      [
        cartItem(1200, { section_id: DRINKS, orderPrice: 800, orderOptions: [{ id: 30, values: [pickValue(1201)] }] }),
        cartItem(1101, { orderId: 2, orderPrice: 200 }),
        cartItem(6001, { orderId: 3, menu_id: 6000, orderPrice: 600, orderOptions: [{ id: 60, values: [pickValue(6002)] }] }),
        cartItem(6003, { orderId: 4, menu_id: 6000, orderPrice: 500 }),
      ],
      context,
    );
    expect(result.errors).toEqual([]);
    expect(
      result.lines.flatMap((line) =>
        line.parts.map((part) => [part.id, part.alcoholic, part.meal, part.rebateEligible, part.taxRates.tax1]),
      ),
    ).toEqual([
      // The mixer of an alcoholic drink is alcoholic (its item's flag).
      [1200, true, false, false, '0.13'],
      [1201, true, false, false, '0.13'],
      [1101, false, true, true, '0.13'],
      // Grocery menu tax1 0, the item's own 0.05, its value inherits the item's.
      [6001, false, false, false, '0.05'],
      [6002, false, false, false, '0.05'],
      [6003, false, false, false, '0'],
    ]);
  });

  it('ignores a promo id the restaurant does not have', () => {
    const result = buildCartLines([cartItem(1107, { orderPrice: 1000 })], context);
    expect(result.errors).toEqual([]);
    expect(result.lines[0]?.parts[0]?.promos).toEqual([]);
  });

  it('feeds priceCart: the poutine line in Ontario', () => {
    // 4000; HST: 0.13 x (2000 + 600 + 600 + 700) + 0.05 x 100 = 507 + 5 = 512; total 4512.
    const { lines } = buildCartLines([poutineLine], context);
    const costs = priceCart(pricingInput(lines));
    expect([costs.subtotal, costs.taxes, costs.total]).toEqual([4000, 512, 4512]);
  });

  it('fresh items always validate again, whatever the quantities', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        fc.constantFrom(REGULAR, LARGE),
        fc.integer({ min: 0, max: 100_000 }),
        (quantity, avocados, bacon, size, claimed) => {
          const toppings = [
            ...(avocados > 0 ? [pickValue(AVOCADO, avocados)] : []),
            ...(bacon ? [pickValue(BACON, 1, [{ id: BACON_STYLE, values: [pickValue(CRISPY)] }])] : []),
          ];
          const orderOptions = [
            ...(toppings.length > 0 ? [{ id: TOPPINGS, values: toppings }] : []),
            { id: SIZE, values: [pickValue(size)] },
          ];
          const first = buildCartLines([cartItem(1100, { quantity, orderPrice: claimed, orderOptions })], context);
          const fresh = first.items[0];
          expect(fresh).toBeDefined();
          if (!fresh) return;
          const single = 1000 + avocados * 150 + (bacon ? 300 : 0) + (size === LARGE ? 350 : 0);
          expect(fresh.orderPrice).toBe(single * quantity);
          expect(buildCartLines([fresh], context)).toMatchObject({ ok: true, errors: [] });
        },
      ),
    );
  });
});
