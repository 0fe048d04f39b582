/**
 * Event suites: the suite calls of spec accounts-and-suites.md section 7 (under /api/catering) and
 * what a suite order carries (ordering.md section 3, checkout suitesInfo).
 *
 * An event suite is one suite at one event (tenant file `events[].suites[]`). Its id travels in links
 * as `?eventSuite=`: either the plain id, which only ever shows public facts (event, suite, lock
 * time) and is checked against the signed-in owner for anything more, or an opaque value the server
 * sealed with authenticated encryption (`link` below, apps/api/src/lib/event-suite-link.ts), which
 * cannot be forged or altered. Money is integer cents; times ISO-8601.
 */
import { z } from 'zod';
import { PRE_ORDER_STATES, SUITE_DELIVERY_PREFERENCES } from '@servery/domain/event-suites';
import { CartItem } from './cart';

const Id = z.number().int().positive();
const Cents = z.number().int();
const IsoDateTime = z.string().describe('ISO-8601 date and time');
const Localization = z.record(z.string(), z.record(z.string(), z.string()));

/** A sealed event-suite value (base64url); the server alone can make or read one. */
export const EncryptedEventSuite = z
  .string()
  .regex(/^[\w-]{40,400}$/)
  .describe('An event suite sealed by the server (AES-256-GCM)');

export const SuiteDeliveryPreference = z.enum(SUITE_DELIVERY_PREFERENCES);
export type SuiteDeliveryPreference = z.infer<typeof SuiteDeliveryPreference>;
export const PreOrderState = z.enum(PRE_ORDER_STATES);
export type PreOrderState = z.infer<typeof PreOrderState>;
export const EventDayPaymentPreference = z.enum(['charge', 'invoice']);
export type EventDayPaymentPreference = z.infer<typeof EventDayPaymentPreference>;

export const SuiteEvent = z
  .object({
    id: Id,
    name: z.string(),
    localization: Localization,
    starts_at: IsoDateTime,
    ends_at: IsoDateTime.nullable(),
    pre_order_lock_at: IsoDateTime,
    image: z.string().nullable(),
    menu_ids: z.array(Id),
  })
  .meta({ id: 'SuiteEvent' });
export type SuiteEvent = z.infer<typeof SuiteEvent>;

/** A suite; `localization` (the tenant file's) names it in other languages: the web picks by the reader's (lib/localize.ts). */
export const SuiteSummary = z.object({ id: Id, name: z.string(), location: z.string(), localization: Localization.optional() });
export type SuiteSummary = z.infer<typeof SuiteSummary>;

/** POST /catering/events/get-minimal-info: a plain id or a sealed value (at least one; both must agree). */
export const MinimalEventInfoRequest = z
  .strictObject({
    eventSuiteId: z
      .union([
        Id,
        z
          .string()
          .regex(/^\d{1,12}$/)
          .transform(Number),
      ])
      .optional(),
    encryptedValue: EncryptedEventSuite.optional(),
  })
  .refine((body) => body.eventSuiteId !== undefined || body.encryptedValue !== undefined, {
    message: 'send eventSuiteId or encryptedValue',
    path: ['eventSuiteId'],
  });
export type MinimalEventInfoRequest = z.infer<typeof MinimalEventInfoRequest>;

/** The public facts of an event suite: what a landing page may show anyone holding its link. */
export const MinimalEventInfo = z
  .object({
    eventSuite: z.object({ id: Id, suite: SuiteSummary }),
    event: SuiteEvent,
    /** The restaurant's time zone, for showing times. */
    zone: z.string(),
    /** True when the link was a sealed value the server made (not a typed id). */
    sealed: z.boolean(),
    /**
     * The server's clock when it answered (get-minimal-info): the event-day checkout says when the
     * order comes by it, as the server will decide (order-types/suite-delivery.ts). Absent where the
     * web builds these facts from the owner's view.
     */
    now: IsoDateTime.optional(),
  })
  .meta({ id: 'MinimalEventInfo' });
export type MinimalEventInfo = z.infer<typeof MinimalEventInfo>;

/** A suite order as its owner and the operator see it (no card data). */
export const SuiteOrderSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(['pre_order', 'event_day']),
  status: z.string(),
  placed_at: IsoDateTime,
  deliver_at: IsoDateTime.nullable(),
  delivery_preference: SuiteDeliveryPreference.nullable(),
  notes: z.string(),
  total: Cents,
  /** Lines as "2 × Wings platter" (name in the request's language); `orderId`: the line in the order (change-pre-order names it). */
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), orderId: z.number().int().optional() })),
  /** Who placed it: the owner, or an operator acting for the owner or a guest. */
  placedBy: z.enum(['owner', 'operator']),
});
export type SuiteOrderSummary = z.infer<typeof SuiteOrderSummary>;

/** How a closed tab was settled (docs/decisions/0029-suite-tab-closing.md). */
export const TabSettlement = z.object({
  status: z.enum(['charged', 'invoiced', 'nothing_due', 'awaiting_preference', 'failed']),
  /** What was charged or invoiced (or is waiting to be), in cents. */
  amount: Cents,
  /** The invoice number, when invoiced. */
  invoice: z.string().nullable(),
  /** The owner's card, when charged. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Why the charge failed: no_card, declined, insufficient_funds, token_invalid, capture_failed. */
  failure: z.string().nullable(),
  settled_at: IsoDateTime,
});
export type TabSettlement = z.infer<typeof TabSettlement>;

/** The suite's tab: its limit (null: none), what its orders have taken, what is left, and its closing. */
export const SuiteTab = z.object({
  limit: Cents.nullable(),
  spent: Cents,
  remaining: Cents.nullable(),
  event_day_payment_preference: EventDayPaymentPreference.nullable(),
  /** Set once the operator has submitted the preference: it cannot change after. */
  preference_submitted: z.boolean(),
  /** When the tab closes by itself: the end of the event. */
  closes_at: IsoDateTime,
  /** True once the tab takes no more orders (closed by the operator, or the event is over). */
  closed: z.boolean(),
  closed_at: IsoDateTime.nullable(),
  /** Null until the closed tab is settled. */
  settlement: TabSettlement.nullable(),
});
export type SuiteTab = z.infer<typeof SuiteTab>;

/** One of the owner's event suites: spec "list of events with id, orders, tab_limit, pre_order fields". */
export const OwnerEventSuite = z
  .object({
    eventSuiteId: Id,
    event: SuiteEvent,
    suite: SuiteSummary,
    state: PreOrderState,
    preOrder: SuiteOrderSummary.nullable(),
    orders: z.array(SuiteOrderSummary),
    tab: SuiteTab,
    /** A sealed link value for this event suite (`?eventSuite=`), to share with the suite's guests. */
    link: EncryptedEventSuite,
  })
  .meta({ id: 'OwnerEventSuite' });
export type OwnerEventSuite = z.infer<typeof OwnerEventSuite>;

/** POST /catering/suite-owners/get-upcoming-events: the signed-in owner's (the e-mail, if sent, must be theirs). */
export const UpcomingEventsRequest = z.strictObject({ email: z.string().max(254).optional() });
export const UpcomingEventsResponse = z.object({ zone: z.string(), events: z.array(OwnerEventSuite) });
export type UpcomingEventsResponse = z.infer<typeof UpcomingEventsResponse>;

/**
 * POST /catering/suite-owners/get-venues (no restaurant header): the venues where the signed-in
 * account owns an event suite of an event still listed (isEventListed), for /profile/events
 * opened without a venue.
 */
export const OwnerVenuesResponse = z
  .object({ venues: z.array(z.object({ id: Id, slug: z.string(), name: z.string() })) })
  .meta({ id: 'OwnerVenues' });
export type OwnerVenuesResponse = z.infer<typeof OwnerVenuesResponse>;

/** POST /catering/events/auth-get-event-info: one event suite of the signed-in owner, with what the pre-order screen needs. */
export const AuthEventInfoRequest = MinimalEventInfoRequest;
export const AuthEventInfoResponse = z
  .object({
    zone: z.string(),
    eventSuite: OwnerEventSuite,
    /** The current pre-order's cart lines, to change it (the web loads them into the cart). */
    preOrderItems: z.array(CartItem),
  })
  .meta({ id: 'AuthEventInfo' });
export type AuthEventInfoResponse = z.infer<typeof AuthEventInfoResponse>;

/**
 * What a suite order sends in data.checkout.suitesInfo. The spec's shape is {deliveryTime, notes,
 * tabLimit} (ordering.md section 3); Servery also names the preference (deliveryPreference). Read as:
 * - deliveryTime alone: a preference's name ("half_time") or a chosen date and time (ISO with offset,
 *   meaning "custom"); with deliveryPreference "custom", the chosen time.
 * - notes: the suite's notes for the venue (they replace pickup.notes on a suite order).
 * - tabLimit: the suite's tab limit in cents as the checkout showed it (null: none). It changes
 *   nothing: the limit is the venue operator's (update-event-day-settings); the server checks every
 *   order against the tab as it is (docs/decisions/0025-event-suites.md, point 7).
 */
export const SuitesInfo = z
  .strictObject({
    deliveryPreference: SuiteDeliveryPreference.nullable().optional(),
    deliveryTime: z
      .union([SuiteDeliveryPreference.exclude(['custom']), z.iso.datetime({ offset: true })])
      .nullable()
      .optional(),
    notes: z.string().trim().max(500).optional(),
    tabLimit: Cents.nonnegative().max(100_000_000).nullable().optional(),
  })
  .transform(({ deliveryPreference, deliveryTime, ...rest }) => {
    const named = SuiteDeliveryPreference.safeParse(deliveryTime);
    if (named.success) return { ...rest, deliveryPreference: deliveryPreference ?? named.data, deliveryTime: null };
    return {
      ...rest,
      deliveryPreference: deliveryPreference ?? (deliveryTime ? ('custom' as const) : null),
      deliveryTime: deliveryTime ?? null,
    };
  });
export type SuitesInfo = z.infer<typeof SuitesInfo>;
/** What a client sends (before the server reads it as above). */
export type SuitesInfoBody = z.input<typeof SuitesInfo>;

/** What a placed suite order keeps and shows (OrderView.suite). */
export const OrderSuite = z.object({
  eventSuiteId: Id,
  eventId: Id,
  suiteId: Id,
  kind: z.enum(['pre_order', 'event_day']),
  deliveryPreference: SuiteDeliveryPreference.nullable(),
  deliverAt: IsoDateTime.nullable(),
  /** The owner the order is for. */
  ownerUserId: Id.nullable(),
  /** The operator who placed it (login-as); null when the owner did. */
  operatorUserId: Id.nullable(),
  /** The guest of the suite it was placed for (login-as for a guest without an account); null or absent: the owner. */
  guestName: z.string().nullable().optional(),
});
export type OrderSuite = z.infer<typeof OrderSuite>;

/**
 * The event and the suite a suite order is for, named from the venue's tenant data (the order keeps
 * their ids): GET /api/orders/:id answers it so the confirmation names them, each in both languages.
 */
const InBothLanguages = z.object({ 'en-CA': z.string(), 'fr-CA': z.string() });
export const OrderSuitePlace = z.object({
  event: InBothLanguages,
  startsAt: IsoDateTime,
  suite: InBothLanguages,
  location: InBothLanguages,
});
export type OrderSuitePlace = z.infer<typeof OrderSuitePlace>;

/** An event suite as the venue's operator sees it: its owner, pre-order state, orders and tab. */
export const OperatorEventSuite = z
  .object({
    eventSuiteId: Id,
    suite: SuiteSummary,
    /** The owner named by the tenant file; `name` when the owner has an account. */
    owner: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
    state: PreOrderState,
    preOrder: SuiteOrderSummary.nullable(),
    orders: z.array(SuiteOrderSummary),
    tab: SuiteTab,
  })
  .meta({ id: 'OperatorEventSuite' });
export type OperatorEventSuite = z.infer<typeof OperatorEventSuite>;

export const ActiveEvent = z.object({ event: SuiteEvent, suites: z.array(OperatorEventSuite) }).meta({ id: 'ActiveEvent' });
export type ActiveEvent = z.infer<typeof ActiveEvent>;

/** GET /catering/events/get-active-events: the venue's events that have not ended, soonest first (operators of the venue only). */
export const ActiveEventsResponse = z.object({ zone: z.string(), events: z.array(ActiveEvent) });
export type ActiveEventsResponse = z.infer<typeof ActiveEventsResponse>;

export const EventDaySettingsParams = z.object({
  event: z.coerce.number().int().positive(),
  suite: z.coerce.number().int().positive(),
});

/**
 * PUT /catering/events/{event}/event-suites/{suite}/update-event-day-settings ({suite}: the suite's id
 * at that event). Send what changes: the payment preference (fixed once submitted) and the tab
 * limit in cents (null removes it; it cannot go under what the tab has taken). userId, token and
 * order_restaurant_id of the spec's payload are accepted: the session is the bearer token and the
 * restaurant is X-Restaurant-Id.
 */
export const EventDaySettingsRequest = z
  .strictObject({
    event_day_payment_preference: EventDayPaymentPreference.optional(),
    tab_limit: Cents.nonnegative().max(100_000_000).nullable().optional(),
    userId: Id.optional(),
    token: z.string().max(200).optional(),
    order_restaurant_id: Id.optional(),
  })
  .refine((body) => body.event_day_payment_preference !== undefined || body.tab_limit !== undefined, {
    message: 'send event_day_payment_preference or tab_limit',
    path: ['tab_limit'],
  });
export type EventDaySettingsRequest = z.infer<typeof EventDaySettingsRequest>;
export const EventDaySettingsResponse = z.object({ eventSuite: OperatorEventSuite });
export type EventDaySettingsResponse = z.infer<typeof EventDaySettingsResponse>;

/**
 * POST /auth/login-as (spec: eventSuiteId, token, suiteOperatorEmail): an operator of the venue opens
 * a session in which it orders for the event suite's owner on event day. The operator's session is
 * the bearer token or `token`; `suiteOperatorEmail`, when sent, must be the operator's own;
 * `ownerEmail`, when sent, must be the suite's owner. Without an event suite: NO_EVENT_SUITE.
 */
export const LoginAsRequest = z.strictObject({
  eventSuiteId: z.union([Id, z.string().regex(/^[\w-]{1,400}$/)]).optional(),
  token: z.string().max(200).optional(),
  suiteOperatorEmail: z.string().max(254).optional(),
  ownerEmail: z.string().max(254).optional(),
  /** Order for a guest of the suite who has no account (by name) rather than for its owner. */
  guestName: z.string().trim().min(1).max(80).optional(),
});
export type LoginAsRequest = z.infer<typeof LoginAsRequest>;

/** Someone in a suite's activity: its owner, the venue's operator, a guest of the suite, or the venue itself (its clock). */
export const SuitePerson = z.object({ role: z.enum(['owner', 'operator', 'guest', 'venue']), name: z.string() });
export type SuitePerson = z.infer<typeof SuitePerson>;

/**
 * One line of a suite's activity at one event, newest first: an order (who placed it for whom, what,
 * how much, its status), a login-as, a change of the tab limit or payment preference, the tab's
 * closing and its settlement. Fields that do not apply to the kind are null.
 */
export const SuiteActivityEntry = z.object({
  at: IsoDateTime,
  /** `pre_order_reminder`: the venue e-mailed the owner to pre-order before the lock (by: the venue, for: the owner's e-mail). */
  kind: z.enum([
    'order',
    'login_as',
    'tab_limit',
    'payment_preference',
    'tab_closed',
    'tab_settled',
    'pre_order_change',
    'pre_order_reminder',
  ]),
  by: SuitePerson,
  for: SuitePerson.nullable(),
  order: z
    .object({
      number: z.number().int(),
      kind: z.enum(['pre_order', 'event_day']),
      status: z.string(),
      total: Cents,
      lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
      /** When it is brought to the suite; null: as soon as it is ready (an event-day order placed during the event). */
      deliver_at: IsoDateTime.nullable().optional(),
    })
    .nullable(),
  limit: Cents.nullable(),
  preference: EventDayPaymentPreference.nullable(),
  settlement: TabSettlement.nullable(),
  /** Why the venue's operator changed the pre-order (kind pre_order_change), and the pre-order's number it made. */
  reason: z.string().nullable().optional(),
  changedOrder: z.number().int().nullable().optional(),
});
export type SuiteActivityEntry = z.infer<typeof SuiteActivityEntry>;

/** POST /catering/event-suites/get-activity: for the suite's owner, the venue's operator, or a login-as session of that suite. */
export const SuiteActivityRequest = MinimalEventInfoRequest;
export const SuiteActivityResponse = z
  .object({
    zone: z.string(),
    eventSuiteId: Id,
    event: SuiteEvent,
    suite: SuiteSummary,
    tab: SuiteTab,
    entries: z.array(SuiteActivityEntry),
  })
  .meta({ id: 'SuiteActivity' });
export type SuiteActivityResponse = z.infer<typeof SuiteActivityResponse>;

/** A server-sent `tab` event of GET /restaurants/{id}/suite-tabs/events: an event suite's tab as it is now. */
export const SuiteTabEvent = z.object({ eventSuiteId: Id, tab: SuiteTab });
export type SuiteTabEvent = z.infer<typeof SuiteTabEvent>;
export const SuiteTabEventsParams = z.object({ restaurantId: z.string().min(1).max(100) });

/**
 * POST /catering/event-suites/get-tab: one event suite's tab as it is now (what is left on it), for
 * its owner, the venue's operator or a login-as session of that suite: the cart says what is left
 * before checkout (the server still refuses an order over the limit at placement).
 */
export const SuiteTabRequest = MinimalEventInfoRequest;
export const SuiteTabResponse = SuiteTabEvent.meta({ id: 'SuiteTabBalance' });
export type SuiteTabResponse = z.infer<typeof SuiteTabResponse>;

/** POST /catering/events/{event}/event-suites/{suite}/close-tab: no body; the answer is the suite as the operator sees it. */
export const CloseTabResponse = EventDaySettingsResponse;
export type CloseTabResponse = EventDaySettingsResponse;

/** One item and how many (a manifest's production line, or one suite's line). */
export const ManifestItem = z.object({ itemId: Id, name: z.string(), quantity: z.number().int() });
export type ManifestItem = z.infer<typeof ManifestItem>;

/**
 * GET /catering/events/{event}/manifest (the venue's operators): the production and delivery manifest
 * of one event across its suites (packages/domain/src/suite-manifest.ts): the live pre-orders by
 * delivery time, each time's totals per item (the kitchen) and each suite's lines (the runners).
 * Item names in the request's language. The same as CSV: GET .../manifest.csv.
 */
export const SuiteManifestResponse = z
  .object({
    zone: z.string(),
    event: SuiteEvent,
    groups: z.array(
      z.object({
        preference: SuiteDeliveryPreference,
        at: IsoDateTime,
        production: z.array(ManifestItem),
        deliveries: z.array(
          z.object({
            suite: SuiteSummary,
            orderNumber: z.number().int(),
            notes: z.string(),
            lines: z.array(ManifestItem),
            quantity: z.number().int(),
          }),
        ),
        quantity: z.number().int(),
      }),
    ),
    totals: z.array(ManifestItem),
    quantity: z.number().int(),
    /** Suites with a pre-order on the manifest, and the event's suites in all. */
    suites: z.number().int(),
    suitesAtEvent: z.number().int(),
    /** The CSV's file name in the request's language (`manifest-{slug}-{event}-{day}.csv`, `manifeste-…` in French). */
    fileName: z.string(),
  })
  .meta({ id: 'SuiteManifest' });
export type SuiteManifestResponse = z.infer<typeof SuiteManifestResponse>;
export const SuiteManifestParams = z.object({ event: z.coerce.number().int().positive() });

/**
 * POST /catering/events/{event}/event-suites/{suite}/change-pre-order (the venue's operators, with an
 * Idempotency-Key): the suite's live pre-order again with new quantities for its lines (0 takes a line
 * out; at least one stays), before or after the lock, with the reason the suite's activity keeps. It
 * replaces the pre-order as the owner's change does (priced again, on the tab under its limit).
 */
export const PreOrderChangeRequest = z
  .strictObject({
    lines: z
      .array(z.strictObject({ orderId: z.number().int().positive(), quantity: z.number().int().min(0).max(999) }))
      .min(1)
      .max(100),
    reason: z.string().trim().min(3).max(300),
  })
  .meta({ id: 'PreOrderChangeRequest' });
export type PreOrderChangeRequest = z.infer<typeof PreOrderChangeRequest>;
export const PreOrderChangeResponse = z.object({ eventSuite: OperatorEventSuite, orderNumber: z.number().int() });
export type PreOrderChangeResponse = z.infer<typeof PreOrderChangeResponse>;
