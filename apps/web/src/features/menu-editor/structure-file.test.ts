import { describe, expect, it } from 'vitest';
import { applyTaxRates } from './item/item-facts-file';
import type { EditorFile } from './menu-file';
import {
  addMenu,
  addSection,
  applyNames,
  changeAt,
  entryAt,
  fileStations,
  moveMenu,
  moveMenuTo,
  nameValues,
  removeMenu,
  removeSection,
  renameAt,
  setSectionStation,
} from './structure-file';

const file: EditorFile = {
  menu_groups: [
    {
      id: 1,
      name: 'Main',
      menus: [
        {
          id: 20,
          name: 'Dinner',
          order: 1,
          localization: { 'fr-CA': { name: 'Souper', description: 'Le soir' } },
          sections: [
            { id: 30, name: 'Starters', order: 0, items: [{ id: 1, name: 'Soup', price: '8.00' }] },
            { id: 31, name: 'Mains', order: 1 },
          ],
        },
        { id: 21, name: 'Lunch', order: 0, sections: [{ id: 35, name: 'Plates' }] },
      ],
    },
  ],
};
const menus = (next: EditorFile) => next.menu_groups![0]!.menus!;

describe('names in both languages', () => {
  it.each([
    [{ name: 'Dinner' }, { name_en: 'Supper', name_fr: 'Souper' }, { name: 'Supper', localization: { 'fr-CA': { name: 'Souper' } } }],
    [{ name: 'Dinner' }, { name_en: ' Supper ', name_fr: ' ' }, { name: 'Supper' }],
    [
      { name: 'Dinner', localization: { 'fr-CA': { name: 'Souper', description: 'Le soir' } } },
      { name_en: 'Dinner', name_fr: '' },
      { name: 'Dinner', localization: { 'fr-CA': { description: 'Le soir' } } },
    ],
    [
      { name: 'Dinner', localization: { 'fr-CA': { name: 'Souper' } } },
      { name_en: 'Dinner', name_fr: '' },
      { name: 'Dinner', localization: {} },
    ],
  ])('%j renamed %j is %j', (entry, values, expected) => expect(applyNames(entry, values)).toEqual(expected));

  it('reads the names for the form', () => {
    expect(nameValues(menus(file)[0]!)).toEqual({ name_en: 'Dinner', name_fr: 'Souper' });
    expect(nameValues({ name: 'Lunch' })).toEqual({ name_en: 'Lunch', name_fr: '' });
  });

  it.each([
    [{ group: 0 }, (next: EditorFile) => next.menu_groups![0]!.name],
    [{ group: 0, menu: 1 }, (next: EditorFile) => menus(next)[1]!.name],
    [{ group: 0, menu: 0, section: 1 }, (next: EditorFile) => menus(next)[0]!.sections![1]!.name],
  ])('renames the thing at %j', (place, read) => {
    const next = renameAt(file, place, { name_en: 'Renamed', name_fr: 'Renommé' });
    expect(read(next)).toBe('Renamed');
    expect(read(file)).not.toBe('Renamed');
  });
});

describe('adding, removing and moving sections and menus', () => {
  it('adds a section with the file’s next section id, last in its menu, and removes one', () => {
    const { file: next, section } = addSection(file, 0, 1, 'Desserts');
    expect(section).toEqual({ id: 36, name: 'Desserts', order: 1, items: [] });
    expect(menus(next)[1]!.sections!.map((entry) => entry.name)).toEqual(['Plates', 'Desserts']);
    expect(menus(removeSection(file, 0, 0, 0))[0]!.sections!.map((entry) => entry.name)).toEqual(['Mains']);
    expect(menus(file)[0]!.sections).toHaveLength(2);
  });

  it('adds a menu with the next menu id, last in its group, and removes one', () => {
    const { file: next, menu } = addMenu(file, 0, 'Brunch');
    expect(menu).toEqual({ id: 22, name: 'Brunch', order: 2, sections: [] });
    expect(menus(next).map((entry) => entry.name)).toEqual(['Dinner', 'Lunch', 'Brunch']);
    expect(menus(removeMenu(file, 0, 0)).map((entry) => entry.name)).toEqual(['Lunch']);
  });

  it.each([
    [0, -1, 'a step up'],
    [1, 1, 'a step down'],
  ])('moves menu %i %i (%s)', (index, step) => {
    const moved = moveMenu(file, 0, index, step as -1 | 1)!;
    expect(menus(moved).map((entry) => [entry.name, entry.order])).toEqual([
      ['Dinner', 0],
      ['Lunch', 1],
    ]);
  });

  it('does not move a menu past either end', () => {
    expect(moveMenu(file, 0, 1, -1)).toBeNull();
    expect(moveMenu(file, 0, 0, 1)).toBeNull();
  });

  it.each([
    [
      0,
      0,
      [
        ['Dinner', 0],
        ['Lunch', 1],
      ],
    ],
    [
      1,
      1,
      [
        ['Dinner', 0],
        ['Lunch', 1],
      ],
    ],
    [0, 1, null],
    [0, 2, null],
    [0, -1, null],
  ])('drags menu %i to rank %i', (index, rank, expected) => {
    const moved = moveMenuTo(file, 0, index, rank);
    expect(moved && menus(moved).map((entry) => [entry.name, entry.order])).toEqual(expected);
  });
});

describe('a section’s kitchen station', () => {
  const stationed: EditorFile = {
    ...file,
    kitchen_stations: [
      { id: 'kitchen', name: { 'en-CA': 'Kitchen', 'fr-CA': 'Cuisine' } },
      { id: 'bar', name: { 'en-CA': 'Bar', 'fr-CA': 'Bar' } },
    ],
  };
  it.each([
    { station: 'bar', expected: 'bar', why: 'another station is written' },
    { station: 'kitchen', expected: undefined, why: 'the first station is where a section naming none goes: written as none' },
  ])('$why', ({ station, expected }) => {
    const next = setSectionStation(stationed, 0, 0, 1, station);
    expect(menus(next)[0]!.sections![1]!.station).toBe(expected);
    expect(menus(next)[0]!.sections![0]).toEqual(menus(stationed)[0]!.sections![0]);
    expect(setSectionStation(next, 0, 0, 1, 'kitchen').menu_groups).toEqual(stationed.menu_groups);
  });
  it('lists no stations for a file without any', () => {
    expect(fileStations(file)).toEqual([]);
    expect(fileStations(stationed).map((entry) => entry.id)).toEqual(['kitchen', 'bar']);
  });
});

describe('a menu’s or a section’s own tax rates', () => {
  it.each<[string, { group: number; menu: number; section?: number }, { tax1: string; tax2: string }, unknown]>([
    ['a section’s first tax', { group: 0, menu: 0, section: 0 }, { tax1: '5', tax2: '' }, { tax1: '0.05' }],
    ['a menu’s second tax, typed the French way', { group: 0, menu: 1 }, { tax1: '', tax2: '9,975' }, { tax2: '0.09975' }],
    ['both of a section', { group: 0, menu: 0, section: 1 }, { tax1: '13', tax2: '0' }, { tax1: '0.13', tax2: '0' }],
    ['none: the field left out, the level above’s rate', { group: 0, menu: 0 }, { tax1: ' ', tax2: '' }, undefined],
  ])('%s', (_, place, values, rate) => {
    const at =
      'section' in place ? { group: place.group, menu: place.menu, section: place.section! } : { group: place.group, menu: place.menu };
    const next = changeAt(file, at, (entry) => applyTaxRates(entry, values));
    const changed = entryAt(next, at) as { tax_rate?: unknown; name: string };
    expect(changed.tax_rate).toEqual(rate);
    expect(changed.name).toBe((entryAt(file, at) as { name: string }).name);
    // Nothing else moves: the other menu is the same object (and so is this one when it had no rate and gets none).
    expect(menus(next).filter((menu) => menus(file).includes(menu))).toHaveLength(rate === undefined ? 2 : 1);
  });
});
