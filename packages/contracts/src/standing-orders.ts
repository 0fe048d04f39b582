/**
 * K-12 standing weekly orders and "repeat this week" (issue 30 item 3; docs/decisions/0118-standing-weekly-orders.md).
 *
 * - GET /api/auth/standing-orders: the signed-in parent's standing orders at this school, each with
 *   its coming school days (due, scheduled, skipped, paused) and what happened to past ones.
 * - PUT /api/auth/standing-orders/{studentId}: saves the child's weekly pattern (per weekday, the
 *   meals and their choices) and the saved card it pays with; `paused` pauses it. A pattern is kept
 *   per week of the school's rotation cycle: `fromWeek` fills the pattern of that week's rotation
 *   week; `pattern` fills `rotationWeek`'s, or every week's when none is named.
 * - PATCH /api/auth/standing-orders/{studentId}: another of the parent's saved cards, or paused.
 * - PUT /api/auth/standing-orders/{studentId}/weeks/{week}/days/{weekday}: one weekday's meals of one
 *   rotation week's pattern, changed, added or removed meal by meal (none: the day is left out),
 *   checked against that day's menus, the meals per day and the cart's own line pricing (nested
 *   choices too). It names the standing order's `version` the page read: another save in between
 *   (another tab, another window) is refused, 409 STANDING_ORDER_CHANGED, and nothing changes.
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

/** The most weeks a rotation's cycle is read for (a school's cycle is a few weeks). */
export const MAX_ROTATION_WEEKS = 12;
const RotationWeek = z.number().int().min(1).max(MAX_ROTATION_WEEKS);

export const StandingDayParams = StandingStudentParams.extend({
  /** The week of the rotation's cycle, from 1. */
  week: z.coerce.number().int().min(1).max(MAX_ROTATION_WEEKS),
  weekday: StandingWeekday,
});

/** A standing order's version as the page read it (`StandingOrderView.version`). */
const Version = z.number().int().min(0);

export const SaveStandingDayRequest = z
  .strictObject({
    /** The day's meals and extras with their choices (nested ones inside their value); none leaves the day out of that week's pattern. */
    lines: z.array(StandingLine).max(10),
    /** The version the page read: refused (409 STANDING_ORDER_CHANGED) when the order changed since. */
    version: Version,
  })
  .meta({ id: 'SaveStandingDayRequest' });
export type SaveStandingDayRequest = z.infer<typeof SaveStandingDayRequest>;

export const UpdateStandingOrderRequest = z
  .strictObject({
    /** Another of the parent's own saved cards. */
    paymentCardId: z.string().min(1).max(100).optional(),
    paused: z.boolean().optional(),
  })
  .refine((body) => body.paymentCardId !== undefined || body.paused !== undefined, {
    message: 'paymentCardId or paused',
    path: ['paymentCardId'],
  })
  .meta({ id: 'UpdateStandingOrderRequest' });
export type UpdateStandingOrderRequest = z.infer<typeof UpdateStandingOrderRequest>;

export const SaveStandingOrderRequest = z
  .strictObject({
    /** One of the parent's saved cards (`paymentMethods[].paymentCardId`). */
    paymentCardId: z.string().min(1).max(100),
    /** The pattern itself, or `fromWeek`: the child's orders of that week (any date of it), weekday by weekday. */
    pattern: StandingPattern.optional(),
    /** With `pattern`: the rotation week (from 1) it is for; none: every week of the cycle. */
    rotationWeek: RotationWeek.optional(),
    fromWeek: IsoDate.optional(),
    paused: z.boolean().default(false),
    /** The version of the standing order the page read, when there is one: refused (409 STANDING_ORDER_CHANGED) when it changed since. */
    version: Version.optional(),
  })
  .refine((body) => (body.pattern === undefined) !== (body.fromWeek === undefined), {
    message: 'pattern or fromWeek, one of them',
    path: ['pattern'],
  })
  .refine((body) => body.rotationWeek === undefined || body.pattern !== undefined, {
    message: 'rotationWeek goes with pattern (fromWeek is in a rotation week of its own)',
    path: ['rotationWeek'],
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
    /** One more at every change: a day's save sends it back (optimistic concurrency). */
    version: Version,
    paymentCardId: z.string(),
    /** The card on file as the parent knows it; null when it was removed (the job then records a failure). */
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /**
     * One pattern per week of the school's rotation cycle (week 1 first; one entry when the cycle is
     * a single week): the job places a date with its rotation week's pattern.
     */
    weeks: z.array(
      z.object({
        week: RotationWeek,
        pattern: StandingPattern,
        /** The pattern as the parent reads it: each weekday's lines named in the request's language. */
        days: z.array(
          z.object({
            weekday: StandingWeekday,
            lines: z.array(z.object({ name: z.string(), options: z.array(z.string()), quantity: z.number().int() })),
          }),
        ),
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

/** A choice group of an item on the day's menu; a value may hold groups of its own, offered once it is chosen. */
export interface StandingChoiceGroup {
  id: number;
  name: string;
  required: boolean;
  multiple: boolean;
  values: Array<{ id: number; name: string; price: number; groups: StandingChoiceGroup[] }>;
}
export const StandingChoiceGroup: z.ZodType<StandingChoiceGroup> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    required: z.boolean(),
    multiple: z.boolean(),
    values: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), groups: z.array(StandingChoiceGroup) })),
  }),
);

export const StandingMenuItem = z.object({
  id: z.number().int(),
  /** Where the item is on that day's menus (a line names it; the server checks it again). */
  menuId: z.number().int(),
  sectionId: z.number().int().nullable(),
  name: z.string(),
  /** Cents, before choices and subsidies. */
  price: z.number().int(),
  /** A meal package (counted in the school's meals per day). */
  meal: z.boolean(),
  groups: z.array(StandingChoiceGroup),
});
export type StandingMenuItem = z.infer<typeof StandingMenuItem>;

export const StandingOrdersResponse = z.object({
  standingOrders: z.array(StandingOrderView),
  /** The weeks (Mondays) the parent ordered for each child, from four weeks back: what can be repeated or made standing. */
  orderedWeeks: z.array(
    z.object({
      studentId: z.number().int(),
      week: IsoDate,
      days: z.number().int(),
      /** Its week of the rotation's cycle (from 1): the pattern it fills. */
      rotationWeek: RotationWeek,
    }),
  ),
  /** The school's rotation cycle: how many weeks, and today's week in it (from 1). */
  cycle: z.object({ weeks: z.number().int().min(1), current: RotationWeek }),
  /** The school's meals per child and day (null: no limit): a day's meal quantities add up to at most this. */
  mealsPerDay: z.number().int().nullable(),
  /**
   * What each weekday of each rotation week offers (the menus of that day in the cycle), for choosing
   * a pattern's meals from the menu: each item with its choices, named in the request's language.
   */
  menus: z.array(
    z.object({
      week: RotationWeek,
      weekday: StandingWeekday,
      items: z.array(StandingMenuItem),
    }),
  ),
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
