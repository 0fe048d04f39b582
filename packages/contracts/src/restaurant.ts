/**
 * What a diner's browser may see of a tenant. The data file holds secrets (gift-card numbers, promo
 * codes, member lists, subsidy codes, suite owners); they never leave the server. Announcements
 * have their own endpoint.
 */
import { z } from 'zod';
import { ORDER_TYPES } from '@servery/domain/order-type';
import { MenuGroup, type TenantFile } from './tenant-file';

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
  | 'kitchen_targets'
  | 'suite_reminder_hours'
  | 'kitchen_stations'
> & {
  membership_program: Omit<NonNullable<TenantFile['membership_program']>, 'members'> | null;
  subsidies: Omit<NonNullable<TenantFile['subsidies']>, 'codes'> | null;
  loyalty_program: { enabled: boolean; name?: string | undefined } | null;
  events: Array<Omit<TenantFile['events'][number], 'suites'>>;
};

/**
 * The tenant file's keys the public data carries as they are: an allowlist (docs/decisions/0067-answers-by-role.md).
 * Every key of the tenant file is decided here or below, or the typecheck fails: a key added to the
 * tenant file stays out of /{slug}/data.json until someone says it is public.
 */
const PUBLIC_KEYS = [
  'id',
  'app8_restaurant',
  'slug',
  'name',
  'display_name',
  'localization',
  'image',
  'group',
  'group_name',
  'opening_date',
  'zone',
  'province',
  'address',
  'gmap_place_id',
  'latitude',
  'longitude',
  'canteen',
  'theme',
  'locales',
  'k12',
  'k12TitleDisplay',
  'k12RequiresLogin',
  'end_of_school_year',
  'rotation',
  'pos_integrated',
  'marketplaceHub',
  'vendors',
  'catering',
  'min_catering_amount',
  'genericCateringRequiresLogin',
  'genericCateringHideCreditCard',
  'genericCateringShowPickupOption',
  'another_round',
  'allow_open_tab',
  'avs',
  'taxInclusive',
  'showSplitTaxes',
  'tax_rate',
  'voucher',
  'promos',
  'hasDiscounts',
  'extraPaymentMethods',
  'payment_processor',
  'multipleMids',
  'tipConfig',
  'serviceCharge',
  'delivery',
  'generic_table_locations',
  'maxItemsPerCart',
  'maxMealsPerCart',
  'minMealsPerCart',
  'supportEmail',
  'subsidiesEnabled',
  'customQuestions',
  'hideGuestInfo',
  'orderCutoffDate',
  'order_cutoff_days',
  'weekendOrdering',
  'maxAdvancedOrderDays',
  'noTakeoutTimeslot',
  'hide_items_special_instructions',
  'hide_takeout_special_instructions',
  'orders_paused',
  'asap_paused',
  'orders_paused_message',
  'hours',
  'holiday_hours',
  'concourse',
  'suites_enabled',
  'suites',
  'credits_enabled',
  'guest_order_cancellation',
  'integration',
  'disable_order_again',
  'queue',
] as const satisfies ReadonlyArray<keyof TenantFile>;
/** Secrets (gift cards, discount codes), the file's own header, content served by its own route, and the kitchen's own settings (StaffMe: its targets and stations), the suites' reminder lead time. */
type PrivateKey =
  | '$schema'
  | 'menu_groups'
  | 'gift_cards'
  | 'discount_codes'
  | 'canteen_hosts'
  | 'announcements'
  | 'kitchen_targets'
  | 'kitchen_stations'
  | 'suite_reminder_hours';
/** Carried without their secret part: members, codes, suites' people. */
type ReducedKey = 'membership_program' | 'subsidies' | 'loyalty_program' | 'events';
type Undecided = Exclude<keyof TenantFile, (typeof PUBLIC_KEYS)[number] | PrivateKey | ReducedKey>;
const everyKeyDecided: [Undecided] extends [never] ? true : { undecided: Undecided } = true;
void everyKeyDecided;

export function toPublicRestaurant(tenant: TenantFile): PublicRestaurant {
  const { membership_program, subsidies, loyalty_program, events } = tenant;
  const kept = Object.fromEntries(PUBLIC_KEYS.filter((key) => key in tenant).map((key) => [key, tenant[key]])) as Pick<
    TenantFile,
    (typeof PUBLIC_KEYS)[number]
  >;
  return {
    ...kept,
    membership_program: membership_program && withoutKey(membership_program, 'members'),
    subsidies: subsidies && withoutKey(subsidies, 'codes'),
    loyalty_program: loyalty_program && { enabled: loyalty_program.enabled, name: loyalty_program.name },
    events: events.map((event) => withoutKey(event, 'suites')),
  };
}

/**
 * The restaurant's own HTML in its public data, each field cleaned by the caller's rule: `strict`
 * for short texts that allow no markup (the pause message, the membership banner), `rich` for
 * descriptions. The server sanitises them (use-cases/menus/get-restaurant-data.ts); the web build's bundled
 * copy makes them plain text (apps/web/restaurant-fallbacks.ts). A new HTML field is listed here once.
 */
export function mapRestaurantHtml(
  data: PublicRestaurant,
  clean: { strict: (html: string) => string; rich: (html: string) => string },
): PublicRestaurant {
  return {
    ...data,
    orders_paused_message: Object.fromEntries(
      Object.entries(data.orders_paused_message).map(([locale, text]) => [locale, clean.strict(text ?? '')]),
    ),
    membership_program: data.membership_program && {
      ...data.membership_program,
      ...(data.membership_program.banner_message !== undefined && { banner_message: clean.strict(data.membership_program.banner_message) }),
    },
    vendors: data.vendors.map((vendor) => ({ ...vendor, description: clean.rich(vendor.description) })),
  };
}

function withoutKey<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

/** A restaurant named in the path by id or slug (GET /api/restaurants/:id/...). */
export const RestaurantIdParams = z.object({ id: z.string().max(100) });
export type RestaurantIdParams = z.infer<typeof RestaurantIdParams>;

export const RestaurantSlugParams = z.object({ slug: z.string().max(100) });
export type RestaurantSlugParams = z.infer<typeof RestaurantSlugParams>;

/** GET /{slug}/data.json: `PublicRestaurant`, documented by the fields every client reads. */
export const RestaurantDataResponse = z.looseObject({ id: z.number().int(), slug: z.string(), name: z.string() });
export type RestaurantDataResponse = z.infer<typeof RestaurantDataResponse>;

export const MenusQuery = z.object({ type: z.enum(ORDER_TYPES).default('dine_in') });
export type MenusQuery = z.infer<typeof MenusQuery>;

/** The published menu tree for one order type, amounts in cents. */
export const MenusResponse = z.object({ restaurant_id: z.number().int(), version: z.number().int(), menu_groups: z.array(MenuGroup) });
export type MenusResponse = z.infer<typeof MenusResponse>;

/**
 * Restaurant-provided HTML arrives already sanitised by the server (spec ordering.md section 5):
 * descriptions of menu groups, menus, sections, items and option values, and announcements, in
 * `default` mode (markup, no style attributes); banners (orders_paused_message,
 * membership_program.banner_message) in `strict` mode (b, i, em, strong, p, br, no attributes);
 * names and ingredients go through `strip-all`: text without tags, with HTML's special characters
 * still escaped ("Fish &amp; chips"), so a screen decodes them before showing them as text.
 */
export type SanitizeMode = 'default' | 'strict' | 'strip-all';

export const Announcement = z.object({
  id: z.number().int(),
  html: z.string().describe('Sanitised HTML (default mode), English'),
  /** Sanitised HTML per other language. */
  localization: z.object({ 'fr-CA': z.object({ html: z.string().optional() }).optional() }),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementsResponse = z.object({ announcements: z.array(Announcement) });
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponse>;

/** GET /api/orders/get-next-order-queue-time: how long a new order waits behind the open ones. */
export const QueueTimeResponse = z.object({ enabled: z.boolean(), orders_ahead: z.number().int(), minutes: z.number().int() });
export type QueueTimeResponse = z.infer<typeof QueueTimeResponse>;

/** GET /api/health: liveness and which database answers. */
export const HealthResponse = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
