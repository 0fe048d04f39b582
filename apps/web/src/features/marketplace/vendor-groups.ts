/**
 * A marketplace hub's cart grouped by vendor (tenant `marketplaceHub`, menu groups' `vendor_id`):
 * the same split the server makes when the order is placed (packages/domain/src/marketplace.ts
 * `splitByVendor`), so the cart shows exactly the orders the checkout will become.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { Locale, MenuGroupFile } from '@servery/contracts/tenant-file';
import { splitByVendor } from '@servery/domain/marketplace';

export interface VendorGroup<T> {
  /** null: the hub's own items (a menu group without a vendor). */
  vendorId: number | null;
  /** The vendor's name in the diner's language; the hub's name for its own items. */
  name: string;
  lines: T[];
}

type Hub = Pick<PublicRestaurant, 'marketplaceHub' | 'vendors' | 'name' | 'display_name'>;

/** True where one cart is split into one order per vendor. */
export function isMarketplace(restaurant: Pick<PublicRestaurant, 'marketplaceHub' | 'vendors'>): boolean {
  return restaurant.marketplaceHub && restaurant.vendors.length > 0;
}

export function vendorName(restaurant: Hub, vendorId: number | null, locale: Locale): string {
  const vendor = vendorId === null ? undefined : restaurant.vendors.find((candidate) => candidate.id === vendorId);
  if (!vendor) return restaurant.display_name ?? restaurant.name;
  return vendor.localization[locale]?.name ?? vendor.name;
}

/** The vendor of each menu, from its menu group's `vendor_id` (menus of a group without one are the hub's own). */
export function vendorOfMenus(groups: readonly Pick<MenuGroupFile, 'vendor_id' | 'menus'>[]): Map<number, number> {
  const vendorOfMenu = new Map<number, number>();
  for (const group of groups) if (group.vendor_id !== undefined) for (const menu of group.menus) vendorOfMenu.set(menu.id, group.vendor_id);
  return vendorOfMenu;
}

export function vendorGroups<T extends { menu_id: number }>(
  lines: readonly T[],
  groups: readonly Pick<MenuGroupFile, 'vendor_id' | 'menus'>[],
  restaurant: Hub,
  locale: Locale,
): Array<VendorGroup<T>> {
  const vendorOfMenu = vendorOfMenus(groups);
  return splitByVendor(
    lines,
    (line) => vendorOfMenu.get(line.menu_id) ?? null,
    restaurant.vendors.map((vendor) => vendor.id),
  ).map((part) => ({ vendorId: part.vendorId, name: vendorName(restaurant, part.vendorId, locale), lines: part.lines }));
}
