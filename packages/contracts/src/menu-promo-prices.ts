/**
 * The promo prices of a menu answer (spec pricing.md 1.2): every item and option value that names a
 * promo gets `adjustedPrice` and, with a price schedule's additional prices, `adjusted_additional_prices`,
 * made by the domain's `promoPrices` from the restaurant's promos, as the cart's lines read them
 * (cart-lines.ts `promosNamed`). The server adds them when it builds a menu answer
 * (apps/api/src/use-cases/menus/get-menus.ts); the web reads the price of the moment with price-schedule.ts
 * `promoPriceAt`, so the menu shows, and the cart sends, the price the server charges
 * (docs/decisions/0051-menu-promo-prices.md).
 */
import { promoIndex, promosNamed, type PromoData } from '@servery/domain/cart-lines';
import { promoPrices } from '@servery/domain/pricing';
import type { ItemFile, MenuGroupFile, OptionGroupFile, OptionValueFile } from './tenant-file';

type PromoIndex = ReadonlyMap<number, PromoData>;

/** The tree with the promo prices of its items and values; an entity without a promo is left as it is. */
export function withPromoPrices(groups: readonly MenuGroupFile[], promos: readonly PromoData[]): MenuGroupFile[] {
  const index = promoIndex(promos);
  return groups.map((group) => ({
    ...group,
    menus: group.menus.map((menu) => ({
      ...menu,
      items: menu.items.map((item) => priceItem(item, index)),
      sections: menu.sections.map((section) => ({ ...section, items: section.items.map((item) => priceItem(item, index)) })),
    })),
  }));
}

function withPrices<T extends ItemFile | OptionValueFile>(entity: T, index: PromoIndex): T {
  const prices = promoPrices(entity, promosNamed(entity.promos, index));
  return prices ? { ...entity, ...prices } : entity;
}

function priceItem(item: ItemFile, index: PromoIndex): ItemFile {
  return { ...withPrices(item, index), options: item.options.map((group) => priceGroup(group, index)) };
}

function priceGroup(group: OptionGroupFile, index: PromoIndex): OptionGroupFile {
  return {
    ...group,
    values: group.values.map((value) => ({
      ...withPrices(value, index),
      options: value.options.map((nested) => priceGroup(nested, index)),
    })),
  };
}
