/**
 * What a diner's browser may see of a tenant. The data file holds secrets (gift-card numbers, promo
 * codes, member lists, subsidy codes, suite owners); they never leave the server. Announcements
 * have their own endpoint.
 */
import type { MenuGroupFile, TenantFile } from './tenant-file';

export type PublicRestaurant = Omit<
  TenantFile,
  | '$schema'
  | 'menu_groups'
  | 'gift_cards'
  | 'discount_codes'
  | 'membership_program'
  | 'subsidies'
  | 'loyalty_program'
  | 'events'
  | 'canteen_hosts'
  | 'announcements'
> & {
  membership_program: Omit<NonNullable<TenantFile['membership_program']>, 'members'> | null;
  subsidies: Omit<NonNullable<TenantFile['subsidies']>, 'codes'> | null;
  loyalty_program: { enabled: boolean; name?: string | undefined } | null;
  events: Array<Omit<TenantFile['events'][number], 'suites'>>;
};

export function toPublicRestaurant(tenant: TenantFile): PublicRestaurant {
  const {
    $schema: _schema,
    menu_groups: _menuGroups,
    gift_cards: _giftCards,
    discount_codes: _discountCodes,
    canteen_hosts: _canteenHosts,
    announcements: _announcements,
    membership_program,
    subsidies,
    loyalty_program,
    events,
    ...rest
  } = tenant;
  return {
    ...rest,
    membership_program: membership_program && withoutKey(membership_program, 'members'),
    subsidies: subsidies && withoutKey(subsidies, 'codes'),
    loyalty_program: loyalty_program && { enabled: loyalty_program.enabled, name: loyalty_program.name },
    events: events.map((event) => withoutKey(event, 'suites')),
  };
}

function withoutKey<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

/** The published menu tree for one order type, amounts in cents. */
export interface MenusResponse {
  restaurant_id: number;
  version: number;
  menu_groups: MenuGroupFile[];
}

/**
 * Restaurant-provided HTML arrives already sanitised by the server (spec ordering.md section 5):
 * descriptions of menu groups, menus, sections, items and option values, and announcements, in
 * `default` mode (markup, no style attributes); banners (orders_paused_message,
 * membership_program.banner_message) in `strict` mode (b, i, em, strong, p, br, no attributes);
 * names and ingredients go through `strip-all`: text without tags, with HTML's special characters
 * still escaped ("Fish &amp; chips"), so a screen decodes them before showing them as text.
 */
export type SanitizeMode = 'default' | 'strict' | 'strip-all';

export interface Announcement {
  id: number;
  /** Sanitised HTML, English. */
  html: string;
  /** Sanitised HTML per other language. */
  localization: Partial<Record<'fr-CA', { html?: string }>>;
  starts_at: string | null;
  ends_at: string | null;
}

export interface AnnouncementsResponse {
  announcements: Announcement[];
}

/** GET /api/orders/get-next-order-queue-time: how long a new order waits behind the open ones. */
export interface QueueTimeResponse {
  enabled: boolean;
  orders_ahead: number;
  minutes: number;
}
