/**
 * Every server-state key of the app, in one place so that a write invalidates exactly what it
 * changes. A key names the resource first, then what it belongs to (restaurant, user, language):
 * `['students', restaurantId, userId]`. Invalidating by a prefix (`['students']`) reaches them all.
 * Keys name users by id, never by token.
 */
export const queryKeys = {
  /** The signed-in user and operator (lib/session.ts). */
  session: ['session'] as const,

  /** A restaurant's public data (GET /{slug}/data.json), both languages in one answer. */
  restaurant: (slug: string) => ['restaurant', slug] as const,

  /** The social sign-in buttons (the same for everyone). */
  socialProviders: ['social-providers'] as const,

  /** A cart's costs (set-costs): keyed by what is priced, so a changed cart is a new query and the old request is cancelled. */
  cartCosts: (restaurantId: number, userId: number | null, body: unknown) => ['cart-costs', restaurantId, userId, body] as const,

  /** Day carts' prices (a school's set-k12-costs): keyed by what is priced, as the cart's costs; `extra`: the vertical's (a subsidy code). */
  dayCosts: (restaurantId: number, userId: number | null, extra: readonly unknown[], guest: boolean, orders: unknown) =>
    ['day-costs', restaurantId, userId, extra, guest, orders] as const,

  /** Whether a contact e-mail is in the restaurant's loyalty program (checkout). */
  loyaltyStatus: (restaurantId: number, email: string) => ['loyalty-status', restaurantId, email] as const,

  /** The orders this tab just placed (confirmation), by id; their access tokens stay out of the key. */
  placedOrders: (restaurantId: number, orderIds: readonly string[]) => ['placed-orders', restaurantId, orderIds] as const,
  /** One order placed (a school checkout's day, read for its guest cancellation); under placedOrdersAt. */
  placedOrder: (restaurantId: number, orderId: string) => ['placed-orders', restaurantId, 'one', orderId] as const,
  /** Every placed order read at a restaurant (a guest's cancellation changes the one it cancels wherever it is shown). */
  placedOrdersAt: (restaurantId: number) => ['placed-orders', restaurantId] as const,

  /** The lines of an earlier order rebuilt on today's menu (`?anotherRoundId=`). */
  anotherRound: (restaurantId: number, roundId: string) => ['another-round', restaurantId, roundId] as const,

  /** Checkout's payment methods and first times, read once per opening (gcTime 0). */
  checkoutSetup: (
    restaurantId: number,
    locale: string,
    orderType: string | null,
    times: boolean,
    genericCatering: boolean,
    config: unknown,
  ) => ['checkout-setup', restaurantId, locale, orderType, times, genericCatering, config] as const,
  /** A hub's checkout times asked again for the set of vendors left in the cart. */
  hubTimes: (restaurantId: number, locale: string, vendors: string) => ['hub-times', restaurantId, locale, vendors] as const,

  menus: (restaurantId: number, orderType: string | null, memberVersion = 0) => ['menus', restaurantId, orderType, memberVersion] as const,
  /** Every menus query of a restaurant: read again when the menu is known to have changed (a stale cart's answer). */
  menusOf: (restaurantId: number) => ['menus', restaurantId] as const,
  announcements: (restaurantId: number) => ['announcements', restaurantId] as const,
  queueTime: (restaurantId: number) => ['queue-time', restaurantId] as const,
  scheduling: (restaurantId: number, orderType: string | null, dates: unknown) => ['scheduling', restaurantId, orderType, dates] as const,
  eventSuite: (restaurantId: number, eventSuite: string | null, userId: number | null) =>
    ['event-suite', restaurantId, eventSuite, userId] as const,
  chain: (group: string) => ['chain', group] as const,
  /** A chain's venues near a place or a position (venue search). */
  venueSearch: (group: string, where: unknown, radius: number, unit: string) => ['venue-search', group, where, radius, unit] as const,
  /** Place-name suggestions for a typed text (venue search). */
  placeSuggestions: (group: string, description: string) => ['place-suggestions', group, description] as const,
  canteen: ['canteen'] as const,
  userSnapshots: ['user-snapshot'] as const,
  userSnapshot: (restaurantId: number, userId: number | null) => ['user-snapshot', restaurantId, userId] as const,
  schoolDays: (restaurantId: number, start: string, end: string, userId: number | null, subsidyCode: string | null) =>
    ['school-days', restaurantId, start, end, userId, subsidyCode] as const,
  /** Every week of a school's days read so far: read again once orders are placed (their meals now count as booked). */
  schoolDaysOf: (restaurantId: number) => ['school-days', restaurantId] as const,

  /** The diner's own lists (profile). */
  profileRestaurant: (slug: string | null) => ['profile-restaurant', slug] as const,
  accountRestaurant: (slug: string | null) => ['account-restaurant', slug] as const,
  subsidyCodes: ['subsidy-code'] as const,
  subsidyCode: (restaurant: string, userId: number) => ['subsidy-code', restaurant, userId] as const,
  /** A parent's standing weekly orders at a school (decision 0118), their meals named in `locale`. */
  standingOrders: (restaurantId: number, userId: number, locale: string) => ['standing-orders', restaurantId, userId, locale] as const,

  students: {
    all: ['students'] as const,
    of: (restaurantId: number, userId: number) => ['students', restaurantId, userId] as const,
  },
  scheduledOrders: {
    all: ['scheduled-orders'] as const,
    list: (userId: number) => ['scheduled-orders', userId, 'list'] as const,
    one: (userId: number, orderId: string, locale: string) => ['scheduled-orders', userId, 'one', orderId, locale] as const,
  },
  pastReceipts: (userId: number, locale: string) => ['past-receipts', userId, locale] as const,
  /** The profile's credit balances, per restaurant: a cancel for credit or an order paid with credit changes them. */
  creditBalances: (userId: number) => ['credit-balances', userId] as const,

  /** Suites and their operators. */
  ownerVenues: (userId: number) => ['suites', 'owner-venues', userId] as const,
  upcomingEvents: (userId: number, restaurant: string) => ['suites', 'upcoming-events', userId, restaurant] as const,
  activeEvents: (userId: number, slug: string) => ['suites', 'active-events', userId, slug] as const,
  /** Every list that carries suite tabs (the owner's events, the operator's active events): read again when the live stream (re)opens. */
  suiteTabLists: [
    ['suites', 'upcoming-events'],
    ['suites', 'active-events'],
  ] as const,
  suiteManifest: (userId: number, slug: string, eventId: string, locale: string) =>
    ['suites', 'manifest', userId, slug, eventId, locale] as const,
  /** A suite's tab as the cart shows it before checkout (POST /catering/event-suites/get-tab). */
  suiteTab: (userId: number, restaurantId: number, eventSuiteId: number) => ['suites', 'tab', userId, restaurantId, eventSuiteId] as const,
  /** A suite's activity log; `version` moves with each live change of its tab. */
  suiteActivity: (userId: number, restaurant: string, eventSuiteId: number, version: number) =>
    ['suites', 'activity', userId, restaurant, eventSuiteId, version] as const,

  /** The staff console, per restaurant and signed-in staff member. */
  staff: {
    invitation: (slug: string, token: string) => ['staff', 'invitation', slug, token] as const,
    me: (slug: string, userId: number, locale: string) => ['staff', 'me', slug, userId, locale] as const,
    /** Every copy (user, language) of a restaurant's team, availability or webhooks: what a write changes. */
    teamOf: (slug: string) => ['staff', 'team', slug] as const,
    availabilityOf: (slug: string) => ['staff', 'availability', slug] as const,
    webhooksOf: (slug: string) => ['staff', 'webhooks', slug] as const,
    /** Every endpoint's delivery log (a removed endpoint's log goes with it). */
    webhookDeliveriesAll: ['staff', 'webhook-deliveries'] as const,
    /** The menu editor's draft, its preview and the history (features/menu-editor): every copy of one restaurant's. */
    menuOf: (slug: string) => ['staff', 'menu', slug] as const,
    menuDraft: (slug: string, userId: number) => ['staff', 'menu', slug, 'draft', userId] as const,
    menuPreview: (slug: string, userId: number) => ['staff', 'menu', slug, 'preview', userId] as const,
    menuHistory: (slug: string, userId: number) => ['staff', 'menu', slug, 'history', userId] as const,
    team: (slug: string, userId: number, locale: string) => ['staff', 'team', slug, userId, locale] as const,
    /** The live board's orders (features/staff/use-live-orders.ts). */
    orders: (slug: string, userId: number, locale: string) => ['staff', 'orders', slug, userId, locale] as const,
    availability: (slug: string, userId: number, locale: string) => ['staff', 'availability', slug, userId, locale] as const,
    webhooks: (slug: string, userId: number, locale: string) => ['staff', 'webhooks', slug, userId, locale] as const,
    webhookDeliveries: (endpointId: number | string, userId: number) => ['staff', 'webhook-deliveries', endpointId, userId] as const,
    /** A restaurant's gift cards (features/staff-gift-cards): every user's copy, what an issue changes; and one user's. */
    giftCardsOf: (slug: string) => ['staff', 'gift-cards', slug] as const,
    giftCards: (slug: string, userId: number) => ['staff', 'gift-cards', slug, userId] as const,
    /** How many orders used each discount code (features/restaurant-offers). */
    discountCodeUses: (slug: string, userId: number) => ['staff', 'discount-code-uses', slug, userId] as const,
    /** How many saved students are at each school, grade, classroom and teacher (features/restaurant-delivery). */
    studentPlaces: (slug: string, userId: number) => ['staff', 'student-places', slug, userId] as const,
    report: (name: string, slug: string, userId: number, locale: string, date: string | null, to: string | null = null) =>
      ['staff', 'report', name, slug, userId, locale, date, to] as const,
  },
};

/**
 * The prefixes of every key that holds a signed-in person's data (their lists, their snapshot with
 * credits and students, their staff console, their suites). Sign-out removes them all from the cache
 * (lib/session.ts): the next person on the same page must not see them, even for a frame.
 */
export const userOwnedKeys: ReadonlyArray<readonly [string]> = [
  ['user-snapshot'],
  ['cart-costs'],
  ['school-costs'],
  ['loyalty-status'],
  ['placed-orders'],
  ['event-suite'],
  ['school-days'],
  ['subsidy-code'],
  ['students'],
  ['standing-orders'],
  ['scheduled-orders'],
  ['past-receipts'],
  ['credit-balances'],
  ['suites'],
  ['staff'],
];
