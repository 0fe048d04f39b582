/**
 * A marketplace hub's vendors as the checkout and its scheduling read them (packages/domain/src/
 * marketplace.ts; docs/decisions/0031-marketplace-orders.md): each vendor's counter (its pause and
 * hours), the cart's lines split by vendor with their menus' timings, and why a vendor refuses, said
 * in the diner's language with the vendor's own pause message.
 */
import type { CartItem } from '@servery/contracts/cart';
import type { Locale, TenantFile } from '@servery/contracts/tenant-file';
import { splitByVendor, type MarketVendor, type VendorRefusalError, type VendorSchedulingPart } from '@servery/domain/marketplace';
import type { Restaurant } from '../../db/restaurants-repository';
import { cartMenuTimings, type MenuLookup } from './menu-lookup';
import { vendorsOfMenus } from '../cart/set-costs';

export type VendorFile = TenantFile['vendors'][number];

/** Whether a cart of this type is placed as one order per vendor (POST /orders/create-marketplace-order). */
export function splitsByVendor(restaurant: Restaurant, type: string): boolean {
  return restaurant.settings.marketplaceHub && restaurant.settings.vendors.length > 0 && type === 'take-out';
}

export function marketVendor(vendor: VendorFile | null): MarketVendor | null {
  return vendor ? { id: vendor.id, orders_paused: vendor.orders_paused, asap_paused: vendor.asap_paused, hours: vendor.hours } : null;
}

export function vendorFileOf(restaurant: Restaurant, vendorId: number | null): VendorFile | null {
  return vendorId === null ? null : (restaurant.settings.vendors.find((vendor) => vendor.id === vendorId) ?? null);
}

/** The cart's lines by vendor, in the hub's order, each with its vendor's counter and its menus' timings. */
export function vendorSchedulingParts(
  restaurant: Restaurant,
  menuGroups: readonly unknown[],
  lookup: MenuLookup,
  items: readonly CartItem[],
): Array<VendorSchedulingPart & { vendorId: number | null }> {
  const vendorOfMenu = vendorsOfMenus(menuGroups);
  return splitByVendor(
    items,
    (item) => vendorOfMenu.get(item.menu_id) ?? null,
    restaurant.settings.vendors.map((vendor) => vendor.id),
  ).map((part) => ({
    vendorId: part.vendorId,
    vendor: marketVendor(vendorFileOf(restaurant, part.vendorId)),
    menus: cartMenuTimings(lookup, part.lines),
  }));
}

export function vendorDisplayName(restaurant: Restaurant, vendor: VendorFile | null, locale: Locale): string {
  if (!vendor) return restaurant.settings.display_name ?? restaurant.settings.name;
  return vendor.localization[locale]?.name || vendor.name;
}

const REASONS = {
  'en-CA': {
    VENDOR_PAUSED: (name: string) => `${name} is not taking orders right now.`,
    VENDOR_CLOSED: (name: string) => `${name} is closed at this time.`,
    TIMESLOT_FULL: (name: string) => `${name} is fully booked at this time.`,
  },
  'fr-CA': {
    VENDOR_PAUSED: (name: string) => `${name} ne prend pas de commandes pour le moment.`,
    VENDOR_CLOSED: (name: string) => `${name} est fermé à cette heure.`,
    TIMESLOT_FULL: (name: string) => `${name} est complet à cette heure.`,
  },
} as const;

export function isVendorRefusal(error: string): error is VendorRefusalError {
  return error in REASONS['en-CA'];
}

/** "Ramble Greens is not taking orders right now. Back at 2 pm.": the reason, with the vendor's own pause message. */
export function vendorReason(name: string, vendor: VendorFile | null, error: VendorRefusalError, locale: Locale): string {
  const own = error === 'VENDOR_PAUSED' ? vendor?.orders_paused_message[locale]?.trim() : '';
  const said = REASONS[locale][error](name);
  return own ? `${said} ${own}` : said;
}
