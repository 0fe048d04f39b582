/**
 * The restaurant staff's order calls. A staff member is a user linked to the
 * restaurant (restaurant_staff); the restaurant is the request's (X-Restaurant-Id).
 *
 * - GET /api/staff/orders?status=: today's and upcoming orders (by pickup time, or placing time when there is
 *   none, on the restaurant's calendar), oldest first, each with the statuses it may move to.
 * - POST /api/staff/orders/:id/status {status}: one move of the lifecycle table
 *   (domain/order-lifecycle.ts). Completing an order whose card was only authorised (an open tab)
 *   captures it; cancelling voids an authorisation or refunds a capture; refunding refunds. Both
 *   need a reason (400 ORDER_STATUS_REASON_REQUIRED without one).
 *   Asking for the status the order already has changes nothing and answers the order (a retry is
 *   harmless); any other move outside the table is 409 ORDER_STATUS_CHANGE_NOT_ALLOWED. Refunding
 *   (whole) is for owners and managers: the staff role gets 403 REFUND_ROLE_NOT_ALLOWED.
 * - POST /api/staff/orders/:id/refunds (and .../preview): a partial refund, by line or amount
 *   (`PartialRefundRequest`; docs/decisions/0103-partial-refunds.md).
 */
import { z } from 'zod';
import { DELIVERY_STATES } from '@servery/domain/delivery-retries';
import { OrderRefund, OrderStatusSchema, OrderView } from './orders';

export const StaffOrdersQuery = z.object({ status: OrderStatusSchema.optional() });
export type StaffOrdersQuery = z.infer<typeof StaffOrdersQuery>;

/** One line of the kitchen ticket: the item and its choices named in the caller's language. */
export const StaffOrderLine = z.object({
  quantity: z.number().int(),
  name: z.string(),
  options: z.array(z.string()),
  instructions: z.string().nullable(),
  /** The line's id in the order (a line refund names it) and its amount in cents before order-wide reductions; absent on older answers. */
  line_id: z.number().int().optional(),
  amount: z.number().int().optional(),
  /** The kitchen station that makes it (its section's; decision 0107) and whether that station has bumped it. */
  station: z.string().optional(),
  bumped: z.boolean().optional(),
});
export type StaffOrderLine = z.infer<typeof StaffOrderLine>;

/**
 * Where one e-mail or text about the order stands: queued (not tried yet, or no relay configured:
 * the outbox), retrying (a failed attempt, another to come), sent, failed (given up).
 */
export const StaffOrderMessage = z.object({
  channel: z.enum(['email', 'sms']),
  status: z.enum(DELIVERY_STATES),
});
export type StaffOrderMessage = z.infer<typeof StaffOrderMessage>;

/**
 * A suite order's event and suite as the kitchen reads them (the order keeps only their ids): the
 * event's name in the caller's language, the suite's name and where it is in the venue.
 */
export const StaffOrderSuitePlace = z.object({ event: z.string(), suite: z.string(), location: z.string() });
export type StaffOrderSuitePlace = z.infer<typeof StaffOrderSuitePlace>;

export const StaffOrder = OrderView.extend({
  /** False while the card is only authorised (an open tab); null when no card was charged. */
  payment_captured: z.boolean().nullable(),
  /** The statuses this order may move to now, from the lifecycle table. */
  next_statuses: z.array(OrderStatusSchema),
  lines: z.array(StaffOrderLine),
  /** Why staff cancelled or refunded it, as they wrote it. */
  cancel_reason: z.string().nullable(),
  /** The receipts and texts about it, oldest first. */
  messages: z.array(StaffOrderMessage),
  /** A suite order's event and suite, named; null for any other order, or when the venue no longer lists them. */
  suite_place: StaffOrderSuitePlace.nullable(),
  /** Cents of the card's charge that a partial refund may still give back (0: none, e.g. no card charged, an open tab, a cancelled order). */
  refundable: z.number().int().optional(),
}).meta({ id: 'StaffOrder' });
export type StaffOrder = z.infer<typeof StaffOrder>;

export const StaffOrdersResponse = z.object({
  orders: z.array(StaffOrder),
  /** The server's clock when it answered (ISO): the board counts its tickets' ages on it, not on a tablet's own clock. */
  now: z.string(),
});
export type StaffOrdersResponse = z.infer<typeof StaffOrdersResponse>;

export const ChangeOrderStatusParams = z.object({ id: z.uuid() });
export type ChangeOrderStatusParams = z.infer<typeof ChangeOrderStatusParams>;
export const ChangeOrderStatusRequest = z.strictObject({
  status: OrderStatusSchema,
  /**
   * Why, kept with the order and its event: required (not blank) to cancel or refund
   * (domain/order-lifecycle.ts `needsReason`), else 400 ORDER_STATUS_REASON_REQUIRED; ignored otherwise.
   */
  reason: z.string().trim().max(200).optional(),
});
export type ChangeOrderStatusRequest = z.infer<typeof ChangeOrderStatusRequest>;

export const ChangeOrderStatusResponse = z.object({
  order: StaffOrder,
  /** What happened to the payment: captured, voided, refunded, or nothing. */
  payment_action: z.enum(['captured', 'voided', 'refunded', 'none']),
});
export type ChangeOrderStatusResponse = z.infer<typeof ChangeOrderStatusResponse>;

/**
 * GET /api/staff/orders/events?restaurant=: a text/event-stream of the restaurant's order events
 * (the session cookie signs it in, since a browser's EventSource sends no headers). It opens with
 * `event: ready` once events reach the server, then sends `event: order` with this body for each
 * order placed or moved, from any server process; the board reloads its orders on each.
 */
export const StaffOrderEventsQuery = z.object({ restaurant: z.string().min(1).max(100).optional() });
export type StaffOrderEventsQuery = z.infer<typeof StaffOrderEventsQuery>;
export const StaffOrderEvent = z.object({
  id: z.string(),
  order_id: z.string(),
  type: z.enum([
    'placed',
    'accepted',
    'preparing',
    'ready',
    'completed',
    'cancelled',
    'refunded',
    'partially_refunded',
    'station_bumped',
    'station_recalled',
    // When it is brought moved with its event's times (decision 0130): the board reads it again.
    'rescheduled',
  ]),
});
export type StaffOrderEvent = z.infer<typeof StaffOrderEvent>;

/**
 * POST /api/staff/orders/:id/refunds (owners and managers; decision 0103): give back part of a charged
 * order through the payment processor, either chosen lines (ids and units: the server computes the
 * amount from what they were charged, tax included) or a plain amount in cents, with a reason (1 to
 * 200 characters, no control characters). Idempotent by the Idempotency-Key header: the same key
 * answers the refund it made. POST .../refunds/preview takes the same body (reason optional) and says
 * what the refund would be, changing nothing.
 */
export const PartialRefundRequest = z.strictObject({
  lines: z
    .array(z.strictObject({ line_id: z.number().int().positive(), quantity: z.number().int().min(1).max(999) }))
    .min(1)
    .max(100)
    .optional(),
  amount: z.number().int().min(1).max(100_000_000).optional(),
  reason: z.string().max(400).optional(),
});
export type PartialRefundRequest = z.infer<typeof PartialRefundRequest>;

export const PartialRefundPreview = z.object({
  /** Cents the refund would give back. */
  amount: z.number().int(),
  /** Cents still refundable before it. */
  refundable: z.number().int(),
});
export type PartialRefundPreview = z.infer<typeof PartialRefundPreview>;

export const PartialRefundResponse = z.object({
  order: StaffOrder,
  refund: OrderRefund,
  /** True when the Idempotency-Key had made this refund already (nothing was given back again). */
  replayed: z.boolean(),
});
export type PartialRefundResponse = z.infer<typeof PartialRefundResponse>;

/**
 * POST /api/staff/orders/:id/stations/:station/bump and .../recall (every staff role; decision 0107):
 * the station's lines of the order are made (bump) or back to make (recall). A bump that leaves no
 * station with lines to make moves the order to ready in the same transaction; both are idempotent
 * (bumping a bumped station, recalling one not bumped, changes nothing and answers the order). Only
 * an order in the kitchen (accepted or preparing) is bumped; a ready one is recalled too, and goes
 * back to preparing: 409 STATION_ORDER_NOT_IN_KITCHEN otherwise; a station the order has no lines at
 * is 404 STATION_NOT_FOUND.
 */
export const StationBumpParams = z.object({
  id: z.uuid(),
  station: z.string().regex(/^[a-z][a-z0-9-]{0,29}$/),
});
export type StationBumpParams = z.infer<typeof StationBumpParams>;

/** One line only (its `line_id` on the board): a station makes an order's items one by one. Absent: every line of the station. */
export const StationBumpQuery = z.object({ line: z.coerce.number().int().positive().max(10_000).optional() });
export type StationBumpQuery = z.infer<typeof StationBumpQuery>;

export const StationBumpResponse = z.object({
  order: StaffOrder,
  /** Whether this call changed anything (false: the bump or recall was already so). */
  changed: z.boolean(),
});
export type StationBumpResponse = z.infer<typeof StationBumpResponse>;
