import { describe, expect, it } from 'vitest';
import { jsonChanges } from './json-changes';

const menu = (items: Array<{ id: number; price: string }>) => ({
  menu_groups: [{ id: 1, menus: [{ id: 10, sections: [{ id: 100, items }] }] }],
});
const soup = { id: 1000, price: '8.00' };
const salad = { id: 1001, price: '9.00' };

describe('what changed between two versions of a file', () => {
  it('names a changed price by its path, and nothing for an equal file', () => {
    expect(jsonChanges(menu([soup, salad]), menu([soup, salad]), 10)).toEqual({ added: 0, removed: 0, changed: 0, paths: [] });
    expect(jsonChanges(menu([soup, salad]), menu([soup, { ...salad, price: '9.50' }]), 10)).toEqual({
      added: 0,
      removed: 0,
      changed: 1,
      paths: ['$.menu_groups[0].menus[0].sections[0].items[1].price'],
    });
  });

  it('matches entries by id: an item added first is one added path, one removed is named where it was', () => {
    const added = { id: 1002, price: '4.00' };
    expect(jsonChanges(menu([soup, salad]), menu([added, soup, salad]), 10)).toEqual({
      added: 1,
      removed: 0,
      changed: 0,
      paths: ['$.menu_groups[0].menus[0].sections[0].items[0]'],
    });
    expect(jsonChanges(menu([soup, salad]), menu([salad]), 10)).toMatchObject({
      removed: 1,
      paths: ['$.menu_groups[0].menus[0].sections[0].items[0]'],
    });
    expect(jsonChanges(menu([soup, salad]), menu([salad, soup]), 10)).toMatchObject({
      changed: 1,
      paths: ['$.menu_groups[0].menus[0].sections[0].items'],
    });
  });

  it('counts every change and lists only the first ones', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ id: index + 1, price: '1.00' }));
    const result = jsonChanges(menu(many), menu(many.map((item) => ({ ...item, price: '2.00' }))), 5);
    expect(result.changed).toBe(30);
    expect(result.paths).toHaveLength(5);
    expect(jsonChanges({ a: 1 }, { b: [1, 2] }, 10)).toEqual({ added: 1, removed: 1, changed: 0, paths: ['$.b', '$.a'] });
  });
});
