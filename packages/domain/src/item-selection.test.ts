import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupLimits,
  containsAlcohol,
  defaultSelection,
  displayCalories,
  isOrderable,
  priceRange,
  selectedQuantity,
  setValueQuantity,
  sortOptionGroups,
  toggleValue,
  unitPrice,
  validateSelection,
  type ItemLike,
  type OptionGroupLike,
  type OptionValueLike,
  type SelectedGroup,
  type SelectedValue,
  type SelectionIssue,
} from './item-selection';
import { WEEKDAYS, type Weekday } from './price-schedule';

const ZONE = 'America/Toronto';
const NOON = new Date('2026-01-14T17:00:00Z'); // Wednesday 12:00 EST
const MORNING = new Date('2026-01-14T14:00:00Z'); // Wednesday 09:00 EST

/** Unavailable until 11:00, then A. */
const lunchOnly = Object.fromEntries(WEEKDAYS.map((day) => [day, 'X'.repeat(44) + 'A'.repeat(52)])) as Record<Weekday, string>;

const value = (id: number, fields: Partial<OptionValueLike> = {}): OptionValueLike => ({
  id,
  name: `Value ${id}`,
  price: 0,
  max_quantity: null,
  default_selection: false,
  alcoholic_beverage: false,
  options: [],
  ...fields,
});
const group = (id: number, values: OptionValueLike[], fields: Partial<OptionGroupLike> = {}): OptionGroupLike => ({
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
const item = (options: OptionGroupLike[], fields: Partial<ItemLike> = {}): ItemLike => ({
  id: 1,
  name: 'Item',
  price: 1000,
  alcoholic_beverage: false,
  sold_out: false,
  unavailable: false,
  options,
  ...fields,
});
const pick = (id: number, quantity = 1, options: SelectedGroup[] = []): SelectedValue => ({ id, quantity, options });
const sel = (id: number, ...values: SelectedValue[]): SelectedGroup => ({ id, values });

const SIZE = 10;
const TOPPINGS = 20;
const SAUCES = 30;
const BACON_STYLE = 40;
const DRINK = 50;
const DIP = 70;
const burger = item(
  [
    group(
      TOPPINGS,
      [
        value(200, { name: 'Cheese', price: 150, default_selection: true }),
        value(201, {
          name: 'Bacon',
          price: 250,
          default_selection: true,
          options: [
            group(BACON_STYLE, [value(400, { name: 'Crispy', default_selection: true }), value(401, { name: 'Chewy' })], {
              required: true,
            }),
          ],
        }),
        value(202, { name: 'Onion', price: 50 }),
        value(203, { name: 'Jalapeño', price: 75 }),
      ],
      { allow_multiple_selection: true, limit: 3, order: 0 },
    ),
    group(SIZE, [value(100, { name: 'Small' }), value(101, { name: 'Large', price: 300, default_selection: true })], {
      type: 'pricing',
      required: true,
      order: 2,
    }),
    group(
      SAUCES,
      [
        value(300, { name: 'Ketchup', max_quantity: 2 }),
        value(301, {
          name: 'Mayo',
          price: 25,
          max_quantity: 3,
          options: [
            group(DIP, [value(700, { name: 'Extra cup', price: 10 })], { custom_quantities: true, allow_multiple_selection: true }),
          ],
        }),
        value(302, { name: 'Hot', price: 50, price_schedule: lunchOnly, additional_prices: { A: 60 } }),
      ],
      { allow_multiple_selection: true, custom_quantities: true, limit: 4, order: 1 },
    ),
    group(DRINK, [value(500, { name: 'Cola', price: 200 }), value(501, { name: 'Beer', price: 600, alcoholic_beverage: true })], {
      order: 3,
    }),
  ],
  { name: 'Burger' },
);
const defaults: SelectedGroup[] = [sel(SIZE, pick(101)), sel(TOPPINGS, pick(200), pick(201, 1, [sel(BACON_STYLE, pick(400))]))];

describe('sortOptionGroups', () => {
  it('puts pricing groups first, then sorts by order', () => {
    expect(sortOptionGroups(burger.options).map((entry) => entry.id)).toEqual([SIZE, TOPPINGS, SAUCES, DRINK]);
  });
  it('is stable and does not change its input', () => {
    const groups = [
      group(1, [], { order: 1 }),
      group(2, [], { order: 0 }),
      group(3, [], { order: 1, type: 'pricing' }),
      group(4, [], { order: 0 }),
    ];
    expect(sortOptionGroups(groups).map((entry) => entry.id)).toEqual([3, 2, 4, 1]);
    expect(groups.map((entry) => entry.id)).toEqual([1, 2, 3, 4]);
  });
  it('keeps the extra fields of its elements', () => {
    const groups = [{ ...group(1, []), memo: true }];
    expect(sortOptionGroups(groups)[0]?.memo).toBe(true);
  });
});

describe('defaultSelection', () => {
  it('selects the default values with their nested defaults, in group order', () => {
    expect(defaultSelection(burger)).toEqual(defaults);
  });
  it.each([
    [
      'a single-selection group keeps its first default',
      group(1, [value(11), value(12, { default_selection: true }), value(13, { default_selection: true })]),
      [sel(1, pick(12))],
    ],
    [
      'a multiple-selection group keeps every default',
      group(1, [value(11, { default_selection: true }), value(12, { default_selection: true })], { allow_multiple_selection: true }),
      [sel(1, pick(11), pick(12))],
    ],
    [
      'a limit keeps the first defaults',
      group(1, [value(11, { default_selection: true }), value(12, { default_selection: true }), value(13, { default_selection: true })], {
        allow_multiple_selection: true,
        limit: 2,
      }),
      [sel(1, pick(11), pick(12))],
    ],
    ['a group without defaults is left out', group(1, [value(11), value(12)], { required: true }), []],
    ['a value whose max_quantity is 0 is never a default', group(1, [value(11, { default_selection: true, max_quantity: 0 })]), []],
    [
      'a sold-out default is skipped: a single choice takes its next default',
      group(1, [value(11, { default_selection: true, sold_out: true }), value(12, { default_selection: true })]),
      [sel(1, pick(12))],
    ],
  ])('%s', (_name, only, expected) => {
    expect(defaultSelection(item([only]))).toEqual(expected);
  });
  it('skips defaults that are unavailable now, when given now and zone', () => {
    const breakfast = item([
      group(1, [
        value(11, { default_selection: true, price_schedule: lunchOnly, additional_prices: { A: 0 } }),
        value(12, { default_selection: true }),
      ]),
    ]);
    expect(defaultSelection(breakfast)).toEqual([sel(1, pick(11))]);
    expect(defaultSelection(breakfast, NOON, ZONE)).toEqual([sel(1, pick(11))]);
    expect(defaultSelection(breakfast, MORNING, ZONE)).toEqual([sel(1, pick(12))]);
  });
});

describe('toggleValue', () => {
  it.each([
    ['selecting in a single-selection group replaces the choice', defaults, [SIZE, 100], [sel(SIZE, pick(100)), defaults[1]]],
    ['unselecting the only value of a group removes the group', defaults, [SIZE, 101], [defaults[1]]],
    [
      'selecting in a multiple-selection group adds, in the group’s order',
      [sel(TOPPINGS, pick(202))],
      [TOPPINGS, 200],
      [sel(TOPPINGS, pick(200), pick(202))],
    ],
    ['selecting brings nested defaults', [], [TOPPINGS, 201], [sel(TOPPINGS, pick(201, 1, [sel(BACON_STYLE, pick(400))]))]],
    ['unselecting removes nested choices', defaults, [TOPPINGS, 201], [defaults[0], sel(TOPPINGS, pick(200))]],
    [
      'a nested value toggles under its selected parent',
      defaults,
      [TOPPINGS, 201, BACON_STYLE, 401],
      [defaults[0], sel(TOPPINGS, pick(200), pick(201, 1, [sel(BACON_STYLE, pick(401))]))],
    ],
    ['groups keep sortOptionGroups order', [sel(DRINK, pick(500))], [SIZE, 100], [sel(SIZE, pick(100)), sel(DRINK, pick(500))]],
    ['a custom-quantities group adds one unit', [sel(SAUCES, pick(301, 2))], [SAUCES, 300], [sel(SAUCES, pick(300), pick(301, 2))]],
  ] as Array<[string, SelectedGroup[], number[], SelectedGroup[]]>)('%s', (_name, before, path, after) => {
    expect(toggleValue(burger, before, path)).toEqual(after);
  });

  it.each([
    ['a group at its limit', [sel(TOPPINGS, pick(200), pick(201), pick(202))], [TOPPINGS, 203]],
    ['a custom-quantities group whose units reach its limit', [sel(SAUCES, pick(300, 2), pick(301, 2))], [SAUCES, 302]],
    ['a nested value whose parent is not selected', [sel(SIZE, pick(101))], [TOPPINGS, 201, BACON_STYLE, 401]],
    ['an unknown group', defaults, [99, 100]],
    ['an unknown value', defaults, [SIZE, 999]],
    ['a value of another group', defaults, [SIZE, 200]],
    ['an empty path', defaults, []],
    ['a path of odd length', defaults, [SIZE]],
    ['a nested path through an unknown group', defaults, [TOPPINGS, 201, 99, 400]],
  ] as Array<[string, SelectedGroup[], number[]]>)('changes nothing for %s', (_name, before, path) => {
    expect(toggleValue(burger, before, path)).toBe(before);
  });

  it('never selects a value whose max_quantity is 0', () => {
    const odd = item([group(1, [value(11, { max_quantity: 0 })], { allow_multiple_selection: true })]);
    expect(toggleValue(odd, [], [1, 11])).toEqual([]);
  });

  it('does not change its input', () => {
    const before = structuredClone(defaults);
    toggleValue(burger, before, [TOPPINGS, 201, BACON_STYLE, 401]);
    toggleValue(burger, before, [SIZE, 100]);
    expect(before).toEqual(defaults);
  });
});

describe('setValueQuantity', () => {
  it.each([
    ['sets a quantity', [], [SAUCES, 301], 3, [sel(SAUCES, pick(301, 3))]],
    ['clamps to max_quantity', [], [SAUCES, 301], 5, [sel(SAUCES, pick(301, 3))]],
    ['clamps to what the group limit leaves', [sel(SAUCES, pick(300, 2))], [SAUCES, 301], 3, [sel(SAUCES, pick(300, 2), pick(301, 2))]],
    ['rounds down', [], [SAUCES, 301], 2.7, [sel(SAUCES, pick(301, 2))]],
    ['0 unselects', [sel(SAUCES, pick(300, 2), pick(301, 2))], [SAUCES, 300], 0, [sel(SAUCES, pick(301, 2))]],
    ['a negative quantity unselects', [sel(SAUCES, pick(300, 2))], [SAUCES, 300], -3, []],
    ['lowers a quantity', [sel(SAUCES, pick(301, 3))], [SAUCES, 301], 1, [sel(SAUCES, pick(301, 1))]],
    [
      'keeps nested choices when the quantity changes',
      [sel(SAUCES, pick(301, 1, [sel(DIP, pick(700, 2))]))],
      [SAUCES, 301],
      3,
      [sel(SAUCES, pick(301, 3, [sel(DIP, pick(700, 2))]))],
    ],
    ['allows only 1 without custom_quantities', [], [TOPPINGS, 202], 4, [sel(TOPPINGS, pick(202))]],
    ['replaces the choice of a single-selection group', defaults, [SIZE, 100], 1, [sel(SIZE, pick(100)), defaults[1]]],
    [
      'sets a nested quantity',
      [sel(SAUCES, pick(301, 2))],
      [SAUCES, 301, DIP, 700],
      5,
      [sel(SAUCES, pick(301, 2, [sel(DIP, pick(700, 5))]))],
    ],
  ] as Array<[string, SelectedGroup[], number[], number, SelectedGroup[]]>)('%s', (_name, before, path, quantity, after) => {
    expect(setValueQuantity(burger, before, path, quantity)).toEqual(after);
  });

  it.each([
    ['no room left in the group', [sel(SAUCES, pick(300, 2), pick(301, 2))], [SAUCES, 302], 1],
    ['0 for a value that is not selected', [], [SAUCES, 300], 0],
    ['NaN', [sel(SAUCES, pick(300, 1))], [SAUCES, 300], Number.NaN],
    ['the same quantity', [sel(SAUCES, pick(300, 2))], [SAUCES, 300], 2],
    ['a value already at its max', [sel(SAUCES, pick(300, 2))], [SAUCES, 300], 9],
    ['a multiple-selection group at its limit', [sel(TOPPINGS, pick(200), pick(201), pick(202))], [TOPPINGS, 203], 1],
    ['an unknown path', defaults, [SAUCES, 999], 1],
    ['a nested value whose parent is not selected', [], [SAUCES, 301, DIP, 700], 1],
  ] as Array<[string, SelectedGroup[], number[], number]>)('changes nothing for %s', (_name, before, path, quantity) => {
    expect(setValueQuantity(burger, before, path, quantity)).toBe(before);
  });

  it('changes nothing for Infinity, even in a group without any bound', () => {
    const unbounded = item([group(1, [value(11)], { custom_quantities: true, allow_multiple_selection: true })]);
    const before = [sel(1, pick(11, 2))];
    expect(setValueQuantity(unbounded, before, [1, 11], Number.POSITIVE_INFINITY)).toBe(before);
    expect(setValueQuantity(unbounded, before, [1, 11], 40)).toEqual([sel(1, pick(11, 40))]);
  });
});

describe('selectedQuantity', () => {
  const selection = [sel(SAUCES, pick(301, 2, [sel(DIP, pick(700, 5))]))];
  it.each([
    [[SAUCES, 301], 2],
    [[SAUCES, 301, DIP, 700], 5],
    [[SAUCES, 300], 0],
    [[SIZE, 100], 0],
    [[SAUCES], 0],
    [[], 0],
  ])('%j -> %i', (path, expected) => {
    expect(selectedQuantity(selection, path)).toBe(expected);
  });
});

describe('validateSelection', () => {
  it.each([
    ['the defaults', defaults, []],
    ['a required group without a choice', [sel(TOPPINGS, pick(200))], [{ rule: 'required', groupId: SIZE }]],
    [
      'a required nested group under a selected value',
      [sel(SIZE, pick(100)), sel(TOPPINGS, pick(201))],
      [{ rule: 'required', groupId: BACON_STYLE }],
    ],
    ['a required nested group under a value that is not selected', [sel(SIZE, pick(100)), sel(TOPPINGS, pick(200))], []],
    ['two values in a single-selection group', [sel(SIZE, pick(100), pick(101))], [{ rule: 'single', groupId: SIZE }]],
    ['the same group twice counts as one', [sel(SIZE, pick(100)), sel(SIZE, pick(101))], [{ rule: 'single', groupId: SIZE }]],
    [
      'more values than the limit',
      [sel(SIZE, pick(100)), sel(TOPPINGS, pick(200), pick(202), pick(203), pick(201, 1, [sel(BACON_STYLE, pick(400))]))],
      [{ rule: 'limit', groupId: TOPPINGS, limit: 3 }],
    ],
    [
      'more units than the limit with custom quantities',
      [sel(SIZE, pick(100)), sel(SAUCES, pick(300, 2), pick(301, 3))],
      [{ rule: 'limit', groupId: SAUCES, limit: 4 }],
    ],
    [
      'more than max_quantity',
      [sel(SIZE, pick(100)), sel(SAUCES, pick(300, 3))],
      [{ rule: 'max_quantity', groupId: SAUCES, valueId: 300, max: 2 }],
    ],
    [
      'more than 1 without custom quantities',
      [sel(SIZE, pick(100)), sel(TOPPINGS, pick(202, 2))],
      [{ rule: 'max_quantity', groupId: TOPPINGS, valueId: 202, max: 1 }],
    ],
    ['an unknown group', [sel(SIZE, pick(100)), sel(99, pick(1))], [{ rule: 'unknown', groupId: 99 }]],
    ['an unknown value', [sel(SIZE, pick(100), pick(999))], [{ rule: 'unknown', groupId: SIZE, valueId: 999 }]],
    [
      'only unknown values in a required group',
      [sel(SIZE, pick(999))],
      [
        { rule: 'unknown', groupId: SIZE, valueId: 999 },
        { rule: 'required', groupId: SIZE },
      ],
    ],
    [
      'an unknown nested value',
      [sel(SIZE, pick(100)), sel(TOPPINGS, pick(201, 1, [sel(BACON_STYLE, pick(400), pick(402))]))],
      [{ rule: 'unknown', groupId: BACON_STYLE, valueId: 402 }],
    ],
    ['a value unavailable now', [sel(SIZE, pick(100)), sel(SAUCES, pick(302))], [{ rule: 'unavailable', groupId: SAUCES, valueId: 302 }]],
    ['a quantity of 0', [sel(SIZE, pick(100)), sel(SAUCES, pick(300, 0))], [{ rule: 'quantity', groupId: SAUCES, valueId: 300 }]],
    ['a fractional quantity', [sel(SIZE, pick(100)), sel(SAUCES, pick(300, 1.5))], [{ rule: 'quantity', groupId: SAUCES, valueId: 300 }]],
    [
      'several issues, top down in group order',
      [sel(99), sel(DRINK, pick(500), pick(501)), sel(SAUCES, pick(302), pick(300, 5)), sel(TOPPINGS, pick(201))],
      [
        { rule: 'unknown', groupId: 99 },
        { rule: 'required', groupId: SIZE },
        { rule: 'required', groupId: BACON_STYLE },
        { rule: 'limit', groupId: SAUCES, limit: 4 },
        { rule: 'unavailable', groupId: SAUCES, valueId: 302 },
        { rule: 'max_quantity', groupId: SAUCES, valueId: 300, max: 2 },
        { rule: 'single', groupId: DRINK },
      ],
    ],
  ] as Array<[string, SelectedGroup[], SelectionIssue[]]>)('%s', (_name, selection, issues) => {
    // 09:00: the Hot sauce is not served before 11:00.
    const result = validateSelection(burger, selection, MORNING, ZONE);
    expect([...result].sort(byRule)).toEqual([...issues].sort(byRule));
    if (_name.startsWith('several')) expect(result).toEqual(issues);
  });

  it('names a sold-out value (staff marked it during service) before its schedule', () => {
    const soldOut = structuredClone(burger);
    const sauces = soldOut.options.find((entry) => entry.id === SAUCES)!;
    for (const entry of sauces.values) if (entry.id === 300 || entry.id === 302) entry.sold_out = true;
    expect(validateSelection(soldOut, [sel(SIZE, pick(100)), sel(SAUCES, pick(300), pick(302))], MORNING, ZONE)).toEqual([
      { rule: 'sold_out', groupId: SAUCES, valueId: 300 },
      { rule: 'sold_out', groupId: SAUCES, valueId: 302 },
    ]);
    expect(validateSelection(soldOut, [sel(SIZE, pick(100))], MORNING, ZONE)).toEqual([]);
  });

  it('accepts the Hot sauce at noon', () => {
    expect(validateSelection(burger, [sel(SIZE, pick(100)), sel(SAUCES, pick(302))], NOON, ZONE)).toEqual([]);
  });
});

function byRule(a: SelectionIssue, b: SelectionIssue): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}

describe('unitPrice', () => {
  it.each([
    ['no options', [], NOON, 1000],
    ['the defaults', defaults, NOON, 1000 + 300 + 150 + 250],
    ['quantities', [sel(SAUCES, pick(300, 2), pick(301, 2))], NOON, 1000 + 2 * 25],
    ['nested quantities multiply down the tree', [sel(SAUCES, pick(301, 2, [sel(DIP, pick(700, 3))]))], NOON, 1000 + 25 * 2 + 10 * 3 * 2],
    ['a value’s scheduled price', [sel(SAUCES, pick(302, 2))], NOON, 1000 + 60 * 2],
    ['a value unavailable now', [sel(SAUCES, pick(302))], MORNING, null],
    ['an unknown value', [sel(SIZE, pick(999))], NOON, null],
    ['an unknown group', [sel(99, pick(1))], NOON, null],
    ['an unknown nested value', [sel(TOPPINGS, pick(201, 1, [sel(BACON_STYLE, pick(402))]))], NOON, null],
    ['a quantity of 0', [sel(SAUCES, pick(300, 0))], NOON, null],
    ['broken rules still price what is chosen', [sel(SIZE, pick(100), pick(101))], NOON, 1300],
  ] as Array<[string, SelectedGroup[], Date, number | null]>)('%s', (_name, selection, now, expected) => {
    expect(unitPrice(burger, selection, now, ZONE)).toBe(expected);
  });

  it('uses the item’s scheduled price, and is null when the item is unavailable now', () => {
    const lunch = { ...burger, price_schedule: lunchOnly, additional_prices: { A: 1250 } };
    expect(unitPrice(lunch, defaults, NOON, ZONE)).toBe(1250 + 300 + 150 + 250);
    expect(unitPrice(lunch, [], MORNING, ZONE)).toBeNull();
  });

  // The promo prices as the menu answer carries them (pricing.ts promoPrices): 20 % off the burger
  // (and its lunch price), 0.50 off the bacon, 10 % off the scheduled hot sauce's lunch price.
  const promoted = {
    ...burger,
    adjustedPrice: 800,
    options: burger.options.map((entry) => ({
      ...entry,
      values: entry.values.map((choice) =>
        choice.id === 201
          ? { ...choice, adjustedPrice: 200 }
          : choice.id === 302
            ? { ...choice, adjustedPrice: 45, adjusted_additional_prices: { A: 54 } }
            : choice,
      ),
    })),
  };

  it.each([
    ['no options', [], NOON, 800, 1000],
    ['the defaults: the item’s and the bacon’s promo prices', defaults, NOON, 800 + 300 + 150 + 200, 1000 + 300 + 150 + 250],
    ['a value’s scheduled promo price, times its quantity', [sel(SAUCES, pick(302, 2))], NOON, 800 + 54 * 2, 1000 + 60 * 2],
    ['a value unavailable now is unavailable at either price', [sel(SAUCES, pick(302))], MORNING, null, null],
  ] as Array<[string, SelectedGroup[], Date, number | null, number | null]>)(
    'pays promo prices by default: %s',
    (_name, selection, now, paid, regular) => {
      expect(unitPrice(promoted, selection, now, ZONE)).toBe(paid);
      expect(unitPrice(promoted, selection, now, ZONE, 'promo')).toBe(paid);
      expect(unitPrice(promoted, selection, now, ZONE, 'regular')).toBe(regular);
    },
  );

  it('reads the item’s scheduled promo price', () => {
    const lunch = { ...promoted, price_schedule: lunchOnly, additional_prices: { A: 1250 }, adjusted_additional_prices: { A: 1000 } };
    expect(unitPrice(lunch, [], NOON, ZONE)).toBe(1000);
    expect(unitPrice(lunch, [], NOON, ZONE, 'regular')).toBe(1250);
    expect(unitPrice(lunch, [], MORNING, ZONE)).toBeNull();
  });
});

describe('priceRange', () => {
  it.each([
    ['one required pricing group', burger, NOON, { min: 1000, max: 1300 }],
    ['no pricing group', item([group(1, [value(11, { price: 100 })], { required: true })]), NOON, null],
    [
      'a pricing group that is not required adds nothing',
      item([group(1, [value(11, { price: 100 })], { type: 'pricing' })]),
      NOON,
      { min: 1000, max: 1000 },
    ],
    [
      'two required pricing groups add up',
      item([
        group(1, [value(11, { price: 100 }), value(12, { price: 500 })], { type: 'pricing', required: true }),
        group(2, [value(21, { price: 50 }), value(22, { price: 80 }), value(23, { price: 20 })], { type: 'pricing', required: true }),
        group(3, [value(31, { price: 9999 })], { required: true }),
      ]),
      NOON,
      { min: 1000 + 100 + 20, max: 1000 + 500 + 80 },
    ],
    [
      'values unavailable now are left out',
      item([
        group(1, [value(11, { price: 100 }), value(12, { price: 500, price_schedule: lunchOnly, additional_prices: { A: 700 } })], {
          type: 'pricing',
          required: true,
        }),
      ]),
      MORNING,
      { min: 1100, max: 1100 },
    ],
    [
      'scheduled value prices count',
      item([
        group(1, [value(11, { price: 100 }), value(12, { price: 500, price_schedule: lunchOnly, additional_prices: { A: 700 } })], {
          type: 'pricing',
          required: true,
        }),
      ]),
      NOON,
      { min: 1100, max: 1700 },
    ],
    [
      'a required pricing group with nothing available now',
      item([group(1, [value(12, { price_schedule: lunchOnly, additional_prices: { A: 700 } })], { type: 'pricing', required: true })]),
      MORNING,
      null,
    ],
    ['an item unavailable now', { ...burger, price_schedule: lunchOnly, additional_prices: { A: 1250 } }, MORNING, null],
    ['an item’s scheduled price', { ...burger, price_schedule: lunchOnly, additional_prices: { A: 1250 } }, NOON, { min: 1250, max: 1550 }],
  ] as Array<[string, ItemLike, Date, { min: number; max: number } | null]>)('%s', (_name, entry, now, expected) => {
    expect(priceRange(entry, now, ZONE)).toEqual(expected);
  });

  it('is the range paid after promos by default, the regular one on request', () => {
    const sized = item(
      [group(1, [value(11, { price: 100 }), value(12, { price: 500, adjustedPrice: 400 })], { type: 'pricing', required: true })],
      { adjustedPrice: 900 },
    );
    expect(priceRange(sized, NOON, ZONE)).toEqual({ min: 900 + 100, max: 900 + 400 });
    expect(priceRange(sized, NOON, ZONE, 'regular')).toEqual({ min: 1000 + 100, max: 1000 + 500 });
  });
});

describe('displayCalories', () => {
  it.each([
    [250, 250],
    [0, 0],
    [-0, 0],
    [12.5, null],
    [-1, null],
    ['abc', null],
    ['250', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [2 ** 60, null],
    [{}, null],
  ])('%j -> %j', (calories, expected) => {
    expect(displayCalories(calories)).toBe(expected);
  });
});

describe('isOrderable', () => {
  const scheduled = { ...burger, price_schedule: lunchOnly, additional_prices: { A: 1250 } };
  it.each([
    ['an ordinary item', burger, false, NOON, { orderable: true }],
    ['a sold-out item', { ...burger, sold_out: true }, false, NOON, { orderable: false, reason: 'sold_out' }],
    ['an item of a sold-out section', burger, true, NOON, { orderable: false, reason: 'sold_out' }],
    ['an unavailable item', { ...burger, unavailable: true }, false, NOON, { orderable: false, reason: 'unavailable' }],
    [
      'sold out wins over unavailable',
      { ...burger, unavailable: true, sold_out: true },
      false,
      NOON,
      { orderable: false, reason: 'sold_out' },
    ],
    ['an item its schedule makes unavailable now', scheduled, false, MORNING, { orderable: false, reason: 'unavailable' }],
    ['an item its schedule makes available now', scheduled, false, NOON, { orderable: true }],
  ] as Array<[string, ItemLike, boolean, Date, ReturnType<typeof isOrderable>]>)('%s', (_name, entry, sectionSoldOut, now, expected) => {
    expect(isOrderable(entry, sectionSoldOut, now, ZONE)).toEqual(expected);
  });
});

describe('containsAlcohol', () => {
  it.each([
    ['no alcohol', defaults, false],
    ['an alcoholic value', [sel(DRINK, pick(501))], true],
    ['an unknown value', [sel(DRINK, pick(999))], false],
  ] as Array<[string, SelectedGroup[], boolean]>)('%s', (_name, selection, expected) => {
    expect(containsAlcohol(burger, selection)).toBe(expected);
  });
  it('an alcoholic item', () => {
    expect(containsAlcohol({ ...burger, alcoholic_beverage: true }, [])).toBe(true);
  });
  it('an alcoholic nested value', () => {
    const cocktail = item([group(1, [value(11, { options: [group(2, [value(21, { alcoholic_beverage: true })])] })])]);
    expect(containsAlcohol(cocktail, [sel(1, pick(11, 1, [sel(2, pick(21))]))])).toBe(true);
    expect(containsAlcohol(cocktail, [sel(1, pick(11))])).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over generated items: nested groups two levels deep, any flags, no price schedules.

interface GroupShape {
  type: 'addons' | 'pricing';
  required: boolean;
  allow_multiple_selection: boolean;
  limit: number | null;
  custom_quantities: boolean;
  order: number;
  values: ValueShape[];
}
interface ValueShape {
  price: number;
  max_quantity: number | null;
  default_selection: boolean;
  options: GroupShape[];
}

const valueShape = (depth: number): fc.Arbitrary<ValueShape> =>
  fc.record({
    price: fc.integer({ min: 0, max: 5000 }),
    max_quantity: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    default_selection: fc.boolean(),
    options: depth > 0 ? fc.array(groupShape(depth - 1), { maxLength: 2 }) : fc.constant([]),
  });
const groupShape = (depth: number): fc.Arbitrary<GroupShape> =>
  fc.record({
    type: fc.constantFrom('addons' as const, 'pricing' as const),
    required: fc.boolean(),
    allow_multiple_selection: fc.boolean(),
    limit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    custom_quantities: fc.boolean(),
    order: fc.integer({ min: 0, max: 3 }),
    values: fc.array(valueShape(depth), { minLength: 1, maxLength: 4 }),
  });

/** Ids unique per kind, as in a tenant file. */
function build(shapes: GroupShape[], price: number): ItemLike {
  let nextGroup = 1;
  let nextValue = 1000;
  const groups = (list: GroupShape[]): OptionGroupLike[] =>
    list.map((shape) => ({
      ...group(nextGroup++, []),
      ...shape,
      values: shape.values.map((entry) => ({ ...value(nextValue++), ...entry, options: groups(entry.options) })),
    }));
  return item(groups(shapes), { price });
}

const itemArb = fc
  .tuple(fc.array(groupShape(2), { maxLength: 4 }), fc.integer({ min: 0, max: 10_000 }))
  .map(([shapes, price]) => build(shapes, price));

/** An operation as choices, resolved against the item: indices pick a group and a value at each level. */
interface Operation {
  kind: 'toggle' | 'set';
  choices: number[];
  quantity: number;
}
const operationArb: fc.Arbitrary<Operation> = fc.record({
  kind: fc.constantFrom('toggle' as const, 'set' as const),
  choices: fc.array(fc.nat(), { minLength: 2, maxLength: 6 }),
  quantity: fc.integer({ min: -1, max: 8 }),
});

function pathOf(entry: ItemLike, choices: number[]): number[] {
  const path: number[] = [];
  let groups = entry.options;
  for (let index = 0; index + 1 < choices.length; index += 2) {
    const chosenGroup = groups[(choices[index] ?? 0) % Math.max(groups.length, 1)];
    if (!chosenGroup) break;
    const chosenValue = chosenGroup.values[(choices[index + 1] ?? 0) % chosenGroup.values.length];
    if (!chosenValue) break;
    path.push(chosenGroup.id, chosenValue.id);
    groups = chosenValue.options;
  }
  return path;
}

function apply(entry: ItemLike, selection: SelectedGroup[], operation: Operation): SelectedGroup[] {
  const path = pathOf(entry, operation.choices);
  return operation.kind === 'toggle' ? toggleValue(entry, selection, path) : setValueQuantity(entry, selection, path, operation.quantity);
}

/** Only `required` may remain: the helpers never break the other rules. */
const BROKEN_BY_HELPERS = new Set<SelectionIssue['rule']>(['single', 'limit', 'max_quantity', 'unknown', 'quantity', 'unavailable']);

describe('item selection properties', () => {
  it('never breaks single, limit or max_quantity, whatever the toggles and quantities', () => {
    fc.assert(
      fc.property(itemArb, fc.boolean(), fc.array(operationArb, { maxLength: 25 }), (entry, fromDefaults, operations) => {
        let selection = fromDefaults ? defaultSelection(entry) : [];
        for (const operation of operations) {
          selection = apply(entry, selection, operation);
          const broken = validateSelection(entry, selection, NOON, ZONE).filter((issue) => BROKEN_BY_HELPERS.has(issue.rule));
          expect(broken).toEqual([]);
        }
      }),
    );
  });

  it('setValueQuantity never exceeds max_quantity, the group limit or the asked quantity', () => {
    fc.assert(
      fc.property(itemArb, fc.array(operationArb, { maxLength: 10 }), operationArb, (entry, operations, last) => {
        const selection = operations.reduce((current, operation) => apply(entry, current, operation), defaultSelection(entry));
        const path = pathOf(entry, last.choices);
        const after = setValueQuantity(entry, selection, path, last.quantity);
        const quantity = selectedQuantity(after, path);
        if (after !== selection && last.quantity > 0) expect(quantity).toBeLessThanOrEqual(last.quantity);
        if (last.quantity <= 0) expect(quantity).toBe(0);
        let groups = entry.options;
        let chosen = after;
        for (let index = 0; index + 1 < path.length; index += 2) {
          const target = groups.find((candidate) => candidate.id === path[index]);
          const values = chosen.find((candidate) => candidate.id === path[index])?.values ?? [];
          if (!target) break;
          const units = target.custom_quantities ? values.reduce((sum, entryValue) => sum + entryValue.quantity, 0) : values.length;
          if (target.limit !== null) expect(units).toBeLessThanOrEqual(target.limit);
          const own = target.values.find((candidate) => candidate.id === path[index + 1]);
          const picked = values.find((candidate) => candidate.id === path[index + 1]);
          if (own && picked) {
            if (own.max_quantity !== null) expect(picked.quantity).toBeLessThanOrEqual(own.max_quantity);
            if (!target.custom_quantities) expect(picked.quantity).toBe(1);
          }
          if (!own || !picked) break;
          groups = own.options;
          chosen = picked.options;
        }
      }),
    );
  });

  it('unitPrice is an integer at least the item price, and is the sum of its parts', () => {
    fc.assert(
      fc.property(itemArb, fc.array(operationArb, { maxLength: 20 }), (entry, operations) => {
        const selection = operations.reduce((current, operation) => apply(entry, current, operation), defaultSelection(entry));
        const price = unitPrice(entry, selection, NOON, ZONE);
        expect(price).not.toBeNull();
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(entry.price);
        expect(price).toBe(entry.price + partsOf(entry.options, selection, 1));
      }),
    );
  });

  it('toggling a newly selected value of a multiple-selection group twice gives back the selection', () => {
    fc.assert(
      fc.property(
        itemArb,
        fc.array(operationArb, { maxLength: 10 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 6 }),
        (entry, operations, choices) => {
          const selection = operations.reduce((current, operation) => apply(entry, current, operation), defaultSelection(entry));
          const path = pathOf(entry, choices);
          const once = toggleValue(entry, selection, path);
          const isMultiple = groupAtPath(entry, path)?.allow_multiple_selection === true;
          if (once !== selection && selectedQuantity(selection, path) === 0 && isMultiple) {
            expect(toggleValue(entry, once, path)).toEqual(selection);
          }
        },
      ),
    );
  });

  it('defaultSelection breaks no rule but required', () => {
    fc.assert(
      fc.property(itemArb, (entry) => {
        const issues = validateSelection(entry, defaultSelection(entry), NOON, ZONE);
        expect(issues.filter((issue) => issue.rule !== 'required')).toEqual([]);
      }),
    );
  });

  it('sortOptionGroups is a stable permutation with pricing groups first', () => {
    fc.assert(
      fc.property(itemArb, (entry) => {
        const sorted = sortOptionGroups(entry.options);
        expect([...sorted].sort((a, b) => a.id - b.id)).toEqual([...entry.options].sort((a, b) => a.id - b.id));
        for (let index = 1; index < sorted.length; index++) {
          const before = sorted[index - 1];
          const after = sorted[index];
          if (!before || !after) continue;
          const rank = (candidate: OptionGroupLike) => (candidate.type === 'pricing' ? 0 : 1);
          expect(
            rank(before) < rank(after) ||
              (rank(before) === rank(after) && (before.order < after.order || (before.order === after.order && before.id < after.id))),
          ).toBe(true);
        }
      }),
    );
  });
});

function partsOf(groups: OptionGroupLike[], selection: SelectedGroup[], multiplier: number): number {
  let total = 0;
  for (const entry of selection) {
    const target = groups.find((candidate) => candidate.id === entry.id);
    for (const chosen of entry.values) {
      const own = target?.values.find((candidate) => candidate.id === chosen.id);
      if (!own) throw new Error('unknown value in a generated selection');
      total += own.price * chosen.quantity * multiplier + partsOf(own.options, chosen.options, chosen.quantity * multiplier);
    }
  }
  return total;
}

function groupAtPath(entry: ItemLike, path: number[]): OptionGroupLike | undefined {
  let groups = entry.options;
  let found: OptionGroupLike | undefined;
  for (let index = 0; index + 1 < path.length; index += 2) {
    found = groups.find((candidate) => candidate.id === path[index]);
    groups = found?.values.find((candidate) => candidate.id === path[index + 1])?.options ?? [];
  }
  return found;
}

describe('groupLimits', () => {
  const value = (max_quantity: number | null) => ({ max_quantity });
  it.each([
    ['a per-person add-on group whose limit is what its values allow together', 400, true, [200, 200], { total: null, each: 200 }],
    ['a per-guest sandwich group whose limit binds', 200, true, [100, 100, 100, 100], { total: 200, each: 100 }],
    ['values of different maxima', 5, true, [2, 10], { total: 5, each: null }],
    ['a value without a maximum: the limit binds', 10, true, [null, 5], { total: 10, each: null }],
    ['a multiple choice of 3 among 5', 3, false, [null, null, null, null, null], { total: 3, each: null }],
    ['a multiple choice of 5 among 3', 5, false, [null, null, null], { total: null, each: null }],
    ['no limit', null, false, [null], { total: null, each: null }],
  ] as const)('%s', (_name, limit, custom_quantities, maxima, expected) => {
    expect(groupLimits({ limit, custom_quantities, values: maxima.map(value) as never })).toEqual(expected);
  });
});
