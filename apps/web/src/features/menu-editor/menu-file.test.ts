import { describe, expect, it } from 'vitest';
import {
  addItem,
  previewOrderType,
  applyItemValues,
  displayOrder,
  type ITEM_FLAGS,
  fieldsOfProblems,
  itemPath,
  itemValues,
  moveEntry,
  moveEntryTo,
  moveItem,
  moveItemTo,
  moveSection,
  moveSectionTo,
  parseDollars,
  removeItem,
  type EditorFile,
  type FileItem,
} from './menu-file';

describe('parseDollars', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0', 0],
    ['0.01', 1],
    ['12,50', 1250],
    ['$12.50', 1250],
    ['12,50 $', 1250],
    [' 19.99 ', 1999],
    // 0.1 + 0.2 style amounts stay exact: string arithmetic, never a float.
    ['1234567.89', 123456789],
    ['0.29', 29],
    ['4.35', 435],
  ])('%s is %i cents', (typed, cents) => expect(parseDollars(typed)).toBe(cents));

  it.each(['', '-1', '-0.50', '12.345', 'abc', '12.5.0', '1e3', '12 50', '.50', '12.', '$', '12,5,0', '99999999'])('refuses %j', (typed) =>
    expect(parseDollars(typed)).toBeNull(),
  );
});

describe('moveEntry', () => {
  const list = [
    { id: 'b', order: 2 },
    { id: 'a', order: 1 },
    { id: 'c', order: 3 },
  ];

  it('reads the list by order, ties by place in the file', () => {
    expect(displayOrder(list)).toEqual([1, 0, 2]);
    expect(displayOrder([{ order: 1 }, {}, { order: 1 }])).toEqual([1, 0, 2]);
  });

  it('moves an entry one step and renumbers by rank, leaving places in the file alone', () => {
    const moved = moveEntry(list, 2, -1)!;
    expect(moved.map((entry) => entry.id)).toEqual(['b', 'a', 'c']);
    expect(displayOrder(moved).map((index) => moved[index]!.id)).toEqual(['a', 'c', 'b']);
    expect(list[2]!.order).toBe(3);
  });

  it('gives nothing at either end', () => {
    expect(moveEntry(list, 1, -1)).toBeNull();
    expect(moveEntry(list, 2, 1)).toBeNull();
  });

  it('untangles ties so the move shows', () => {
    const tied: Array<{ id: string; order?: number }> = [{ id: 'x' }, { id: 'y' }];
    const moved = moveEntry(tied, 1, -1)!;
    expect(displayOrder(moved).map((index) => moved[index]!.id)).toEqual(['y', 'x']);
  });
});

const file: EditorFile = {
  id: 1,
  slug: 'bistro',
  menu_groups: [
    {
      id: 10,
      name: 'Main',
      menus: [
        {
          id: 20,
          name: 'Dinner',
          items: [{ id: 7, name: 'Bread', price: '3.00' }],
          sections: [
            { id: 30, name: 'Starters', order: 1, items: [{ id: 40, name: 'Soup', price: '8.00', order: 1 }] },
            { id: 31, name: 'Mains', order: 2, items: [] },
          ],
        },
      ],
    },
  ],
};

describe('changing the file', () => {
  it('adds an item with a new id last in its section, and removes it', () => {
    const place = { group: 0, menu: 0, section: 1 };
    const { file: added, item } = addItem(file, place, { name: 'Steak', price: '0.00' });
    expect(item).toMatchObject({ id: 41, name: 'Steak', price: '0.00', order: 0 });
    expect(added.menu_groups![0]!.menus![0]!.sections![1]!.items).toEqual([item]);
    expect(file.menu_groups![0]!.menus![0]!.sections![1]!.items).toEqual([]);
    expect(removeItem(added, place, 0).menu_groups![0]!.menus![0]!.sections![1]!.items).toEqual([]);
  });

  it('moves sections and a menu’s own items', () => {
    const moved = moveSection(file, 0, 0, 1, -1)!;
    expect(moved.menu_groups![0]!.menus![0]!.sections!.map((section) => [section.name, section.order])).toEqual([
      ['Starters', 1],
      ['Mains', 0],
    ]);
    expect(moveItem(file, { group: 0, menu: 0, section: null }, 0, 1)).toBeNull();
    // Dragged: Mains (second in display order) onto Starters' rank, and nowhere it already is.
    const dragged = moveSectionTo(file, 0, 0, 1, 0)!;
    expect(dragged.menu_groups![0]!.menus![0]!.sections!.map((section) => [section.name, section.order])).toEqual([
      ['Starters', 1],
      ['Mains', 0],
    ]);
    expect(moveSectionTo(file, 0, 0, 1, 1)).toBeNull();
    expect(moveSectionTo(file, 0, 0, 1, 5)).toBeNull();
  });

  it('writes the form’s values back: cents as dollars text, French beside English, empty French and an untouched empty description left out', () => {
    const item = { id: 1, name: 'Soup', price: 8, localization: { 'fr-CA': { name: 'Soupe', ingredients: 'eau' } } };
    const values = { ...itemValues(item), name_en: 'Pea soup', name_fr: '', description_fr: 'Aux pois', calories: '240' };
    values.flags.featured_item = true;
    expect(itemValues(item).price).toBe('8.00');
    // The file's -1 is "not given": an empty field, and it stays -1 when left empty.
    const unknown = { id: 2, name: 'Tea', price: '2', calories: -1 };
    expect(itemValues(unknown).calories).toBe('');
    expect(applyItemValues(unknown, itemValues(unknown), 200).calories).toBe(-1);
    expect(applyItemValues(item, values, 1095)).toEqual({
      id: 1,
      name: 'Pea soup',
      price: '10.95',
      calories: 240,
      featured_item: true,
      localization: { 'fr-CA': { ingredients: 'eau', description: 'Aux pois' } },
    });
  });
});

describe('an item’s flags', () => {
  const plain: FileItem = { id: 3, name: 'Lunch box', price: '9' };
  it.each<{ case: string; item: FileItem; flag: (typeof ITEM_FLAGS)[number]; checked: boolean; expected: boolean | undefined }>([
    { case: 'meal checked: written true', item: plain, flag: 'meal_package', checked: true, expected: true },
    {
      case: 'meal unchecked on a meal: written false',
      item: { ...plain, meal_package: true },
      flag: 'meal_package',
      checked: false,
      expected: false,
    },
    {
      case: 'meal never set and left unchecked: left out of the file',
      item: plain,
      flag: 'meal_package',
      checked: false,
      expected: undefined,
    },
    {
      case: 'meal checked on an upsell item: both kept',
      item: { ...plain, upsell_item: true },
      flag: 'meal_package',
      checked: true,
      expected: true,
    },
    { case: 'upsell checked beside them', item: plain, flag: 'upsell_item', checked: true, expected: true },
  ])('$case', ({ item, flag, checked, expected }) => {
    const values = itemValues(item);
    expect(values.flags[flag]).toBe(item[flag] === true);
    values.flags[flag] = checked;
    const next = applyItemValues(item, values, 900);
    expect(next[flag]).toBe(expected);
    if (expected === undefined) expect(next).not.toHaveProperty(flag);
    expect(next.upsell_item).toBe(item.upsell_item === true || (flag === 'upsell_item' && checked) ? true : undefined);
    // Read again, the box is as it was left.
    expect(itemValues(next).flags[flag]).toBe(checked);
  });
});

describe('moveEntryTo (dragged to a rank)', () => {
  // In the file: c, a, b (their order 2, 0, 1): shown a, b, c.
  const list = [
    { name: 'c', order: 2 },
    { name: 'a', order: 0 },
    { name: 'b', order: 1 },
  ];
  const shown = (moved: Array<{ name: string; order?: number }> | null) => moved && displayOrder(moved).map((index) => moved[index]!.name);
  it.each([
    { index: 1, rank: 2, expected: ['b', 'c', 'a'] },
    { index: 0, rank: 0, expected: ['c', 'a', 'b'] },
    { index: 2, rank: 0, expected: ['b', 'a', 'c'] },
    { index: 1, rank: 0, expected: null },
    { index: 1, rank: 3, expected: null },
    { index: 1, rank: -1, expected: null },
  ])('moves file entry $index to rank $rank', ({ index, rank, expected }) => {
    expect(shown(moveEntryTo(list, index, rank))).toEqual(expected);
  });

  it('keeps the entries in their places in the file, and moves an item in the file’s tree', () => {
    expect(moveEntryTo(list, 1, 2)!.map((entry) => entry.name)).toEqual(['c', 'a', 'b']);
    const file: EditorFile = {
      menu_groups: [
        {
          id: 1,
          name: 'G',
          menus: [
            {
              id: 1,
              name: 'M',
              items: [
                { id: 1, name: 'x', price: '1' },
                { id: 2, name: 'y', price: '1' },
                { id: 3, name: 'z', price: '1' },
              ],
            },
          ],
        },
      ],
    };
    const moved = moveItemTo(file, { group: 0, menu: 0, section: null }, 2, 0)!;
    expect(moved.menu_groups![0]!.menus![0]!.items!.map((item) => [item.name, item.order])).toEqual([
      ['x', 1],
      ['y', 2],
      ['z', 0],
    ]);
  });
});

describe('fieldsOfProblems', () => {
  it('puts the open item’s problems on its fields and lists the rest with their paths', () => {
    const open = itemPath({ group: 0, menu: 1, section: 2 }, 3);
    expect(open).toBe('$.menu_groups[0].menus[1].sections[2].items[3]');
    const details = [
      { path: `${open}.price`, message: 'must be an amount' },
      { path: `${open}.localization["fr-CA"].name`, message: 'bad' },
      { path: `${open}.options[0].values`, message: 'needs a value' },
      { path: '$.menu_groups[0].menus[1].sections[2].items[30].price', message: 'must be an amount' },
      { path: '$.hours[0].day', message: 'bad day' },
    ];
    const { fields, others } = fieldsOfProblems(details, open);
    expect(fields.map(([field]) => field)).toEqual(['price', 'name_fr']);
    expect(others.map((problem) => problem.path)).toEqual([
      `${open}.options[0].values`,
      '$.menu_groups[0].menus[1].sections[2].items[30].price',
      '$.hours[0].day',
    ]);
    expect(fieldsOfProblems(details, null).fields).toEqual([]);
  });
});

describe('previewOrderType (the draft preview shows the menus a diner would see)', () => {
  const file = (...menus: Array<Record<string, boolean>>) => ({
    menu_groups: [{ id: 1, name: 'G', menus: menus.map((flags, index) => ({ id: index + 1, name: `M${index}`, ...flags })) }],
  });
  it.each([
    ['an on-demand menu: dine-in', file({ on_demand: true }), 'dine_in'],
    ['a dine-in menu: dine-in', file({ dine_in: true }), 'dine_in'],
    ['a school’s scheduled menus only: take-out (not a dine-in preview with nothing in it)', file({ scheduled: true }), 'take-out'],
    ['scheduled and on demand: dine-in', file({ scheduled: true }, { on_demand: true }), 'dine_in'],
    ['no menus at all: dine-in', { menu_groups: [] }, 'dine_in'],
  ] as Array<[string, EditorFile, string]>)('%s', (_case, given, expected) => {
    expect(previewOrderType(given)).toBe(expected);
  });
});
