import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import { menuViews } from './menu-model';

const item = (id: number) =>
  ({ id, name: `Item ${id}`, order: id, options: [] }) as unknown as MenuGroupFile['menus'][number]['items'][number];
const menu = (id: number) =>
  ({ id, name: `Menu ${id}`, order: id, items: [item(id * 10)], sections: [] }) as unknown as MenuGroupFile['menus'][number];
const GROUPS = [
  { id: 1, name: 'Suites', menus: [menu(3010), menu(3011)] },
  { id: 2, name: 'Concessions', menus: [menu(3012)] },
] as unknown as MenuGroupFile[];

const shown = (menuList: number[] | null, eventMenus?: number[] | null) =>
  menuViews(GROUPS, menuList, eventMenus).flatMap((group) => group.menus.map((view) => view.menu.id));

describe('menuViews', () => {
  it.each([
    ['every menu', null, undefined, [3010, 3011, 3012]],
    ['the menus of menuList', [3011, 3012], undefined, [3011, 3012]],
    // A suite order: the event's menus only (the server refuses any other: SUITE_MENU_NOT_OFFERED).
    ["an event's menus", null, [3010, 3011], [3010, 3011]],
    ["an event's menus that menuList also names", [3011, 3012], [3010, 3011], [3011]],
    ['an event without menus: none', null, [], []],
  ])('shows %s', (_case, menuList, eventMenus, expected) => {
    expect(shown(menuList, eventMenus)).toEqual(expected);
  });

  it('drops a group left without menus', () => {
    expect(menuViews(GROUPS, null, [3010]).map((view) => view.group.id)).toEqual([1]);
  });
});
