import { describe, expect, it } from 'vitest';
import { fileProblemPath, parseFilePath, readablePath } from './file-problems';

const FILE = {
  name: 'Maple Bistro',
  hours: [{ day: 1, end_time: '22:00' }],
  menu_groups: [
    {
      id: 1,
      name: 'Food & drinks',
      menus: [
        {
          id: 10,
          name: 'All-day menu',
          sections: [
            {
              id: 50,
              name: 'Starters',
              items: [
                { id: 1101, name: 'Soup of the day', price: '8.00' },
                {
                  id: 1104,
                  name: 'Crispy calamari',
                  price: '16.00',
                  localization: { 'fr-CA': { name: 'Calmars croustillants', description: 'Calmars frits.' } },
                  option_groups: [{ id: 7, name: 'Dip', values: [{ id: 70, name: 'Aioli', price: '1.00' }] }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('parseFilePath', () => {
  it('reads back the paths the server writes', () => {
    expect(parseFilePath('$.menu_groups[0].menus[12].price')).toEqual(['menu_groups', 0, 'menus', 12, 'price']);
    expect(parseFilePath('$.localization["fr-CA"].name')).toEqual(['localization', 'fr-CA', 'name']);
    expect(parseFilePath('$')).toEqual([]);
  });

  it('refuses what is not such a path', () => {
    expect(parseFilePath('body.file.hours[0]')).toBeNull();
    expect(parseFilePath('$..x')).toBeNull();
    expect(parseFilePath('$.a[')).toBeNull();
  });
});

describe('readablePath', () => {
  it('names the nearest named entry and its field', () => {
    expect(readablePath('$.menu_groups[0].menus[0].sections[0].items[1].price', FILE, 'en-CA')).toEqual({
      name: 'Crispy calamari',
      field: { key: 'price' },
    });
    expect(readablePath('$.menu_groups[0].menus[0].sections[0].items[1].option_groups[0].values[0].price', FILE, 'en-CA')).toEqual({
      name: 'Aioli',
      field: { key: 'price' },
    });
    expect(readablePath('$.menu_groups[0].menus[0].sections[0]', FILE, 'en-CA')).toEqual({ name: 'Starters' });
  });

  it('names an entry in French by its French name, and a translation as its language and field', () => {
    expect(readablePath('$.menu_groups[0].menus[0].sections[0].items[1].localization["fr-CA"].description', FILE, 'fr-CA')).toEqual({
      name: 'Calmars croustillants',
      field: { key: 'description', locale: 'fr-CA' },
    });
    // An entry without a French name keeps its own.
    expect(readablePath('$.menu_groups[0].menus[0].sections[0].items[0].price', FILE, 'fr-CA')?.name).toBe('Soup of the day');
  });

  it('stops at the last entry found for a path no longer in the file, and gives up without a named entry', () => {
    expect(readablePath('$.menu_groups[0].menus[0].sections[0].items[7].price', FILE, 'en-CA')).toEqual({
      name: 'Starters',
      field: { raw: 'items[7].price' },
    });
    expect(readablePath('$.hours[0].end_time', FILE, 'en-CA')).toBeNull();
    expect(readablePath('$.name', FILE, 'en-CA')).toBeNull();
    expect(readablePath('not a path', FILE, 'en-CA')).toBeNull();
  });
});

describe('fileProblemPath', () => {
  it('names the body field as the file does', () => {
    expect(fileProblemPath('body.file.hours[0].end_time')).toBe('$.hours[0].end_time');
    expect(fileProblemPath('body.file')).toBe('$');
  });
});
