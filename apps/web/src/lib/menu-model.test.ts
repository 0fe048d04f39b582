import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import { allEntries, filterViews, menuViews } from './menu-model';

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

describe('filterViews', () => {
  const views = menuViews(GROUPS, null);
  const ids = (kept: ReturnType<typeof filterViews>) => allEntries(kept).map((entry) => entry.item.id);

  it('keeps the entries that pass, in their place', () => {
    expect(ids(filterViews(views, (entry) => entry.item.id !== 30110))).toEqual([30100, 30120]);
  });

  it('drops the menus and groups left empty', () => {
    const kept = filterViews(views, (entry) => entry.item.id === 30120);
    expect(kept.map((view) => view.group.id)).toEqual([2]);
    expect(kept.flatMap((view) => view.menus.map((menuView) => menuView.menu.id))).toEqual([3012]);
  });

  it('leaves nothing when nothing passes', () => {
    expect(filterViews(views, () => false)).toEqual([]);
  });
});
