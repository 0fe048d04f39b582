/**
 * What every cart call needs: the menus the diner may order from now (the cached published tree for
 * the order type and member status) and the member, if any. Prices come from here, never from the
 * client.
 */
import type { Kysely } from 'kysely';
import type { CartLineContext, MenuGroupData } from '@servery/domain/cart-lines';
import type { OrderType } from '@servery/domain/order-type';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { getMenus } from '../menus/get-menus';
import { type Member, opensMemberMenus } from './members';

export async function cartLineContext(
  db: Kysely<Database>,
  restaurant: Restaurant,
  orderType: OrderType,
  member: Member | null,
  now: Date,
): Promise<CartLineContext> {
  const validMember = opensMemberMenus(member);
  const menus = await getMenus(db, restaurant, orderType, validMember, now);
  return {
    menuGroups: menus.value.menu_groups as MenuGroupData[],
    promos: restaurant.settings.promos,
    restaurantTaxRate: restaurant.settings.tax_rate,
    now,
    zone: restaurant.settings.zone,
    validMember,
    orderType,
  };
}

/** Whether the item a cart line names is a meal package (meals limits count only those). */
export function mealLookup(menuGroups: readonly MenuGroupData[]): (line: { id: number }) => boolean {
  let meals = mealIds.get(menuGroups);
  if (!meals) {
    meals = collectMeals(menuGroups);
    mealIds.set(menuGroups, meals);
  }
  const known = meals;
  return (line) => known.has(line.id);
}

// Once per menu tree: the cached published tree (get-menus.ts) is shared and never changed.
const mealIds = new WeakMap<readonly MenuGroupData[], ReadonlySet<number>>();

function collectMeals(menuGroups: readonly MenuGroupData[]): ReadonlySet<number> {
  const meals = new Set<number>();
  for (const group of menuGroups)
    for (const menu of group.menus)
      for (const item of [...menu.items, ...menu.sections.flatMap((section) => section.items)]) if (item.meal_package) meals.add(item.id);
  return meals;
}
