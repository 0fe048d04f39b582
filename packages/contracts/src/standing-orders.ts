/**
 * K-12 standing weekly orders and "repeat this week" (issue 30 item 3; docs/decisions/0118-standing-weekly-orders.md).
 *
 * - GET /api/auth/standing-orders: the signed-in parent's standing orders at this school, each with
 *   its coming school days (due, scheduled, skipped, paused) and what happened to past ones.
 * - PUT /api/auth/standing-orders/{studentId}: saves the child's weekly pattern (per weekday, the
 *   meals and their choices) and the saved card it pays with; `paused` pauses it.
 * - POST /api/auth/standing-orders/{studentId}/skip: skips (or unskips) one day or one week (its Monday).
 * - DELETE /api/auth/standing-orders/{studentId}: deletes it (what it placed stays placed).
 * - POST /api/auth/school/repeat-week: a week the parent ordered for a child, moved to the next open
 *   week as day carts (the same items and choices where still on that day's menus, freshly priced);
 *   what could not go in is named. The carts are for the parent to review and pay.
 * - POST /api/dev/standing-orders/run (DEV_ROUTES only): runs the job now, on the server's clock.
 */
import { z } from 'zod';
import { CartItem } from './cart';
import { RotationalMenuOrder } from './school';

const IsoDate = z.iso.date();

export const STANDING_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const StandingWeekday = z.enum(STANDING_WEEKDAYS);
export type StandingWeekday = z.infer<typeof StandingWeekday>;

/** One meal or extra of the pattern: an item on the menu with its choices. */
export const StandingLine = CartItem.pick({ id: true, menu_id: true, section_id: true, quantity: true, orderOptions: true });
export type StandingLine = z.infer<typeof StandingLine>;

export const StandingPattern = z.partialRecord(StandingWeekday, z.array(StandingLine).max(10));
export type StandingPattern = z.infer<typeof StandingPattern>;

export const StandingStudentParams = z.object({ studentId: z.coerce.number().int().positive() });

export const SaveStandingOrderRequest = z
  .strictObject({
    /** One of the parent's saved cards (`paymentMethods[].paymentCardId`). */
    paymentCardId: z.string().min(1).max(100),
    /** The pattern itself, or `fromWeek`: the child's orders of that week (any date of it), weekday by weekday. */
    pattern: StandingPattern.optional(),
    fromWeek: IsoDate.optional(),
    paused: z.boolean().default(false),
  })
  .refine((body) => (body.pattern === undefined) !== (body.fromWeek === undefined), {
    message: 'pattern or fromWeek, one of them',
    path: ['pattern'],
  })
  .meta({ id: 'SaveStandingOrderRequest' });
export type SaveStandingOrderRequest = z.input<typeof SaveStandingOrderRequest>;

export const SkipStandingRequest = z
  .strictObject({
    /** A day, or a week (any date of it: its Monday is kept). */
    date: IsoDate,
    scope: z.enum(['day', 'week']),
    skip: z.boolean(),
  })
  .meta({ id: 'SkipStandingRequest' });
export type SkipStandingRequest = z.infer<typeof SkipStandingRequest>;

export const StandingPlacementView = z.object({
  date: IsoDate,
  status: z.enum(['placing', 'placed', 'failed']),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  /** The failure's stable name, and its message in the request's language. */
  error: z.string().nullable(),
  message: z.string().nullable(),
});
export type StandingPlacementView = z.infer<typeof StandingPlacementView>;

export const StandingUpcomingDay = z.object({
  date: IsoDate,
  /** due: placed at the job's next run; scheduled: placed later, before its cut-off. */
  state: z.enum(['due', 'scheduled', 'skipped', 'paused', 'handled']),
});
export type StandingUpcomingDay = z.infer<typeof StandingUpcomingDay>;

export const StandingOrderView = z
  .object({
    id: z.string(),
    studentId: z.number().int(),
    paymentCardId: z.string(),
    /** The card on file as the parent knows it; null when it was removed (the job then records a failure). */
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    pattern: StandingPattern,
    /** The pattern as the parent reads it: each weekday's lines named in the request's language. */
    days: z.array(
      z.object({
        weekday: StandingWeekday,
        lines: z.array(z.object({ name: z.string(), options: z.array(z.string()), quantity: z.number().int() })),
      }),
    ),
    paused: z.boolean(),
    skippedDates: z.array(IsoDate),
    skippedWeeks: z.array(IsoDate),
    upcoming: z.array(StandingUpcomingDay),
    /** Newest first. */
    history: z.array(StandingPlacementView),
  })
  .meta({ id: 'StandingOrderView' });
export type StandingOrderView = z.infer<typeof StandingOrderView>;

export const StandingOrdersResponse = z.object({
  standingOrders: z.array(StandingOrderView),
  /** The weeks (Mondays) the parent ordered for each child, from four weeks back: what can be repeated or made standing. */
  orderedWeeks: z.array(z.object({ studentId: z.number().int(), week: IsoDate, days: z.number().int() })),
});
export type StandingOrdersResponse = z.infer<typeof StandingOrdersResponse>;
export const StandingOrderResponse = z.object({ standingOrder: StandingOrderView });
export type StandingOrderResponse = z.infer<typeof StandingOrderResponse>;

export const RepeatWeekRequest = z
  .strictObject({
    studentId: z.number().int().positive(),
    /** Any date of the week ordered (its Monday is used). */
    week: IsoDate,
  })
  .meta({ id: 'RepeatWeekRequest' });
export type RepeatWeekRequest = z.infer<typeof RepeatWeekRequest>;

export const RepeatWeekResponse = z
  .object({
    /** The Monday of the week filled; null when no open week was found. */
    week: IsoDate.nullable(),
    /** The day carts to put in the parent's cart (priced now; the cart prices them again). */
    orders: z.array(RotationalMenuOrder),
    leftOut: z.array(
      z.object({
        date: IsoDate,
        /** The item's name in the request's language. */
        item: z.string(),
        reason: z.enum(['NOT_ON_MENU', 'NO_SCHOOL', 'MAX_MEALS_PER_CART', 'ITEM_UNAVAILABLE']),
      }),
    ),
  })
  .meta({ id: 'RepeatWeekResponse' });
export type RepeatWeekResponse = z.infer<typeof RepeatWeekResponse>;

export const RunStandingOrdersResponse = z.object({ placed: z.number().int(), failed: z.number().int() });
export type RunStandingOrdersResponse = z.infer<typeof RunStandingOrdersResponse>;
