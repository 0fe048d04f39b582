import { describe, expect, it } from 'vitest';
import { fieldsOfProblems, filePath, itemPath, type EditorFile, type FileItem } from './menu-file';
import {
  addGroup,
  applyGroupValues,
  groupFieldOf,
  groupsAt,
  groupSuffix,
  groupValues,
  moveGroup,
  nestGroup,
  nextOptionIds,
  removeGroup,
  valuePlaces,
  wouldLoop,
  type FileOptionGroup,
} from './option-file';
import { wordBoxValues } from './item/item-facts-file';
import { valuePricingValues } from './option/value-pricing-file';

const noWords = wordBoxValues({});
const noPricing = valuePricingValues({}, []);
const dairy = { ...noWords, allergens: { ...noWords.allergens, Dairy: true } };

const side: FileOptionGroup = { id: 12, name: 'Which side', values: [{ id: 25, name: 'Fries', price: '0.00' }] };
const item: FileItem = {
  id: 1,
  name: 'Burger',
  price: '15.00',
  options: [
    {
      id: 10,
      name: 'Size',
      required: true,
      limit: 1,
      localization: { 'fr-CA': { name: 'Format' } },
      values: [
        { id: 20, name: 'Small', price: '0.00', order: 1, allergens: 'Dairy' },
        { id: 21, name: 'Large', price: '3.5', order: 0, localization: { 'fr-CA': { name: 'Grand' } } },
      ],
    },
    { id: 11, name: 'Extras', order: 1, values: [{ id: 22, name: 'Side', price: '2.00', options: [side] }] },
  ],
};
const file: EditorFile = {
  menu_groups: [{ id: 1, name: 'Main', menus: [{ id: 1, name: 'All day', sections: [{ id: 1, name: 'Mains', items: [item] }] }] }],
};
const names = (groups: FileOptionGroup[]) => groups.map((group) => group.name);

describe('finding groups by their route', () => {
  it.each([
    [[], ['Size', 'Extras']],
    [[1, 0], ['Which side']],
    [[0, 0], []],
    [[5, 0], []],
    [[1, 0, 0, 0], []],
  ])('groups under %j are %j', (route, expected) => expect(names(groupsAt(item, route))).toEqual(expected));

  it('gives the next ids of the whole file, nested groups included', () => {
    expect(nextOptionIds(file)).toEqual({ group: 13, value: 26 });
    expect(nextOptionIds({})).toEqual({ group: 1, value: 1 });
  });

  it('lists every value with its names from the item down', () => {
    expect(valuePlaces(item).map((place) => [place.route, place.names.join(' › ')])).toEqual([
      [[0, 0], 'Size › Small'],
      [[0, 1], 'Size › Large'],
      [[1, 0], 'Extras › Side'],
      [[1, 0, 0, 0], 'Extras › Side › Which side › Fries'],
    ]);
  });
});

describe('adding, removing and moving groups', () => {
  const added = { id: 13, name: 'Sauce', values: [{ id: 26, name: 'Ketchup' }] };

  it.each([
    ['the item', [], ['Size', 'Extras', 'Sauce'], 2],
    ['a value', [1, 0], ['Which side', 'Sauce'], 1],
  ])('adds a group last under %s', (_where, route, expected, order) => {
    const next = addGroup(item, route, added);
    expect(names(groupsAt(next, route))).toEqual(expected);
    expect(groupsAt(next, route).at(-1)!.order).toBe(order);
    expect(names(groupsAt(item, route))).not.toContain('Sauce');
  });

  it.each([
    [[0], [], ['Extras']],
    [[1], [], ['Size']],
    [[1, 0, 0], [1, 0], []],
  ])('removes the group at %j', (route, parent, expected) => expect(names(groupsAt(removeGroup(item, route), parent))).toEqual(expected));

  it('moves a group among its siblings by order, and not past either end', () => {
    const moved = moveGroup(item, [1], -1)!;
    expect(groupsAt(moved, []).map((group) => [group.name, group.order])).toEqual([
      ['Size', 1],
      ['Extras', 0],
    ]);
    expect(moveGroup(item, [1, 0, 0], 1)).toBeNull();
    expect(moveGroup(item, [0], -1)).toBeNull();
  });
});

describe('nesting a group under a value, and loops', () => {
  it.each([
    // group route, value route, loops?
    [[0], [0, 0], true],
    [[0], [0, 1], true],
    [[1], [1, 0, 0, 0], true],
    [[1, 0, 0], [1, 0, 0, 0], true],
    [[1, 0, 0], [1, 0], false],
    [[0], [1, 0], false],
    [[1], [0, 1], false],
    [[1], [], false],
    [[1, 0, 0], [], false],
    [[1], [10, 0], false],
  ])('group %j under value %j loops: %s', (group, value, loops) => expect(wouldLoop(group, value)).toBe(loops));

  it('refuses a loop and changes nothing', () => {
    expect(nestGroup(item, [1], [1, 0, 0, 0])).toBe('loop');
  });

  it('moves a group under a value of another group, following the shift of later siblings', () => {
    const next = nestGroup(item, [0], [1, 0]);
    if (next === 'loop') throw new Error('no loop here');
    expect(names(groupsAt(next, []))).toEqual(['Extras']);
    expect(names(groupsAt(next, [0, 0]))).toEqual(['Which side', 'Size']);
  });

  it('moves a nested group back to the item', () => {
    const next = nestGroup(item, [1, 0, 0], []);
    if (next === 'loop') throw new Error('no loop here');
    expect(names(groupsAt(next, []))).toEqual(['Size', 'Extras', 'Which side']);
    expect(groupsAt(next, [1, 0])).toEqual([]);
  });
});

describe('the group form', () => {
  it('shows values in the order diners see them, prices as dollars, French beside English', () => {
    expect(groupValues(groupsAt(item, [])[0]!)).toEqual({
      name_en: 'Size',
      name_fr: 'Format',
      required: true,
      allow_multiple_selection: false,
      limit: '1',
      values: [
        { id: 21, name_en: 'Large', name_fr: 'Grand', price: '3.50', ...noWords, ...noPricing },
        { id: 20, name_en: 'Small', name_fr: '', price: '0.00', ...dairy, ...noPricing },
      ],
    });
    expect(groupValues(null).values).toEqual([]);
  });

  it('writes the form back: kept fields by id, new values with fresh ids, order as on the form', () => {
    const group = groupsAt(item, [])[0]!;
    const form = groupValues(group);
    form.values = [
      form.values[1]!,
      { id: null, name_en: ' Huge ', name_fr: 'Énorme', price: '5,25', ...noWords, ...noPricing },
      { ...form.values[0]!, name_fr: '' },
    ];
    form.limit = '';
    form.name_fr = '';
    const next = applyGroupValues(group, form, 40);
    expect(next).toMatchObject({ id: 10, name: 'Size', required: true, limit: null, localization: {} });
    expect(next.values).toEqual([
      { id: 20, name: 'Small', price: '0.00', order: 0, allergens: 'Dairy' },
      { id: 40, name: 'Huge', price: '5.25', order: 1, localization: { 'fr-CA': { name: 'Énorme' } } },
      // The file's price, untouched on the form, as the file wrote it.
      { id: 21, name: 'Large', price: '3.5', order: 2, localization: {} },
    ]);
  });
});

describe('a choice’s diets and allergens', () => {
  it('are the boxes of its form, written back in the file’s word order, and left out when none is checked', () => {
    const group = groupsAt(item, [])[0]!;
    const form = groupValues(group);
    const [large, small] = form.values as [(typeof form.values)[number], (typeof form.values)[number]];
    large.allergens = { ...large.allergens, Sesame: true, Gluten: true };
    large.diets = { ...large.diets, Vegan: true };
    small.allergens = { ...small.allergens, Dairy: false };
    const next = applyGroupValues(group, form, 40);
    expect(next.values.map(({ id, diets, allergens }) => ({ id, diets, allergens }))).toEqual([
      { id: 21, diets: 'Vegan', allergens: 'Gluten,Sesame' },
      { id: 20, diets: undefined, allergens: undefined },
    ]);
    expect(next.values[1]).not.toHaveProperty('allergens');
  });
});

describe('a choice’s own pricing', () => {
  it('is written on its value by id, beside its diets, and read back the same', () => {
    const promos = [{ id: 1903, percent: '10' }];
    const group = groupsAt(item, [])[0]!;
    const form = groupValues(group, promos);
    expect(form.values[0]!.promos).toEqual({ p1903: false });
    const large = form.values[0]!;
    large.schedule.scheduled = true;
    large.schedule.prices = { A: '2', B: '3', C: '', D: '' };
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const)
      large.schedule.days[day] = '00:00-11:00 B, 11:00-14:00 A, 14:00-24:00 B';
    large.schedule.days.saturday = large.schedule.days.sunday = '00:00-24:00 B';
    large.tax1 = '5';
    large.promos = { p1903: true };
    const next = applyGroupValues(group, form, 40, promos);
    const written = next.values[0]!;
    expect(written).toMatchObject({
      id: 21,
      name: 'Large',
      price: '3.5',
      additional_prices: { A: '2.00', B: '3.00' },
      tax_rate: { tax1: '0.05' },
      promos: [1903],
    });
    expect((written.price_schedule as Record<string, string>).monday).toBe(`${'B'.repeat(44)}${'A'.repeat(12)}${'B'.repeat(40)}`);
    expect((written.price_schedule as Record<string, string>).sunday).toBe('B'.repeat(96));
    // The other choice has none of them.
    expect(Object.keys(next.values[1]!).sort()).toEqual(['allergens', 'id', 'name', 'order', 'price']);
    // Read back as it was typed, its prices as dollars text.
    expect(groupValues(next, promos).values[0]).toEqual({
      ...large,
      schedule: { ...large.schedule, prices: { A: '2.00', B: '3.00', C: '', D: '' } },
    });
  });
});

describe('the server’s refusals on the group form', () => {
  it.each([
    ['.name', 'name_en'],
    ['.localization["fr-CA"].name', 'name_fr'],
    ['.values', 'values'],
    ['.limit', 'limit'],
    ['.values[2].price', 'values.2.price'],
    ['.values[0].name', 'values.0.name_en'],
    ['.values[0].localization["fr-CA"].name', 'values.0.name_fr'],
    ['.values[1].allergens', 'values.1.allergens'],
    ['.values[1].diets', 'values.1.diets'],
    ['.values[1].price_schedule.friday', 'values.1.schedule.days.friday'],
    ['.values[1].additional_prices.A', 'values.1.schedule.prices.A'],
    ['.values[2].tax_rate.tax2', 'values.2.tax2'],
    ['.values[0].promos[0]', 'values.0.promos'],
    ['.values[0].options[0].name', undefined],
    ['.id', undefined],
  ])('%s is the field %s', (suffix, field) => expect(groupFieldOf(suffix)).toBe(field));

  it('puts a refusal under the open group on its field, a control character’s (body.file…) too', () => {
    const open = `${itemPath({ group: 0, menu: 0, section: 0 }, 0)}${groupSuffix([1, 0, 0])}`;
    expect(open).toBe('$.menu_groups[0].menus[0].sections[0].items[0].options[1].values[0].options[0]');
    expect(filePath('body.file.menu_groups[0].name')).toBe('$.menu_groups[0].name');
    expect(filePath('body.base_revision')).toBe('body.base_revision');
    const { fields, others } = fieldsOfProblems(
      [
        { path: `body.file${open.slice(1)}.values[0].name`, message: 'must not contain control characters' },
        { path: `${open}.values`, message: 'an option group needs at least one value' },
        { path: '$.menu_groups[0].menus[0].sections[0].items[0].options[0].name', message: 'bad' },
      ],
      { path: open, fieldOf: groupFieldOf },
    );
    expect(fields.map(([field]) => field)).toEqual(['values.0.name_en', 'values']);
    expect(others.map((problem) => problem.path)).toEqual(['$.menu_groups[0].menus[0].sections[0].items[0].options[0].name']);
  });
});
