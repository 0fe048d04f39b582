import { orderTypePolicy, type OrderType } from './order-type';

export interface MenuFlags {
  dine_in: boolean;
  on_demand: boolean;
  scheduled: boolean;
  member_only: boolean;
}

/**
 * Which order types see a menu (spec ordering.md section 4: menus may be on demand, scheduled or
 * dine-in only). Our reading, since the spec does not spell it out:
 * - a dine-in-only menu is for guests at a table and nobody else;
 * - a scheduled menu (and not also on demand) is for orders placed ahead, so not for a table;
 * - an on-demand menu (and not also scheduled) is for orders now, so not for orders placed ahead
 *   (school meals, catering, generic catering);
 * - a menu with neither flag is for everyone.
 * Member-only menus are decided separately, by the member's validity.
 */
export function isMenuForOrderType(menu: MenuFlags, orderType: OrderType): boolean {
  if (menu.dine_in && orderType !== 'dine_in') return false;
  const placedAhead = orderTypePolicy(orderType).placedAhead;
  if (menu.scheduled && !menu.on_demand && orderType === 'dine_in') return false;
  if (menu.on_demand && !menu.scheduled && placedAhead) return false;
  return true;
}
