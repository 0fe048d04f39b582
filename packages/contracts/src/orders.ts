/**
 * Placing an order and what follows it (spec ordering.md sections 3 and 7).
 *
 * POST /api/orders, header `Idempotency-Key` (8 to 100 of A-Z a-z 0-9 _ - . :), body `PlaceOrderRequest`:
 * - `type`: dine_in, take-out, catering or generic_catering (K-12 orders have their own call).
 * - `data.config`: the ordering link's flags (tableNum, takeout, takeoutType, genericCatering,
 *   genericTableLocation, takeoutDateRange, takeoutSpecificDates).
 * - `data.items`: the cart lines, priced again by the server (prices sent are only compared: 428).
 * - `data.costs`: the diner's choices, the same shape as set-costs' `costs` (tip, discount code,
 *   voucher code, member identifier, subsidy); amounts are always the server's.
 * - `data.checkout`: paymentMethod; pickup {delivery, notes, dueByDate yyyy-MM-dd, dueByTime HH:mm,
 *   scheduled}; delivery {type, name, address, lat, lng, location, area, student, school, grade,
 *   classroom, teacher, section, row, seat}; contact {full_name, email, phone_number}; card {token}
 *   from POST /api/payment/tokenize (never a card number: the schema has no field for one and is
 *   strict, so a request that sends one is refused); purchaseOrder, costCenter, invoice; questions
 *   [{id, answers: option indexes}].
 * - `data.date`: yyyy-MM-dd, the order's date (informational).
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '@servery/domain/payment-method';
import { PLACEABLE_ORDER_TYPES } from '@servery/domain/order-type';
import { MAX_HEAD_COUNT } from '@servery/domain/head-count';
import { DELIVERY_DETAIL_MAX } from '@servery/domain/delivery-summary';
import { CartItem, Costs, SetCostsRequest } from './cart';
import { OrderSuite, OrderSuitePlace, SuitesInfo } from './suites';

const Id = z.number().int().positive();
const IsoDate = z.iso.date();
const Text = (max: number) => z.string().trim().max(max);

export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,100}$/;

export const OrderConfig = z.strictObject({
  tableNum: Text(20).nullable().optional(),
  takeout: z.boolean().default(false),
  takeoutType: z.enum(['pickup', 'delivery']).nullable().optional(),
  genericCatering: z.boolean().default(false),
  genericTableLocation: Text(100).nullable().optional(),
  takeoutDateRange: z.strictObject({ start: IsoDate, end: IsoDate }).nullable().optional(),
  takeoutSpecificDates: z.array(IsoDate).max(366).nullable().optional(),
  /**
   * The event suite the order is for (the link's `eventSuite`: its id or the server's sealed value,
   * contracts/suites.ts): a suite pre-order, or with eventDayOrdering an event-day order.
   */
  eventSuite: z
    .union([Id, z.string().regex(/^[\w-]{1,400}$/)])
    .nullable()
    .optional(),
  eventDayOrdering: z.boolean().optional(),
});
export type OrderConfig = z.infer<typeof OrderConfig>;

export const DELIVERY_TYPES = ['default_address', 'custom_location', 'school', 'stadium'] as const;

export const OrderDelivery = z.strictObject({
  type: z.enum(DELIVERY_TYPES),
  name: Text(100).optional(),
  address: Text(300).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  location: Text(100).optional(),
  area: Text(100).optional(),
  student: Text(100).optional(),
  school: Text(100).optional(),
  grade: Text(50).optional(),
  classroom: Text(50).optional(),
  teacher: Text(100).optional(),
  section: Text(20).optional(),
  row: Text(20).optional(),
  seat: Text(20).optional(),
  /** default_address: the postal or ZIP code the server places on the map (ports/geocoder.ts) for the radius check. */
  postalCode: Text(10).optional(),
  /**
   * custom_location: the room, floor or suite at the listed location ("Floor 12, suite 1204"), optional;
   * control characters are refused before this schema, as in every body (text-input.ts).
   */
  detail: Text(DELIVERY_DETAIL_MAX).optional(),
});
export type OrderDelivery = z.infer<typeof OrderDelivery>;

export const OrderContact = z.strictObject({
  full_name: z.string().max(200).default(''),
  email: z.string().max(300).default(''),
  phone_number: z.string().max(40).default(''),
});
export type OrderContact = z.infer<typeof OrderContact>;

export const OrderCheckout = z.strictObject({
  paymentMethod: z.enum(PAYMENT_METHODS).nullable().default(null),
  pickup: z
    .strictObject({
      delivery: z.boolean().default(false),
      notes: Text(500).default(''),
      dueByDate: IsoDate.nullable().optional(),
      dueByTime: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm')
        .nullable()
        .optional(),
      scheduled: z.boolean().default(false),
    })
    .default({ delivery: false, notes: '', scheduled: false }),
  delivery: OrderDelivery.nullable().optional(),
  contact: OrderContact,
  card: z
    .strictObject({ token: z.string().regex(/^tok_[a-z]+_[0-9a-f]{32}$/, 'a token from /api/payment/tokenize') })
    .nullable()
    .optional(),
  /** A signed-in diner's saved card (`user.paymentMethods[].paymentCardId`), instead of `card`. */
  chosenCreditCard: z.string().max(100).nullable().optional(),
  /** Signed-in diner paying with a new `card`: keep it as a saved card once the order is paid. */
  savePaymentMethodOnCheckout: z.boolean().default(false),
  /** Dine-in where the restaurant keeps tabs open (allow_open_tab): whose tab this order goes on. */
  tab: z
    .strictObject({ owner: Text(100) })
    .nullable()
    .optional(),
  applePayPaymentToken: z.string().max(10_000).nullable().optional(),
  googlePayPaymentPayload: z.string().max(10_000).nullable().optional(),
  purchaseOrder: z.string().max(200).default(''),
  costCenter: z.string().max(200).default(''),
  invoice: z.string().max(200).default(''),
  questions: z
    .array(z.strictObject({ id: Id, answers: z.array(z.number().int().nonnegative()).max(50) }))
    .max(50)
    .default([]),
  /**
   * A catering order's number of guests: each per-person item's quantity (domain head-count.ts; the
   * server derives those quantities from it and never takes the lines' own). Ignored outside catering.
   */
  headCount: z.number().int().min(1).max(MAX_HEAD_COUNT).nullable().optional(),
  /** A suite order: its delivery preference (contracts/suites.ts). */
  suitesInfo: SuitesInfo.nullable().optional(),
});
export type OrderCheckout = z.infer<typeof OrderCheckout>;

export const PlaceOrderRequest = z
  .strictObject({
    type: z.enum(PLACEABLE_ORDER_TYPES),
    data: z.strictObject({
      config: OrderConfig.default({ takeout: false, genericCatering: false }),
      items: z.array(CartItem).min(1).max(200),
      costs: SetCostsRequest.shape.costs,
      checkout: OrderCheckout,
      date: IsoDate.optional(),
    }),
    /** An operator placing the order for a suite (login-as): its operator session token (spec: operatorToken). */
    operatorToken: z.string().max(200).optional(),
  })
  .meta({ id: 'PlaceOrderRequest' });
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequest>;
/** What a client sends: fields with a default may be left out (the web's checkout builds this). */
export type PlaceOrderBody = z.input<typeof PlaceOrderRequest>;

export const OrderStatusSchema = z.enum(['placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled', 'refunded']);
export type OrderStatusSchema = z.infer<typeof OrderStatusSchema>;

/** A school order's child, as stored with the order (a snapshot: later profile edits do not change it). */
export const OrderStudent = z.object({
  id: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  school: z.string(),
  grade: z.string(),
  classroom: z.string(),
  teacher: z.string(),
});
export type OrderStudent = z.infer<typeof OrderStudent>;

/** A hub's vendor as its order keeps it (a snapshot): its name in each language the hub offers. */
export const OrderVendor = z.object({
  id: z.number().int().nullable(),
  slug: z.string().nullable(),
  name: z.string(),
  names: z.partialRecord(z.enum(['en-CA', 'fr-CA']), z.string()),
});
export type OrderVendor = z.infer<typeof OrderVendor>;

/** One partial refund of an order: by lines (their ids and units) or a plain amount (`lines` empty). */
export const OrderRefund = z.object({
  id: z.string(),
  /** Cents given back to the card. */
  amount: z.number().int(),
  reason: z.string(),
  lines: z.array(z.object({ lineId: z.number().int(), quantity: z.number().int() })),
  at: z.string(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

const OrderLineName = z.object({ 'en-CA': z.string(), 'fr-CA': z.string() });

export const OrderView = z
  .object({
    id: z.string(),
    number: z.number().int(),
    status: OrderStatusSchema,
    type: z.string(),
    placed_at: z.string(),
    /** ISO instant; null for dine-in. */
    pickup_time: z.string().nullable(),
    scheduled: z.boolean(),
    items: z.array(CartItem),
    costs: Costs,
    contact: z.object({ full_name: z.string(), email: z.string().nullable(), phone_number: z.string().nullable() }),
    payment: z.object({
      method: z.enum(PAYMENT_METHODS).nullable(),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      reference: z.string().nullable(),
      /**
       * The processor's payment reference (card or wallet), the one support and the diner's bank
       * statement match; null when nothing was charged through the processor. Absent on older answers.
       */
      transaction: z.string().nullable().optional(),
      amount: z.number().int().nonnegative(),
      /**
       * False while the card is only kept, not charged: a suite's order (the owner's saved card, charged
       * when the suite's tab closes) or an order on an open tab. Absent once charged, or when no card was.
       */
      captured: z.literal(false).optional(),
    }),
    delivery: OrderDelivery.nullable(),
    tableNum: z.string().nullable(),
    /** A generic catering order's table location ("Salle Champlain 2", from generic_table_locations); null otherwise. */
    tableLocation: z.string().nullable().optional(),
    /** The diner's special instructions for a takeout, delivery or catering order (or a suite's notes); absent on older answers. */
    notes: z.string().optional(),
    /** Who holds the open tab this order went on; null when it was paid on its own. */
    tabOwner: z.string().nullable(),
    /** A catering order's number of guests (decision 0116); null or absent when it gave none. */
    headCount: z.number().int().nullable().optional(),
    /**
     * The diner's answers to the restaurant's custom questions (catering), each question and its chosen
     * options in both languages; absent on older answers.
     */
    answers: z.array(z.object({ id: z.number().int(), question: OrderLineName, answers: z.array(OrderLineName) })).optional(),
    /** Why the order was cancelled or refunded, as staff wrote it for the diner; null otherwise, absent on older answers. */
    cancelReason: z.string().nullable().optional(),
    /**
     * Partial refunds staff gave back, oldest first (POST /api/staff/orders/:id/refunds; decision 0103), and
     * their sum in cents; absent on older answers. A full refund is the order's `refunded` status instead.
     */
    refunds: z.array(OrderRefund).optional(),
    refundedAmount: z.number().int().optional(),
    /**
     * The account credit this order became when it was cancelled for credit (a signed-in diner's cancel
     * of a scheduled order, a school closure): its card's charge then stands. Only on the diner's own
     * order (GET /api/orders/:id) and on the restaurant's staff list (GET /api/staff/orders), absent otherwise.
     */
    credited: z.number().int().optional(),
    /** School orders (POST /api/orders/create-k12-order): the school day and the child; absent otherwise. */
    school: z.object({ date: IsoDate, student: OrderStudent, checkoutId: z.string() }).optional(),
    /** The event suite of a suite order; absent or null for any other order. */
    suite: OrderSuite.nullable().optional(),
    /** A marketplace hub's vendor order (POST /api/orders/create-marketplace-order): its vendor and the checkout it came from. */
    marketplace: z
      .object({
        checkoutId: z.string(),
        vendor: OrderVendor,
        /** The order's lines named at placement in each language (the confirmation lists them without the menus). */
        lines: z.array(z.object({ orderId: z.number().int(), quantity: z.number().int(), names: OrderVendor.shape.names })),
        /**
         * The hub checkout's one payment in cents, of which this order's `payment.amount` is this vendor's
         * part (0 when nothing was charged), and how many vendor orders it became; kept at placement,
         * absent on orders placed before (the receipt's status link opens one vendor's order: ordering/order/order-facts.tsx).
         */
        checkoutAmount: z.number().int().nonnegative().optional(),
        orderCount: z.number().int().positive().optional(),
      })
      .optional(),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof OrderView>;

export const PlaceOrderResponse = z.object({
  order: OrderView,
  /** The diner's secret for GET /api/orders/:id?token=… (confirmation screen). */
  access_token: z.string(),
  paymentNotRequired: z.boolean(),
  /** True when this answer repeats an order already placed with the same Idempotency-Key. */
  replayed: z.boolean(),
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

export const GetOrderParams = z.object({ id: z.uuid() });
export type GetOrderParams = z.infer<typeof GetOrderParams>;
export const GetOrderQuery = z.object({ token: z.string().min(16).max(100) });
export type GetOrderQuery = z.infer<typeof GetOrderQuery>;
/** A chosen option of a placed line, in the order the diner chose it; nested choices follow their parent with a larger depth. */
export const OrderLineOption = z.object({
  name: OrderLineName,
  quantity: z.number().int().positive(),
  depth: z.number().int().nonnegative(),
});
export type OrderLineOption = z.infer<typeof OrderLineOption>;
/** One line of a placed order, named in both languages (so a language switch needs no new request), with its amount in cents. */
export const OrderLine = z
  .object({
    orderId: z.number().int(),
    quantity: z.number().int().positive(),
    name: OrderLineName,
    options: z.array(OrderLineOption),
    amount: z.number().int(),
    instructions: z.string().nullable(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLine>;
/** The order and its named lines (items and options from the restaurant's menus; orders only keep ids). */
export const GetOrderResponse = z.object({
  order: OrderView,
  lines: z.array(OrderLine),
  /** The guest may cancel it now (the restaurant's guest_order_cancellation, a placed order before its pickup); absent: no. */
  guestCancellable: z.boolean().optional(),
  /** A suite order's event and suite by name; null or absent for any other order (or a venue that no longer lists them). */
  suitePlace: OrderSuitePlace.nullable().optional(),
  /**
   * The server's clock when it answered (ISO-8601): the status screen says "today" by it, not by the
   * browser's (web ordering/order/order-headline.ts); absent on older answers.
   */
  now: z.string().optional(),
});
export type GetOrderResponse = z.infer<typeof GetOrderResponse>;

/**
 * GET /api/restaurants/:restaurantId/orders/:id/receipt.pdf: the guest's secret (as GET /api/orders/:id
 * takes it) or, without one, the signed-in owner's session; `lang` the receipt's language (else the request's).
 */
export const ReceiptPdfQuery = z.object({
  token: GetOrderQuery.shape.token.optional(),
  lang: z.enum(['en-CA', 'fr-CA']).optional(),
});
export type ReceiptPdfQuery = z.infer<typeof ReceiptPdfQuery>;

/** POST /api/orders/:id/cancel: the order's secret, as GET /api/orders/:id takes it. */
export const CancelGuestOrderRequest = z.strictObject({ token: GetOrderQuery.shape.token });
export type CancelGuestOrderRequest = z.infer<typeof CancelGuestOrderRequest>;

/** GET /api/restaurants/:restaurantId/orders/:id/events?token=…: the order's status as server-sent events. */
export const OrderEventsParams = z.object({ restaurantId: z.string().max(100), id: z.uuid() });
export type OrderEventsParams = z.infer<typeof OrderEventsParams>;
/** The `data` of each `status` event. */
export const OrderStatusEvent = z.object({
  status: OrderStatusSchema,
  /** How many partial refunds staff have given so far (decision 0103): a new one means the order is worth reading again. */
  refunds: z.number().int().min(0),
  /**
   * When it is brought or ready (the order's pickup_time; null: as soon as possible). It changes with
   * the status unchanged when a suite order follows its event's moved times (decision 0130): the
   * order is then worth reading again.
   */
  pickup_time: z.string().nullable(),
});
export type OrderStatusEvent = z.infer<typeof OrderStatusEvent>;

const LocalLabel = z.object({ 'en-CA': z.string(), 'fr-CA': z.string() });

export const SchedulingRequest = z.object({
  type: z.enum(PLACEABLE_ORDER_TYPES),
  items: z.array(CartItem).max(200).default([]),
  /**
   * With no items, the menus a diner is browsing: the answer is the earliest any one of them takes
   * (a caterer's menus need days of notice; use-cases/menus/get-scheduling.ts). Ignored with items.
   */
  menus: z.array(Id).max(500).optional(),
  config: z
    .object({
      takeoutDateRange: z.strictObject({ start: IsoDate, end: IsoDate }).nullable().optional(),
      takeoutSpecificDates: z.array(IsoDate).max(366).nullable().optional(),
    })
    .optional(),
});
export type SchedulingRequest = z.infer<typeof SchedulingRequest>;

export const SchedulingSlot = z.object({
  start: z.string(),
  end: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** "11:00-11:15" */
  label: z.string(),
  /** "11:00 a.m. – 11:15 a.m." / "11 h 00 – 11 h 15", in the request's language. */
  localLabel: z.string(),
  remaining: z.number().int().nullable(),
});
export type SchedulingSlot = z.infer<typeof SchedulingSlot>;

export const SchedulingResponse = z.object({
  zone: z.string(),
  asap: z.object({
    available: z.boolean(),
    readyAt: z.string().nullable(),
    prepTime: z.object({ hours: z.number().int(), minutes: z.number().int() }),
    /** In the asked language: "45 min", "1 h 30 min", "2 days 1 h" (domain/scheduling.ts prepTimeLabel) */
    prepTimeLabel: z.string(),
    reason: z.string().nullable(),
  }),
  timeslots: z.boolean(),
  interval: z.number().int(),
  days: z.array(z.object({ date: z.string(), dateLabel: z.string(), slots: z.array(SchedulingSlot) })),
  reason: z.string().nullable(),
  labels: z.object({ asap: LocalLabel }),
  /**
   * A marketplace hub's cart (docs/decisions/0031-marketplace-orders.md): the times above are those
   * every vendor in the cart can take; a vendor that can take nothing at all is listed here with why
   * (the reason in the request's language, its own pause message included) and left out of them.
   * Its lines are refused if the cart is placed with them. Empty for any other restaurant.
   */
  vendors: z
    .array(
      z.object({
        vendorId: z.number().int().nullable(),
        error: z.enum(['VENDOR_PAUSED', 'VENDOR_CLOSED', 'TIMESLOT_FULL']),
        message: z.string(),
      }),
    )
    .default([]),
});
export type SchedulingResponse = z.infer<typeof SchedulingResponse>;

export const NotificationRequest = z.object({
  type: z.string().max(50).optional(),
  status: z.string().max(50).optional(),
  data: z.object({
    config: z.object({
      restaurantId: z.union([z.number().int(), z.string().max(100)]).optional(),
      checkNum: z
        .union([z.number().int().positive(), z.string().trim().max(64)])
        .nullable()
        .optional(),
      /** The order's access token (returned when it was placed); staff of the restaurant need none. */
      accessToken: z.string().max(200).optional(),
    }),
    checkout: z.object({ contact: z.object({ phone_number: z.string().max(40).default('') }) }),
    date: IsoDate.optional(),
  }),
});
export type NotificationRequest = z.infer<typeof NotificationRequest>;
export const NotificationResponse = z.object({ ok: z.literal(true), orderNumber: z.number().int(), phone: z.string() });
export type NotificationResponse = z.infer<typeof NotificationResponse>;

export const AnotherRoundParams = z.object({ id: z.uuid() });
export type AnotherRoundParams = z.infer<typeof AnotherRoundParams>;
export const AnotherRoundResponse = z.object({
  items: z.array(CartItem),
  tableInfo: z.object({ tableNum: z.string().nullable(), tableArea: z.string().nullable(), tableLocation: z.string().nullable() }),
});
export type AnotherRoundResponse = z.infer<typeof AnotherRoundResponse>;

/** GET /api/dev/outbox (development only): `restaurant` id, `limit` 1-200 (default 50). */
export const OutboxQuery = z.object({
  restaurant: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      restaurant_id: z.number().int(),
      channel: z.enum(['email', 'sms']),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      locale: z.string(),
      order_id: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type OutboxResponse = z.infer<typeof OutboxResponse>;

/**
 * GET /api/auth/orders/events: the signed-in diner's orders still in progress, as server-sent events
 * (docs/decisions/0113-diner-order-status-stream.md). The `data` of each `status` event: one order's
 * status, first where each stands, then each change; a `done` event ends it once none is left moving.
 */
/**
 * One of the diner's orders as it stands: its status and when it is ready or brought (a suite order's
 * time moves with its event's: apps/api/src/use-cases/suites/event-start-moves.ts), so a page reads
 * the order again when that time changes.
 */
export const DinerOrderStatusEvent = z.object({
  orderId: z.string(),
  status: OrderStatusSchema,
  pickup_time: z.string().describe('ISO-8601 date and time').nullable(),
});
/** `restaurant` (a slug or id): only the orders placed there, for a restaurant's own pages; without it, every restaurant's, as the profile lists them. */
export const DinerOrderEventsQuery = z.object({ restaurant: z.string().min(1).max(100).optional() });
export type DinerOrderEventsQuery = z.infer<typeof DinerOrderEventsQuery>;
export type DinerOrderStatusEvent = z.infer<typeof DinerOrderStatusEvent>;
