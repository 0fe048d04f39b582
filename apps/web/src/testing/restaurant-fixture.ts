import type { AnnouncementsResponse, MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import { toPublicRestaurant } from '@servery/contracts/restaurant';
import { withPromoPrices } from '@servery/contracts/menu-promo-prices';
import type { SsrState } from '@servery/contracts/ssr';
import { TenantFile, type MenuGroupFile, type TenantFileInput } from '@servery/contracts/tenant-file';
import { isMenuForOrderType } from '@servery/domain/menu-visibility';
import type { OrderType } from '@servery/domain/order-type';
import type { Costs } from '@servery/domain/pricing';
import mapleBistroJson from '../../../../tenants/maple-bistro.json';

/**
 * The demo tenant tenants/maple-bistro.json, parsed by the real TenantFile schema; `patch` may change
 * the raw file first (a fixture-only nutrition sheet, orders paused, …).
 */
export function bistroTenant(patch?: (file: Record<string, unknown> & TenantFileInput) => void): TenantFile {
  const raw = structuredClone(mapleBistroJson) as unknown as Record<string, unknown> & TenantFileInput;
  patch?.(raw);
  return TenantFile.parse(raw);
}

/** What GET /{slug}/data.json answers for the tenant. */
export function bistroRestaurant(tenant: TenantFile = bistroTenant()): PublicRestaurant {
  return toPublicRestaurant(tenant);
}

/**
 * What GET /api/restaurants/{id}/menus?type=… answers, as the server builds it: published content
 * only, menus for the order type, no member-only menus (no member cookie), promo prices by the
 * server's own function. Descriptions in the demo file are plain text, so they need no sanitising here.
 */
export function bistroMenus(orderType: OrderType = 'dine_in', tenant: TenantFile = bistroTenant(), now = new Date()): MenusResponse {
  const published = (entity: { published_at?: string | null | undefined }) =>
    entity.published_at === undefined || (entity.published_at !== null && Date.parse(entity.published_at) <= now.getTime());
  const groups: MenuGroupFile[] = tenant.menu_groups.filter(published).flatMap((group) => {
    const menus = group.menus
      .filter((menu) => published(menu) && menu.deleted_at === null && !menu.member_only && isMenuForOrderType(menu, orderType))
      .map((menu) => ({
        ...menu,
        items: menu.items.filter(published),
        sections: menu.sections.filter(published).map((section) => ({ ...section, items: section.items.filter(published) })),
      }));
    return menus.length > 0 ? [{ ...group, menus }] : [];
  });
  return { restaurant_id: tenant.id, version: 1, menu_groups: withPromoPrices(groups, tenant.promos) };
}

/** The tenant's announcements as the API sends them: already sanitised (here: scripts and handlers removed by hand). */
export function bistroAnnouncements(tenant: TenantFile = bistroTenant()): AnnouncementsResponse {
  const clean = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/\son\w+="[^"]*"/g, '');
  return {
    announcements: tenant.announcements.map((announcement) => ({
      id: announcement.id,
      html: clean(announcement.html),
      localization: announcement.localization['fr-CA']?.html ? { 'fr-CA': { html: clean(announcement.localization['fr-CA'].html) } } : {},
      starts_at: announcement.starts_at,
      ends_at: announcement.ends_at,
    })),
  };
}

/** Wednesday 14 October 2026, 1 p.m. in Toronto: Maple Bistro is open (11:00–22:00). */
export const BISTRO_OPEN_NOW = new Date('2026-10-14T17:00:00Z');

/** A server-render state for Maple Bistro at a table. */
export function bistroSsrState(overrides: Partial<SsrState> = {}): SsrState {
  const tenant = bistroTenant();
  return {
    locale: 'en-CA',
    now: BISTRO_OPEN_NOW.toISOString(),
    slug: 'maple-bistro',
    restaurant: bistroRestaurant(tenant),
    menus: bistroMenus('dine_in', tenant, BISTRO_OPEN_NOW),
    announcements: bistroAnnouncements(tenant),
    queue: { enabled: true, orders_ahead: 2, minutes: 12 },
    ...overrides,
  };
}

/**
 * A complete `costs` as POST /orders/set-costs answers it: by default Maple Bistro's for two soups
 * ($8.00 each) with the 18 % tip (the API's own worked example: service 18 % = $2.88, HST 13 % =
 * $2.45, total $21.33, tip $2.88, total with tip $24.21).
 */
export function costsFixture(overrides: Partial<Costs> = {}): Costs {
  return {
    subtotal: 1600,
    subtotalDiscounted: 1600,
    taxBrackets: [{ key: 'HST', label: { 'en-CA': 'HST', 'fr-CA': 'TVH' }, rate: '0.13', amount: 245 }],
    taxes: 245,
    taxInfo: { province: 'ON', taxInclusive: false, rebateApplied: false },
    tip: { percentageValue: '18', amount: 288, type: 'percentage' },
    serviceCharge: {
      percentageValue: '18',
      amount: 288,
      type: 'percentage',
      label: { 'en-CA': 'Service charge', 'fr-CA': 'Frais de service' },
    },
    deliveryCharge: { percentageValue: null, amount: 0, type: null },
    voucher: { code: null, balance: 0, amount: 0 },
    discount: { percentageValue: null, amount: 0, type: null, code: null },
    credits: { id: null, balance: 0, amount: 0 },
    memberDiscount: { preTax: true, amount: 0 },
    subsidyDiscount: { type: null, chosenAmountToBePaid: null, code: null, amount: 0, baseSubsidizedAmount: 0 },
    total: 2133,
    totalWithoutTaxes: 1888,
    totalWithTip: 2421,
    amountDue: 2421,
    paymentNotRequired: false,
    lines: [],
    ...overrides,
  };
}
