/**
 * Where an item is on a school day's menus (the rotation's menus of that date), for "repeat this week"
 * and the standing weekly orders (decision 0118): an item keeps its choices but takes the menu and
 * section it has that day.
 */
import type { MenuGroupData } from '@servery/domain/cart-lines';
import { type Rotation, rotationMenusOn } from '@servery/domain/school-days';

export type ItemPlace = { menuId: number; sectionId: number | null };

const indexes = new WeakMap<readonly MenuGroupData[], Map<number, Map<number, ItemPlace>>>();

/** Per menu id, its items' places (built once per menu tree). */
function menuIndex(menuGroups: readonly MenuGroupData[]): Map<number, Map<number, ItemPlace>> {
  let index = indexes.get(menuGroups);
  if (index) return index;
  index = new Map();
  for (const group of menuGroups)
    for (const menu of group.menus) {
      const items = new Map<number, ItemPlace>();
      for (const item of menu.items) items.set(item.id, { menuId: menu.id, sectionId: null });
      for (const section of menu.sections) for (const item of section.items) items.set(item.id, { menuId: menu.id, sectionId: section.id });
      index.set(menu.id, items);
    }
  indexes.set(menuGroups, index);
  return index;
}

/** The item's place on the date's rotation menus, or null when none of them has it. */
export function itemOnDay(menuGroups: readonly MenuGroupData[], rotation: Rotation, date: string, itemId: number): ItemPlace | null {
  return itemOnMenus(menuGroups, rotationMenusOn(rotation, date), itemId);
}

/** The item's place on the first of these menus that has it, or null. */
export function itemOnMenus(menuGroups: readonly MenuGroupData[], menuIds: readonly number[], itemId: number): ItemPlace | null {
  const index = menuIndex(menuGroups);
  for (const menuId of menuIds) {
    const place = index.get(menuId)?.get(itemId);
    if (place) return place;
  }
  return null;
}
