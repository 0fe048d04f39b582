/**
 * The tenant data file: one JSON file per restaurant, written by an operator, holding the restaurant
 * entity of spec ordering.md section 3 with its whole menu tree and settings.
 *
 * Field names are the spec's, so a file and the API speak the same language. Amounts in a file are
 * dollars as decimal text ("12.50") or plain JSON numbers with at most two decimals; the schema turns
 * them into integer cents. Rates ("0.13") and percentages ("18") stay exact decimal text.
 */
import { z } from 'zod';
import { centsToDecimalText, dollarsToCents, normaliseDecimal } from '@servery/domain/money';
import { eventInstant } from '@servery/domain/event-suites';
import { normaliseDiscountCode } from '@servery/domain/discount-code';
import { DEFAULT_STATION, MAX_STATIONS, STATION_ID, STATION_NAME_MAX } from '@servery/domain/kitchen-stations';
import { parseMenuImageUrl } from './menu-images';
import { AMOUNT_RULE } from './tenant-file-rules';

export const LOCALES = ['en-CA', 'fr-CA'] as const;
export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

export const DIETS = ['Pescatarian', 'Vegan', 'Vegetarian'] as const;
export const ALLERGENS = ['Peanuts', 'Treenuts', 'Dairy', 'Gluten', 'Egg', 'Fish', 'Soy', 'Sesame', 'Mustard', 'Alcohol'] as const;
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/**
 * Paths of the product's own screens and files, which a restaurant cannot take. `cantine` is not one:
 * the /cantine landing is the workplace canteen tenant's page.
 */
export const RESERVED_SLUGS = [
  'api',
  'tenant-images',
  'assets',
  // The bundled copies of restaurant data (apps/web/restaurant-fallbacks.ts).
  'restaurant-fallbacks',
  'login',
  'profile',
  'search',
  'bowlero-location-search',
  'bowlero-coming-soon',
  'page-not-found',
  // The operators' Prometheus endpoint (apps/api/src/plugins/metrics.ts).
  'metrics',
] as const;

/**
 * Dollars in, integer cents out; back to dollars text ("12.50") when a stored tenant is written out
 * as its file again (`encodeTenantFile`). The tenant-file schemas that change a value are codecs, so
 * the file the staff console exports is the file `tenants:import` takes.
 */
export const Money = z.codec(
  z.union([z.string(), z.number()], { error: 'must be an amount such as "12.50"' }),
  z.number().int().nonnegative().describe('Amount in cents'),
  {
    decode: (value, payload) => {
      const cents = dollarsToCents(value);
      if (cents !== null && cents >= 0) return cents;
      payload.issues.push({
        code: 'custom',
        input: value,
        message: `must be an amount of at least 0 with at most 2 decimals, such as "12.50" (got ${JSON.stringify(value)})`,
        // Worded in the person's language for the staff console (tenant-file-rules.ts).
        params: { rule: AMOUNT_RULE, got: value },
      });
      return 0;
    },
    encode: (cents) => centsToDecimalText(cents),
  },
);
export type Money = z.output<typeof Money>;

/** A non-negative exact decimal kept as text: rates ("0.09975") and percentages ("18"). */
export const Decimal = z.codec(
  z.union([z.string(), z.number()], { error: 'must be a decimal number such as "0.13"' }),
  z.string().describe('Exact decimal text'),
  {
    decode: (value, payload) => {
      const text = normaliseDecimal(value);
      if (text !== null) return text;
      payload.issues.push({
        code: 'custom',
        input: value,
        message: `must be a decimal number of at least 0 (got ${JSON.stringify(value)})`,
      });
      return '';
    },
    encode: (text) => text,
  },
);
export type Decimal = z.output<typeof Decimal>;

const Percent = Decimal.refine((text) => Number(text) <= 100, 'a percentage is at most 100');
const Rate = Decimal.refine((text) => Number(text) <= 1, 'a tax rate is a fraction such as 0.13, not a percentage');

/** "18" is 18 percent; "5$" is five dollars (spec ordering.md section 5). */
export const ChargeValue = z.codec(
  z.union([z.string(), z.number()]),
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('percentage'), value: z.string(), amount: z.null() }),
    z.object({ type: z.literal('dollar'), value: z.string(), amount: z.number().int().describe('Amount in cents') }),
  ]),
  {
    decode: (value, payload) => {
      const text = String(value).trim();
      if (text.endsWith('$')) {
        const cents = dollarsToCents(text.slice(0, -1));
        if (cents !== null && cents >= 0) return { type: 'dollar' as const, value: text.slice(0, -1), amount: cents };
      } else {
        const percent = normaliseDecimal(text);
        if (percent !== null && Number(percent) <= 100) return { type: 'percentage' as const, value: percent, amount: null };
      }
      payload.issues.push({
        code: 'custom',
        input: value,
        message: `must be a percentage such as "18" or a dollar amount such as "5$" (got ${JSON.stringify(value)})`,
      });
      return { type: 'percentage' as const, value: '0', amount: null };
    },
    encode: (charge) => (charge.type === 'dollar' ? `${charge.value}$` : charge.value),
  },
);
export type ChargeValue = z.output<typeof ChargeValue>;

const Id = z.number({ error: 'must be a whole number id' }).int('must be a whole number id').positive('must be a positive id');
const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes');
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as "09:30" (24-hour)');
const IsoDate = z.iso.date({ error: 'must be a date such as "2026-12-24"' });
const IsoDateTime = z.iso.datetime({ offset: true, error: 'must be a date and time such as "2026-01-01T00:00:00Z"' });
/**
 * An event's moment: the venue's wall clock ("2026-12-12T19:30", read in the file's `zone`; it stays
 * right when a province changes its clocks) or an instant with its offset. Parsing turns the wall
 * clock into an instant (`resolveEventTimes`).
 */
const EventDateTime = z.iso.datetime({
  offset: true,
  local: true,
  error: 'must be the venue\'s date and time such as "2026-12-12T19:30", or an instant such as "2026-12-13T01:30:00Z"',
});
const Url = z
  .string()
  .min(1)
  .refine((text) => text.startsWith('/') || /^https?:\/\//.test(text), 'must be a path from / or an http(s) URL');
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as "#1a5c3a"');
const Email = z.email('must be an e-mail address');
const TimeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as "America/Toronto"');

/** Comma-separated lists in the spec ("Dairy,Gluten"), checked against the allowed words. */
function wordList<const T extends readonly string[]>(allowed: T) {
  return z
    .string()
    .refine(
      (text) => text.trim() === '' || text.split(',').every((word) => (allowed as readonly string[]).includes(word.trim())),
      `must be a comma-separated list of: ${allowed.join(', ')}`,
    );
}
const Allergens = wordList(ALLERGENS);
const Diets = wordList(DIETS);

/** Per-language text: { "fr-CA": { name: "…", description: "…" } }. The base fields are English. */
const Localization = z.partialRecord(Locale, z.record(z.string(), z.string())).default({});
const LocalisedText = z.partialRecord(Locale, z.string());

/** A kitchen station (decision 0107): its id, which sections name, and its name in English and French. */
export const KitchenStation = z.strictObject({
  id: z.string().regex(STATION_ID, 'a station id: lower-case letters, digits and dashes'),
  name: z.strictObject({
    'en-CA': z.string().trim().min(1).max(STATION_NAME_MAX),
    'fr-CA': z.string().trim().min(1).max(STATION_NAME_MAX),
  }),
});
export type KitchenStation = z.infer<typeof KitchenStation>;
export const DEFAULT_KITCHEN_STATIONS: readonly KitchenStation[] = [
  { id: DEFAULT_STATION, name: { 'en-CA': 'Kitchen', 'fr-CA': 'Cuisine' } },
];

/** A stored restaurant's stations: a restaurant stored before stations existed has the kitchen only. */
export function kitchenStationsOf(settings: { kitchen_stations?: readonly KitchenStation[] | undefined }): readonly KitchenStation[] {
  return settings.kitchen_stations?.length ? settings.kitchen_stations : DEFAULT_KITCHEN_STATIONS;
}

export const TaxRate = z.strictObject({ tax1: Rate.nullable().optional(), tax2: Rate.nullable().optional() });
export type TaxRate = z.infer<typeof TaxRate>;

/** 96 fifteen-minute slots per weekday; a letter picks an additional price, X marks the item unavailable. */
export const PriceSchedule = z.partialRecord(
  z.enum(WEEKDAYS),
  z.string().regex(/^[A-Za-z]{96}$/, 'must be 96 letters, one per 15-minute slot of the day'),
);
export type PriceSchedule = z.output<typeof PriceSchedule>;

/** published_at absent: published when imported; null: a draft that is never sent to diners. */
const PublishedAt = IsoDateTime.nullable().optional();

const ItemFields = {
  id: Id,
  name: z.string().min(1),
  slug: Slug.optional(),
  sku: z.string().optional(),
  category: z.string().optional(),
  description: z.string().default(''),
  ingredients: z.string().default(''),
  image: Url.nullable().optional(),
  calories: z.number().nullable().optional(),
  price: Money,
  price_schedule: PriceSchedule.optional(),
  additional_prices: z.record(z.string().regex(/^[A-Za-z]$/, 'must be one letter'), Money).optional(),
  tax_rate: TaxRate.optional(),
  allergens: Allergens.default(''),
  diets: Diets.default(''),
  alcoholic_beverage: z.boolean().default(false),
  promos: z.array(Id).default([]),
  // The promo prices (spec pricing.md 1.2) are the server's, never a file's (checkReferences refuses
  // them there): the menu answer carries them for an item or value with promos, made by domain
  // pricing.ts `promoPrices` (menu-promo-prices.ts), so a client shows and sends the price charged.
  adjustedPrice: z.number().int().nonnegative().optional().describe('Menu answer only: cents after this entity’s promos'),
  adjusted_additional_prices: z
    .record(z.string(), z.number().int().nonnegative())
    .optional()
    .describe('Menu answer only: each additional price in cents after this entity’s promos, by letter'),
  order: z.number().int().default(0),
  published_at: PublishedAt,
  localization: Localization,
};

export type OptionGroupFile = z.output<typeof OptionGroupBase> & { values: OptionValueFile[] };
export type OptionValueFile = z.output<typeof OptionValueBase> & { options: OptionGroupFile[] };

const OptionGroupBase = z.strictObject({
  id: Id,
  sku: z.string().optional(),
  name: z.string().min(1),
  internal_name: z.string().optional(),
  type: z.enum(['addons', 'pricing']).default('addons'),
  required: z.boolean().default(false),
  allow_multiple_selection: z.boolean().default(false),
  description: z.string().default(''),
  limit: z.number().int().positive().nullable().default(null),
  order: z.number().int().default(0),
  custom_quantities: z.boolean().default(false),
  memo: z.boolean().default(false),
  localization: Localization,
});

const OptionValueBase = z.strictObject({
  ...ItemFields,
  price: Money.default(0),
  product_id: Id.optional(),
  roll_up: z.boolean().default(true),
  max_quantity: z.number().int().positive().nullable().default(null),
  default_selection: z.boolean().default(false),
  /** Out of stock (staff mark it during service): shown in the item dialog, never chosen. */
  sold_out: z.boolean().default(false),
});

export const OptionGroup: z.ZodType<OptionGroupFile, unknown> = OptionGroupBase.extend({
  values: z.lazy(() => z.array(OptionValue).min(1, 'an option group needs at least one value')),
}) as unknown as z.ZodType<OptionGroupFile, unknown>;

export const OptionValue: z.ZodType<OptionValueFile, unknown> = OptionValueBase.extend({
  options: z.lazy(() => z.array(OptionGroup)).default([]),
}) as unknown as z.ZodType<OptionValueFile, unknown>;

export const Item = z.strictObject({
  ...ItemFields,
  base_price: Money.optional(),
  price_unit: z.string().optional(),
  price_type: z.string().optional(),
  tax_rebate_eligibility: z.boolean().default(false),
  nutritional_sheet_url: Url.nullable().optional(),
  sold_out: z.boolean().default(false),
  unavailable: z.boolean().default(false),
  featured_item: z.boolean().default(false),
  /** The fewest a line may order (a platter that feeds 10, a buffet for at least 15 guests). */
  min_quantity: z.number().int().min(1).max(1000).default(1),
  /**
   * Catering sold one per guest (a boxed lunch, a buffet): in a catering cart its quantity is the
   * order's head count, rescaled when the diner changes it and derived again by the server
   * (domain head-count.ts; decision 0116).
   */
  per_person: z.boolean().default(false),
  upsell_item: z.boolean().default(false),
  meal_package: z.boolean().default(false),
  auto_restock: z.boolean().default(false),
  options: z.array(OptionGroup).default([]),
});
export type ItemFile = z.output<typeof Item>;
export type Item = ItemFile;

export const Section = z.strictObject({
  id: Id,
  name: z.string().min(1),
  slug: Slug.optional(),
  description: z.string().default(''),
  type: z.enum(['a-la-carte', 'prix-fixe']).default('a-la-carte'),
  price: Money.nullable().default(null),
  tax_rate: TaxRate.optional(),
  order: z.number().int().default(0),
  sold_out: z.boolean().default(false),
  /** The kitchen station that makes its items (`kitchen_stations`); none: the restaurant's first station. */
  station: z.string().regex(STATION_ID, 'a station id: lower-case letters, digits and dashes').optional(),
  published_at: PublishedAt,
  localization: Localization,
  items: z.array(Item).default([]),
});
export type SectionFile = z.output<typeof Section>;
export type Section = SectionFile;

export const Menu = z.strictObject({
  id: Id,
  name: z.string().min(1),
  slug: Slug.optional(),
  description: z.string().default(''),
  image: Url.nullable().optional(),
  type: z.enum(['a-la-carte', 'prix-fixe']).default('a-la-carte'),
  price: Money.nullable().default(null),
  tax_rate: TaxRate.optional(),
  attachment: Url.nullable().optional(),
  order: z.number().int().default(0),
  allow_sections: z.boolean().default(true),
  dine_in: z.boolean().default(false),
  on_demand: z.boolean().default(false),
  scheduled: z.boolean().default(false),
  member_only: z.boolean().default(false),
  // Menu timings are in minutes (the spec leaves units open): last call before closing, notice an
  // order needs, the length of an ordering slot, and preparation time.
  last_call_time: z.number().int().nonnegative().nullable().default(null),
  required_notice: z.number().int().nonnegative().nullable().default(null),
  ordering_interval: z.number().int().positive().nullable().default(null),
  max_orders_per_interval: z.number().int().nonnegative().nullable().default(null),
  estimated_prep_time: z.number().int().nonnegative().nullable().default(null),
  published_at: PublishedAt,
  deleted_at: IsoDateTime.nullable().default(null),
  localization: Localization,
  sections: z.array(Section).default([]),
  items: z.array(Item).default([]),
});
export type MenuFile = z.output<typeof Menu>;
export type Menu = MenuFile;

export const MenuGroup = z.strictObject({
  id: Id,
  name: z.string().min(1),
  slug: Slug,
  description: z.string().default(''),
  image: Url.nullable().optional(),
  vendor_id: Id.optional(),
  published_at: PublishedAt,
  localization: Localization,
  menus: z.array(Menu).default([]),
});
export type MenuGroupFile = z.output<typeof MenuGroup>;
export type MenuGroup = MenuGroupFile;

const HoursRange = z.strictObject({ day: z.enum(WEEKDAYS), start_time: Time, end_time: Time });
const HolidayHours = z
  .strictObject({
    date: IsoDate,
    full_day: z.boolean().default(false),
    start_time: Time.nullable().default(null),
    end_time: Time.nullable().default(null),
  })
  .refine(
    (day) => day.full_day || (day.start_time !== null && day.end_time !== null),
    'a day that is not full_day needs start_time and end_time',
  );

const Theme = z.strictObject({
  type: z.enum(['light', 'dark', 'custom']).default('light'),
  primary_color: Color.default('#1f5f3f'),
  background_color: Color.optional(),
  text_color: Color.optional(),
  fonts: z.strictObject({ heading: z.string().min(1), body: z.string().min(1) }).default({ heading: 'system-ui', body: 'system-ui' }),
  favicon: Url.nullable().optional(),
  logo: Url.nullable().optional(),
  logoRedirectUrl: Url.nullable().optional(),
  card_style: z.enum(['vertical', 'horizontal']).default('vertical'),
  browse_menu_style: z.enum(['gallery', 'list']).default('list'),
});

const Promo = z
  .strictObject({
    id: Id,
    percent: Percent.optional(),
    amount: Money.optional(),
  })
  .refine((promo) => (promo.percent === undefined) !== (promo.amount === undefined), 'a promo has either percent or amount');

const DiscountCode = z
  .strictObject({
    code: z.string().refine((code) => code.trim() !== '', 'must not be empty'),
    type: z.enum(['percentage', 'dollar']),
    value: Decimal,
    starts_at: IsoDateTime.nullable().default(null),
    ends_at: IsoDateTime.nullable().default(null),
    max_uses: z.number().int().positive().nullable().default(null),
  })
  .refine((code) => code.type !== 'percentage' || Number(code.value) <= 100, { path: ['value'], message: 'a percentage is at most 100' })
  .refine((code) => !code.starts_at || !code.ends_at || Date.parse(code.starts_at) < Date.parse(code.ends_at), {
    path: ['ends_at'],
    message: 'must be after starts_at',
  });

const GiftCard = z.strictObject({ number: z.string().regex(/^\d{8,19}$/, 'must be 8 to 19 digits'), balance: Money });

const Member = z.strictObject({
  identifier: z.string().min(1),
  provider: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  email: Email.optional(),
  phone: z.string().optional(),
  promos: z.array(Id).default([]),
});

const Subsidies = z
  .strictObject({
    is_active: z.boolean(),
    target_users: z.enum(['all', 'codes']),
    target_items: z.enum(['all', 'meals']),
    type: z.enum(['discount', 'fixed_price', 'pay_what_you_can']),
    discount_percentage: Percent.nullable().default(null),
    discount_amount: Money.nullable().default(null),
    discount_fixed_price: Money.nullable().default(null),
    codes: z.array(z.string().min(1)).default([]),
  })
  .refine((subsidy) => subsidy.type !== 'fixed_price' || subsidy.discount_fixed_price !== null, {
    path: ['discount_fixed_price'],
    message: 'fixed_price needs discount_fixed_price',
  })
  .refine((subsidy) => subsidy.type !== 'discount' || (subsidy.discount_percentage === null) !== (subsidy.discount_amount === null), {
    message: 'discount needs exactly one of discount_percentage or discount_amount',
  });

const CustomQuestion = z
  .strictObject({
    id: Id,
    question: z.string().min(1),
    options: z.array(z.string().min(1)).min(1),
    question_type: z.enum(['select_one', 'checkbox']),
    required: z.boolean().default(false),
    localization: z.partialRecord(Locale, z.strictObject({ question: z.string(), options: z.array(z.string()) })).default({}),
  })
  .refine((question) => Object.values(question.localization).every((text) => text?.options.length === question.options.length), {
    path: ['localization'],
    message: 'needs one translated option per option, in the same order',
  });

const School = z.strictObject({
  name: z.string().min(1),
  grades: z.string().default(''),
  classrooms: z.string().default(''),
  teachers: z.string().default(''),
});

const Delivery = z.strictObject({
  type: z.literal('custom').default('custom'),
  radius_km: z.number().positive().nullable().default(null),
  delivery_charge: ChargeValue.nullable().default(null),
  schools: z.array(School).default([]),
  custom_locations: z.string().default(''),
  areas: z.string().default(''),
  location_label: z.string().optional(),
  areas_label: z.string().optional(),
  stadium_sections: z.string().default(''),
  localization: Localization,
});

/**
 * A marketplace hub's vendor (`marketplaceHub`): its menu groups name it by `vendor_id`. Each vendor
 * runs its own counter (packages/domain/src/marketplace.ts): it may pause its orders, or its ASAP
 * orders only (with a message; its staff do so from the staff availability screen), keep its own
 * hours (else the hub's), and its menus give its prep time and slot capacity.
 */
const Vendor = z.strictObject({
  id: Id,
  name: z.string().min(1),
  slug: Slug,
  image: Url.nullable().optional(),
  description: z.string().default(''),
  orders_paused: z.boolean().default(false),
  /** Only as-soon-as-possible orders are paused at this counter: its scheduled times are still taken. */
  asap_paused: z.boolean().default(false),
  orders_paused_message: LocalisedText.default({}),
  hours: z.array(HoursRange).nullable().default(null),
  localization: Localization,
});

/** A suite of the venue; `localization` names it (and says where it is) in French: { "fr-CA": { "name": "Loge 12" } }. */
const Suite = z.strictObject({
  id: Id,
  name: z.string().min(1),
  location: z.string().default(''),
  capacity: z.number().int().positive().optional(),
  localization: Localization,
});

const Event = z.strictObject({
  id: Id,
  name: z.string().min(1),
  starts_at: EventDateTime,
  ends_at: EventDateTime.optional(),
  pre_order_lock_at: EventDateTime,
  /**
   * A demo event placed from the import day: at import its start moves to this many days after the
   * import day (in the restaurant's time zone; 0 is that day, a negative number a past event), its
   * end and lock moving by the same number of days, each keeping its wall-clock time.
   */
  import_day_offset: z.number().int().min(-3660).max(3660).optional(),
  /** The same as `import_day_offset: 0` (files written before it). */
  on_import_day: z.boolean().optional(),
  image: Url.nullable().optional(),
  menu_ids: z.array(Id).default([]),
  suites: z
    .array(
      z.strictObject({
        id: Id,
        suite_id: Id,
        owner_email: Email.optional(),
        tab_limit: Money.nullable().default(null),
        event_day_payment_preference: z.enum(['charge', 'invoice']).nullable().default(null),
      }),
    )
    .default([]),
  localization: Localization,
});

const Announcement = z.strictObject({
  id: Id,
  html: z.string().min(1),
  starts_at: IsoDateTime.nullable().default(null),
  ends_at: IsoDateTime.nullable().default(null),
  localization: Localization,
});

/** K-12 rotation: week N of the cycle lists the menus served each school day. */
const Rotation = z.strictObject({
  start_date: IsoDate,
  weeks: z.array(z.partialRecord(z.enum(WEEKDAYS), z.array(Id))).min(1),
});

/** A dish of the day on a workplace canteen's week. */
const CanteenDish = z.strictObject({
  name: z.string().min(1),
  description: z.string().default(''),
  localization: Localization,
});

/**
 * A workplace canteen (served on its `canteen_hosts`): the employer who pays the subsidy, named on the
 * landing, and the dishes of the day by weekday.
 */
const Canteen = z.strictObject({
  employer: z.string().min(1),
  week: z.partialRecord(z.enum(WEEKDAYS), z.array(CanteenDish)).default({}),
  localization: Localization,
});

const LocaleEntry = z.strictObject({
  locale_short: z.enum(['en', 'fr']),
  locale_long: Locale,
  label: z.string().min(1),
  is_default: z.boolean().default(false),
});

const TenantFields = z.strictObject({
  $schema: z.string().optional(),
  id: Id,
  app8_restaurant: Id.optional(),
  slug: Slug.refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), 'is reserved for a screen of the product'),
  name: z.string().min(1),
  display_name: z.string().optional(),
  /** The restaurant's own texts in other languages: `name`, `display_name`, `k12TitleDisplay` (a school's "Hot lunch"). */
  localization: Localization,
  image: Url.nullable().optional(),
  group: z.string().nullable().default(null),
  /** The chain's name on its location search (one venue of the group that sets it is enough). */
  group_name: z.string().min(1).nullable().default(null),
  /** A venue that opens on this date (in its zone): until then the location search says "coming soon". */
  opening_date: IsoDate.nullable().default(null),
  zone: TimeZone.default('America/Toronto'),
  province: z.enum(PROVINCES),
  address: z.string().default(''),
  gmap_place_id: z.string().optional(),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  canteen_hosts: z.array(z.string().min(1)).default([]),
  canteen: Canteen.nullable().default(null),
  theme: Theme.default(Theme.parse({})),
  locales: z
    .array(LocaleEntry)
    .min(1)
    .default([
      { locale_short: 'en', locale_long: 'en-CA', label: 'English', is_default: true },
      { locale_short: 'fr', locale_long: 'fr-CA', label: 'Français', is_default: false },
    ]),
  k12: z.boolean().default(false),
  k12TitleDisplay: z.string().optional(),
  k12RequiresLogin: z.boolean().default(true),
  end_of_school_year: IsoDate.nullable().default(null),
  rotation: Rotation.nullable().default(null),
  pos_integrated: z.boolean().default(false),
  marketplaceHub: z.boolean().default(false),
  vendors: z.array(Vendor).default([]),
  catering: z.boolean().default(false),
  min_catering_amount: Money.nullable().default(null),
  genericCateringRequiresLogin: z.boolean().default(false),
  genericCateringHideCreditCard: z.boolean().default(false),
  genericCateringShowPickupOption: z.boolean().default(false),
  another_round: z.boolean().default(false),
  allow_open_tab: z.boolean().default(false),
  avs: z.boolean().default(false),
  taxInclusive: z.boolean().default(false),
  showSplitTaxes: z.boolean().default(false),
  tax_rate: TaxRate,
  loyalty_program: z
    .strictObject({ enabled: z.boolean(), name: z.string().optional(), enrolled_emails: z.array(Email).default([]) })
    .nullable()
    .default(null),
  membership_program: z
    .strictObject({
      enabled: z.boolean(),
      provider: z.string().optional(),
      title: z.string().optional(),
      tooltip: z.string().optional(),
      input_type: z.enum(['text', 'email', 'tel', 'number']).default('text'),
      input_label: z.string().optional(),
      button_text: z.string().optional(),
      loading_message: z.string().optional(),
      closing_icon_color: Color.optional(),
      banner_message: z.string().optional(),
      discount: z
        .strictObject({ type: z.enum(['percentage', 'dollar']), value: Decimal, preTax: z.boolean() })
        .nullable()
        .default(null),
      members: z.array(Member).default([]),
      localization: Localization,
    })
    .nullable()
    .default(null),
  voucher: z
    .strictObject({
      type: z.literal('gift_card').default('gift_card'),
      title: z.string().optional(),
      label: z.string().optional(),
      tooltip: z.string().optional(),
      hide_scanner: z.boolean().default(false),
      localization: Localization,
    })
    .nullable()
    .default(null),
  gift_cards: z.array(GiftCard).default([]),
  promos: z.array(Promo).default([]),
  discount_codes: z.array(DiscountCode).default([]),
  hasDiscounts: z.boolean().default(false),
  extraPaymentMethods: z
    .array(
      z.strictObject({
        type: z.enum(['invoice', 'cost_center', 'purchase_order']),
        label: z.string().min(1),
        localization: Localization,
      }),
    )
    .default([]),
  payment_processor: z.enum(['sandbox', 'pay_on_premise']).default('sandbox'),
  multipleMids: z.boolean().default(false),
  tipConfig: z
    .strictObject({
      type: z.enum(['percentage', 'dollar']).default('percentage'),
      default_values: z.array(Decimal).max(5).default([]),
      default_value_selected: z.number().int().nonnegative().nullable().default(null),
      total_summary_title: z.string().optional(),
      localization: Localization,
    })
    .nullable()
    .default(null),
  serviceCharge: z.strictObject({ value: ChargeValue, label: z.string().optional(), localization: Localization }).nullable().default(null),
  delivery: Delivery.nullable().default(null),
  generic_table_locations: z
    .strictObject({ type: z.literal('custom').default('custom'), locations: z.string().min(1) })
    .nullable()
    .default(null),
  maxItemsPerCart: z.number().int().positive().nullable().default(null),
  maxMealsPerCart: z.number().int().positive().nullable().default(null),
  minMealsPerCart: z.number().int().positive().nullable().default(null),
  supportEmail: Email.nullable().default(null),
  subsidiesEnabled: z.boolean().default(false),
  subsidies: Subsidies.nullable().default(null),
  customQuestions: z.array(CustomQuestion).default([]),
  hideGuestInfo: z
    .strictObject({ email: z.boolean().default(false), phone: z.boolean().default(false) })
    .default({ email: false, phone: false }),
  orderCutoffDate: IsoDate.nullable().default(null),
  order_cutoff_days: z.number().int().nonnegative().default(0),
  weekendOrdering: z.boolean().default(false),
  maxAdvancedOrderDays: z.number().int().nonnegative().nullable().default(null),
  noTakeoutTimeslot: z.boolean().default(false),
  hide_items_special_instructions: z.boolean().default(false),
  hide_takeout_special_instructions: z.boolean().default(false),
  orders_paused: z.boolean().default(false),
  /** Only as-soon-as-possible orders are paused: scheduled times are still taken (staff availability). */
  asap_paused: z.boolean().default(false),
  orders_paused_message: LocalisedText.default({}),
  hours: z.array(HoursRange).default([]),
  holiday_hours: z.array(HolidayHours).default([]),
  concourse: z.string().nullable().default(null),
  suites_enabled: z.boolean().default(false),
  /**
   * Hours before an event's pre-order lock when each suite owner without a submitted pre-order is
   * e-mailed a reminder (use-cases/suites/suite-reminders.ts; decision 0106); null: no reminders.
   */
  suite_reminder_hours: z.number().int().min(1).max(720).nullable().default(48),
  suites: z.array(Suite).default([]),
  events: z.array(Event).default([]),
  credits_enabled: z.boolean().default(false),
  guest_order_cancellation: z.boolean().default(false),
  integration: z.strictObject({ dine_in_type: z.string().optional(), takeout_type: z.string().optional() }).default({}),
  disable_order_again: z.boolean().default(false),
  queue: z.strictObject({ enabled: z.boolean(), minutes_per_order: z.number().int().positive() }).nullable().default(null),
  /**
   * The kitchen board's ticket timers (packages/domain/src/ticket-age.ts): a ticket waiting
   * `warning_minutes` is running long, `late_minutes` late; a scheduled order's clock starts
   * `late_minutes` before its time.
   */
  kitchen_targets: z
    .strictObject({ warning_minutes: z.number().int().min(1).max(600), late_minutes: z.number().int().min(1).max(600) })
    .refine((targets) => targets.late_minutes > targets.warning_minutes, {
      message: 'late_minutes must be more than warning_minutes',
      path: ['late_minutes'],
    })
    .default({ warning_minutes: 10, late_minutes: 20 }),
  /**
   * The kitchen's stations (packages/domain/src/kitchen-stations.ts, decision 0107): each has its
   * board and bumps its sections' lines. A section names its station; one that names none goes to the
   * first station here. By default one station, the kitchen.
   */
  kitchen_stations: z
    .array(KitchenStation)
    .min(1)
    .max(MAX_STATIONS)
    .default(() => DEFAULT_KITCHEN_STATIONS.map((station) => ({ id: station.id, name: { ...station.name } }))),
  announcements: z.array(Announcement).default([]),
  menu_groups: z.array(MenuGroup).default([]),
});

/**
 * A tenant data file. Parsing reads the event times written as the venue's wall clock into instants;
 * `encodeTenantFile` writes a stored tenant back out as the file (instants, which the file also takes).
 */
export const TenantFile = z
  .codec(TenantFields, z.custom<z.output<typeof TenantFields>>(), {
    decode: resolveEventTimes,
    encode: (tenant) => tenant,
  })
  .superRefine(checkReferences);

export type TenantFile = z.output<typeof TenantFile>;
export type TenantFileInput = z.input<typeof TenantFile>;

/**
 * A stored tenant (the parsed file) as the file `tenants:import` takes: amounts in dollars text,
 * charges as "18" or "5$". Parsing what this answers gives back the same tenant.
 */
export function encodeTenantFile(tenant: TenantFile): TenantFileInput {
  return z.encode(TenantFile, tenant);
}

type Path = (string | number)[];

/** Every event time an instant: the ones written as the venue's wall clock are read in the file's zone. */
function resolveEventTimes<
  T extends { zone: string; events: Array<{ starts_at: string; ends_at?: string | undefined; pre_order_lock_at: string }> },
>(tenant: T): T {
  const instant = (text: string) => eventInstant(text, tenant.zone);
  return {
    ...tenant,
    events: tenant.events.map((event) => ({
      ...event,
      starts_at: instant(event.starts_at),
      ...(event.ends_at === undefined ? {} : { ends_at: instant(event.ends_at) }),
      pre_order_lock_at: instant(event.pre_order_lock_at),
    })),
  };
}

/** Ids unique per kind, and every reference pointing at something in the same file. */
function checkReferences(tenant: z.output<z.ZodObject<Record<string, z.ZodType>>> & Record<string, unknown>, ctx: z.RefinementCtx) {
  const file = tenant as unknown as TenantFile;
  const seen = new Map<string, Path>();
  const unique = (kind: string, id: number, path: Path) => {
    const key = `${kind}:${id}`;
    const earlier = seen.get(key);
    if (earlier)
      ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `${kind} id ${id} is already used at ${formatPath(earlier)}` });
    else seen.set(key, path);
  };
  const promoIds = new Set(file.promos.map((promo) => promo.id));
  const checkPromos = (promos: number[], path: Path) =>
    promos.forEach((id, index) => {
      if (!promoIds.has(id))
        ctx.addIssue({ code: 'custom', path: [...path, 'promos', index], message: `promo ${id} is not in this file's promos` });
    });
  // Promo prices come from `promos` on the server: one written in a file would show a price the cart never charges.
  const checkNoPromoPrices = (entity: { adjustedPrice?: number; adjusted_additional_prices?: Record<string, number> }, path: Path) => {
    for (const key of ['adjustedPrice', 'adjusted_additional_prices'] as const) {
      if (entity[key] !== undefined)
        ctx.addIssue({ code: 'custom', path: [...path, key], message: `${key} is worked out by the server from promos: leave it out` });
    }
  };
  const checkSchedule = (
    entity: { price_schedule?: Partial<Record<string, string>>; additional_prices?: Record<string, number> },
    path: Path,
  ) => {
    if (entity.price_schedule && !entity.additional_prices) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'additional_prices'],
        message: 'a price_schedule needs additional_prices for its letters',
      });
    }
  };
  // A group nested (at any depth) under one of its own values by its id would loop: a diner's choice
  // would open the group it was chosen in, again and again. Said as that, not as a repeated id.
  const walkGroups = (groups: OptionGroupFile[], path: Path, enclosing: ReadonlyMap<number, Path> = new Map()) =>
    groups.forEach((group, g) => {
      const groupPath = [...path, 'options', g];
      const outer = enclosing.get(group.id);
      if (outer)
        ctx.addIssue({
          code: 'custom',
          path: [...groupPath, 'id'],
          message: `option group ${group.id} is nested inside itself (at ${formatPath(outer)}): it would loop`,
        });
      else unique('option group', group.id, groupPath);
      const inside = new Map(enclosing).set(group.id, outer ?? groupPath);
      group.values.forEach((value, v) => {
        const valuePath = [...groupPath, 'values', v];
        unique('option value', value.id, valuePath);
        checkPromos(value.promos, valuePath);
        checkNoPromoPrices(value, valuePath);
        checkSchedule(value, valuePath);
        walkGroups(value.options, valuePath, inside);
      });
    });
  // An uploaded photo (menu-images.ts) is the restaurant's own: a file may not show another's.
  const checkImage = (image: string | null | undefined, path: Path) => {
    const uploaded = image ? parseMenuImageUrl(image) : null;
    if (uploaded && uploaded.restaurantId !== file.id)
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'image'],
        message: `is a photo of restaurant ${uploaded.restaurantId}, not of this one`,
      });
  };
  const walkItems = (items: ItemFile[], path: Path) =>
    items.forEach((item, i) => {
      const itemPath = [...path, 'items', i];
      unique('item', item.id, itemPath);
      checkImage(item.image, itemPath);
      checkPromos(item.promos, itemPath);
      checkNoPromoPrices(item, itemPath);
      checkSchedule(item, itemPath);
      walkGroups(item.options, itemPath);
    });
  const menuIds = new Set<number>();
  const stationIds = new Set(file.kitchen_stations.map((station) => station.id));
  if (stationIds.size !== file.kitchen_stations.length)
    ctx.addIssue({ code: 'custom', path: ['kitchen_stations'], message: 'station ids must be unique' });
  const vendorIds = new Set(file.vendors.map((vendor) => vendor.id));
  file.menu_groups.forEach((group, g) => {
    const groupPath: Path = ['menu_groups', g];
    unique('menu group', group.id, groupPath);
    if (group.vendor_id !== undefined && !vendorIds.has(group.vendor_id)) {
      ctx.addIssue({
        code: 'custom',
        path: [...groupPath, 'vendor_id'],
        message: `vendor ${group.vendor_id} is not in this file's vendors`,
      });
    }
    group.menus.forEach((menu, m) => {
      const menuPath = [...groupPath, 'menus', m];
      unique('menu', menu.id, menuPath);
      menuIds.add(menu.id);
      checkImage(menu.image, menuPath);
      walkItems(menu.items, menuPath);
      menu.sections.forEach((section, s) => {
        const sectionPath = [...menuPath, 'sections', s];
        unique('section', section.id, sectionPath);
        if (section.station !== undefined && !stationIds.has(section.station))
          ctx.addIssue({
            code: 'custom',
            path: [...sectionPath, 'station'],
            message: `station ${section.station} is not in this file's kitchen_stations`,
          });
        walkItems(section.items, sectionPath);
      });
    });
  });
  // Diners' codes are matched trimmed and in any case (domain/discount-code.ts): two such codes would be one.
  const codes = new Map<string, number>();
  file.discount_codes.forEach((entry, index) => {
    const code = normaliseDiscountCode(entry.code);
    const earlier = codes.get(code);
    if (earlier !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['discount_codes', index, 'code'],
        message: `discount code ${entry.code} is already at ${formatPath(['discount_codes', earlier])} (codes are matched in any case)`,
      });
    else codes.set(code, index);
  });
  file.membership_program?.members.forEach((member, index) => checkPromos(member.promos, ['membership_program', 'members', index]));
  const lists: Array<[string, string, Array<{ id: number }>]> = [
    ['promo', 'promos', file.promos],
    ['vendor', 'vendors', file.vendors],
    ['suite', 'suites', file.suites],
    ['event', 'events', file.events],
    ['custom question', 'customQuestions', file.customQuestions],
    ['announcement', 'announcements', file.announcements],
  ];
  for (const [kind, key, list] of lists) list.forEach((entry, index) => unique(kind, entry.id, [key, index]));
  file.events.forEach((event, e) => {
    event.suites.forEach((eventSuite, s) => unique('event suite', eventSuite.id, ['events', e, 'suites', s]));
    if (Date.parse(event.pre_order_lock_at) > Date.parse(event.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['events', e, 'pre_order_lock_at'], message: 'must not be after starts_at' });
    }
  });
  const suiteIds = new Set(file.suites.map((suite) => suite.id));
  file.events.forEach((event, e) => {
    event.menu_ids.forEach((id, index) => {
      if (!menuIds.has(id))
        ctx.addIssue({ code: 'custom', path: ['events', e, 'menu_ids', index], message: `menu ${id} is not in this file` });
    });
    event.suites.forEach((eventSuite, s) => {
      if (!suiteIds.has(eventSuite.suite_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['events', e, 'suites', s, 'suite_id'],
          message: `suite ${eventSuite.suite_id} is not in this file's suites`,
        });
      }
    });
  });
  file.rotation?.weeks.forEach((week, w) =>
    Object.entries(week).forEach(([day, ids]) =>
      ids?.forEach((id, index) => {
        if (!menuIds.has(id))
          ctx.addIssue({ code: 'custom', path: ['rotation', 'weeks', w, day, index], message: `menu ${id} is not in this file` });
      }),
    ),
  );
  if (file.tipConfig?.default_value_selected != null && file.tipConfig.default_value_selected >= file.tipConfig.default_values.length) {
    ctx.addIssue({ code: 'custom', path: ['tipConfig', 'default_value_selected'], message: 'must be the index of one of default_values' });
  }
  if (file.locales.filter((locale) => locale.is_default).length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['locales'], message: 'exactly one locale must be the default' });
  }
}

/** `$.menu_groups[0].menus[1].items[2].price`: the JSON path an operator can find in the file. */
export function formatPath(path: readonly PropertyKey[]): string {
  return (
    '$' +
    path
      .map((key) =>
        typeof key === 'number'
          ? `[${key}]`
          : /^[A-Za-z_$][\w$]*$/.test(String(key))
            ? `.${String(key)}`
            : `[${JSON.stringify(String(key))}]`,
      )
      .join('')
  );
}
