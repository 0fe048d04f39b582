/**
 * The rotational menus priced for one diner (spec accounts-and-suites.md section 4: for K-12,
 * adding a subsidy code recalculates the rotational menus): each item of the given menus as one unit
 * with its default choices (item-selection.ts `defaultSelection`), priced by the one pricer with and
 * without the diner's subsidy. Everything else pricing knows (member, promos) is the cart's too.
 */
import type { RotationalItemPrice } from '@servery/contracts/school';
import type { Locale } from '@servery/contracts/tenant-file';
import type { CartItem } from '@servery/domain/cart';
import { buildCartLines } from '@servery/domain/cart-lines';
import { defaultSelection } from '@servery/domain/item-selection';
import { priceCart } from '@servery/domain/pricing';
import type { Kysely } from 'kysely';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { loadPricing } from '../cart/set-costs';

export async function rotationalMenuPrices(
  db: Kysely<Database>,
  restaurant: Restaurant,
  menuIds: ReadonlySet<number>,
  diner: { memberCookie: string | undefined; locale: Locale; now: Date; userId: number | null; address: string },
): Promise<RotationalItemPrice[]> {
  if (menuIds.size === 0) return [];
  const { now, userId } = diner;
  const loaded = await loadPricing(
    db,
    restaurant,
    { costs: {}, type: 'school' },
    diner.memberCookie,
    diner.locale,
    now,
    userId,
    diner.address,
  );
  const zone = restaurant.settings.zone;
  const units: CartItem[] = [];
  for (const group of loaded.context.menuGroups)
    for (const menu of group.menus) {
      if (!menuIds.has(menu.id)) continue;
      const entries = [
        ...menu.items.map((item) => ({ item, section: null })),
        ...menu.sections.flatMap((section) => section.items.map((item) => ({ item, section: section.id }))),
      ];
      for (const { item, section } of entries)
        units.push({
          id: item.id,
          menu_id: menu.id,
          section_id: section,
          orderId: units.length + 1,
          quantity: 1,
          orderPrice: 0,
          orderOptions: defaultSelection(item, now, zone),
        });
    }
  // Lines the menu refuses (sold out, choices without defaults) have no price here; a stale price is
  // expected (the units were sent at 0) and the line is priced all the same.
  const built = buildCartLines(units, loaded.context);
  const none = { promoCode: null, tip: null, giftCard: null, credits: null };
  return built.lines.map((line) => {
    const unit = units[line.orderId - 1]!;
    const costs = priceCart({ ...loaded.base, ...none, lines: [line] });
    return { itemId: unit.id, menuId: unit.menu_id, price: costs.subtotal, subsidized: costs.subtotal - costs.subsidyDiscount.amount };
  });
}
