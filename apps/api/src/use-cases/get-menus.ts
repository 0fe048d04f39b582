import type { Kysely } from 'kysely';
import type { MenusResponse } from '@servery/contracts/restaurant';
import { isMenuForOrderType } from '@servery/domain/menu-visibility';
import type { OrderType } from '@servery/domain/order-type';
import { loadPublishedMenuTree, type Restaurant } from '../db/restaurants-repository';
import type { Database } from '../db/schema';

/**
 * The published menus a diner of this order type may order from. Member-only menus stay out until
 * a member is recognised (the membership check comes with the menu issue).
 */
export async function getMenus(db: Kysely<Database>, restaurant: Restaurant, orderType: OrderType, now: Date): Promise<MenusResponse> {
  const tree = await loadPublishedMenuTree(db, restaurant.id, now.toISOString());
  const menuGroups = tree
    .map((group) => ({ ...group, menus: group.menus.filter((menu) => !menu.member_only && isMenuForOrderType(menu, orderType)) }))
    .filter((group) => group.menus.length > 0);
  return { restaurant_id: restaurant.id, version: restaurant.menuVersion, menu_groups: menuGroups };
}
