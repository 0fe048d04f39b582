/**
 * K-12 school meals (spec ordering.md sections 3, 4, 5, 7 and 9; accounts-and-suites.md 4, 5 and 9;
 * docs/k12-school-meals.md). Amounts are integer cents; dates are yyyy-MM-dd in the restaurant's zone.
 *
 * GET /api/rotational-menus?start_date&end_date&ordering_menus=true: `RotationalMenusResponse`, the
 * school days of the range with the rotation's menu ids (the menus themselves come from the menus call).
 *
 * A school cart is `rotationalMenuOrders`: one entry per (date, student), each its own cart of
 * `CartItem` lines (packages/contracts/src/cart.ts). `studentId` is one of the signed-in parent's
 * students (user.students[].id); another user's student, or one at another school, is refused as
 * STUDENT_NOT_FOUND (404), exactly like a missing one. A guest (only where `k12RequiresLogin` is false) sends `studentId: null` and names
 * the child in `checkout.delivery` (type "school": student, school, grade, classroom, teacher).
 *
 * POST /api/orders/set-k12-costs, body `SetK12CostsRequest`, answer `SetK12CostsResponse`. A call of
 * its own rather than set-costs with `rotationalMenuOrders`: set-costs answers ONE cart's costs on a
 * hot path with compiled parsers (docs/decisions/0019-cart-pricing-hot-path.md), while a school
 * checkout answers many carts, the checkout's total, dropped dates and meal-limit breaches; both price
 * through the same function (apps/api/src/use-cases/cart/set-costs.ts, packages/domain/src/pricing.ts).
 * - Each entry is checked: a date that is not an orderable school day (weekend, holiday, closure,
 *   after the end of the school year, too far ahead) is refused with NOT_A_SCHOOL_DAY; an item not on
 *   that date's rotation menus with ITEM_NOT_ON_DAY_MENU (both 400, `details[0].path` names the
 *   entry: "rotationalMenuOrders.<index>"); stale lines with 415/426/428 like set-costs.
 * - Entries whose date has passed the cut-off are NOT refused: they are left out of `orders` and
 *   listed in `dropped`, with `droppedMessage` for the screen; the totals are those of what is left.
 * - Meals per day: `maxMealsPerCart` and `minMealsPerCart` count the meal-package items of one
 *   student on one school day, together with the meals that student already has in open school orders
 *   that day; breaches are listed in `mealLimits` (placing refuses them: MAX_MEALS_PER_CART /
 *   MIN_MEALS_PER_CART, 409).
 * - Tenders: a promo code's percentage applies to each day, a dollar promo code is spent across the
 *   days in date order; the subsidy (the parent's saved code, or `costs.subsidyDiscount.code`) applies
 *   per day's cart (a "meals" subsidy to meal packages only; `chosenAmountToBePaid` is per day); a
 *   percentage tip applies per day, a dollar tip to the first day; the gift card and the account
 *   credits are spent over the days in date order. So each day's `costs` is exactly what that order
 *   will store, and `total.amountDue` (the sum of the days' `amountDue`) is what the card is charged.
 * - A tender that cannot be applied is left out and reported in `rejected` (as set-costs does): a
 *   `costs.subsidyDiscount.code` that is not the school's (SUBSIDY_CODE_NOT_FOUND), or sent by a guest
 *   where codes are for signed-in users (SUBSIDY_CODE_SIGN_IN_REQUIRED, whatever the code); placing
 *   with such a code is refused with the same error.
 *
 * POST /api/orders/create-k12-order, header `Idempotency-Key` (like POST /api/orders), body
 * `CreateK12OrderRequest`, answer `CreateK12OrderResponse` (201; 200 with `replayed: true` when the
 * same key and the same body come again; the same key with another body: 409 IDEMPOTENCY_KEY_REUSED).
 * One transaction: every entry checked as above (a date past the cut-off is refused here with
 * K12_DATE_PAST_CUTOFF, 409, whose error envelope's `costs` is the fresh `SetK12CostsResponse` with
 * `dropped` and `droppedMessage`: show it and let the parent confirm again), the meal
 * limits re-counted under a lock per (student, date), tenders spent, ONE payment of
 * `total.amountDue` (saved card `checkout.chosenCreditCard`, new card `checkout.card.token`,
 * or nothing when credits/gift card/subsidy cover it), then one `placed` school order per entry, each
 * with its own number and access token, listed by POST /api/auth/orders/get-scheduled-orders and
 * cancellable for credit (PUT /api/auth/orders/cancel-scheduled-order/{id}) until its date's cut-off,
 * after which the answer is 443 SCHEDULED_ORDER_NOT_CANCELLABLE. Signed out where K-12 requires
 * login: 401 K12_LOGIN_REQUIRED (also from set-k12-costs).
 *
 * Students: `Student` and `StudentRequest` in accounts.ts carry `allergens` (a subset of the spec's
 * allergen list `STUDENT_ALLERGENS`), stored and returned by POST/PUT /api/auth/students.
 *
 * Staff: GET /api/staff/school/production.csv?date=yyyy-MM-dd (signed-in staff of the restaurant
 * only, else 403 STAFF_ONLY): text/csv, one row per (item, school, grade, classroom, teacher) with
 * the meal count. GET /api/staff/school/production?date= answers the same list for the screen
 * (`ProductionListResponse`: each item's total, each class's items), the date today by default.
 */
import { z } from 'zod';
import { ALLERGENS } from '@servery/domain/menu-search';
import { CartItem, Costs, RejectedTender, SetCostsRequest } from './cart';
import { CheckoutTotal } from './checkout';
import { OrderCheckout, OrderStudent, OrderView } from './orders';

const IsoDate = z.iso.date();
const Cents = z.number().int().nonnegative();

export const RotationalMenusQuery = z.object({
  // Optional here so that a missing date gets the spec's no-date-range error, not a generic one.
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
  /** true: only the days that can still be ordered (not past the cut-off). */
  ordering_menus: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type RotationalMenusQuery = z.infer<typeof RotationalMenusQuery>;

export const SchoolDay = z.object({
  date: z.iso.date(),
  /** The rotation's menus that day (ids of the restaurant's school menus). */
  menu_ids: z.array(z.number().int()),
  /** False once the day is past the cut-off: shown, but ordering is closed. */
  orderable: z.boolean(),
});
export type SchoolDay = z.infer<typeof SchoolDay>;

/** One item of the range's menus, one unit with its default choices, for the diner asking. */
export const RotationalItemPrice = z.object({
  itemId: z.number().int(),
  menuId: z.number().int(),
  /** Cents before any subsidy (after the item's own promos). */
  price: Cents,
  /** Cents with this diner's subsidy (the saved subsidy code of a signed-in parent); equal to `price` without one. */
  subsidized: Cents,
});
export type RotationalItemPrice = z.infer<typeof RotationalItemPrice>;

export const RotationalMenusResponse = z.object({
  /**
   * The server's clock as it answered: the week shown by default follows it (web lib/clock.tsx
   * `useAdoptServerTime`), not a phone's clock that may be a day or a week off. Always sent; optional
   * so an answer without it (a test's stub, an older server) still parses.
   */
  now: z.iso.datetime({ offset: true }).optional(),
  /** Orders for anything before this instant are closed. */
  cutoff: z.iso.datetime({ offset: true }),
  /** The restaurant's zone, in which every date is read. */
  zone: z.string(),
  days: z.array(SchoolDay),
  /**
   * The items of the days' menus priced for the diner (spec: adding or deleting a subsidy code
   * reprices the rotational menus): fetch again after POST /api/auth/add-subsidy-code or
   * delete-subsidy-code. An item whose choices have no defaults is left out (show its menu price).
   */
  prices: z.array(RotationalItemPrice).optional(),
  /**
   * For a signed-in parent: the meal packages already in open orders for each of their children on
   * these days (every order of the child counts toward the day's maxMealsPerCart), so the week shows
   * them and refuses a meal over the limit before it is chosen. Absent for a guest.
   */
  booked: z.array(z.object({ date: z.iso.date(), studentId: z.number().int(), meals: z.number().int().nonnegative() })).optional(),
});
export type RotationalMenusResponse = z.infer<typeof RotationalMenusResponse>;

/**
 * GET /api/school-calendar?start_date&end_date&student_id (a signed-in parent; docs/decisions/
 * 0115-k12-month-calendar.md): every date of the range (at most 62 days) for one of the parent's own
 * children (the first when `student_id` is left out), each with its state, when ordering for it
 * closes or opens, and the meals already ordered for that child that day (counted as the week and
 * the checkout count them, against `max_meals`).
 */
export const SchoolCalendarQuery = z.object({
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
  student_id: z.coerce.number().int().positive().optional(),
});
export type SchoolCalendarQuery = z.infer<typeof SchoolCalendarQuery>;

export const SchoolCalendarDayState = z.enum(['weekend', 'school_closed', 'no_menu', 'not_open_yet', 'ordering_closed', 'open']);
export type SchoolCalendarDayState = z.infer<typeof SchoolCalendarDayState>;

export const SchoolCalendarDay = z.object({
  date: IsoDate,
  state: SchoolCalendarDayState,
  /** The first instant it can no longer be ordered (null: not a day to order for by any clock). */
  closes_at: z.iso.datetime({ offset: true }).nullable(),
  /** `not_open_yet`: the instant it comes within the days the school takes orders ahead. */
  opens_at: z.iso.datetime({ offset: true }).nullable(),
  /** Meal packages in the child's open orders that day (every order counts toward max_meals). */
  meals: z.number().int().nonnegative(),
  /** What those orders hold, named in the request's language. */
  items: z.array(z.object({ name: z.string(), quantity: z.number().int().positive() })),
});
export type SchoolCalendarDay = z.infer<typeof SchoolCalendarDay>;

export const SchoolCalendarResponse = z.object({
  zone: z.string(),
  /** Orders for anything before this instant are closed. */
  cutoff: z.iso.datetime({ offset: true }),
  /** maxMealsPerCart: the meals a child may have on one school day (null: no limit). */
  max_meals: z.number().int().nullable(),
  /** The parent's children at this school, in the order they were added. */
  students: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })),
  /** The child the days are for; null when the parent has none yet (the days carry no meals). */
  student_id: z.number().int().nullable(),
  days: z.array(SchoolCalendarDay),
});
export type SchoolCalendarResponse = z.infer<typeof SchoolCalendarResponse>;

/** The spec's allergens (ordering.md section 9), the values a student's `allergens` may hold. */
export const STUDENT_ALLERGENS = ALLERGENS;
export const StudentAllergen = z.enum(STUDENT_ALLERGENS);
export type StudentAllergen = z.infer<typeof StudentAllergen>;

/** The most entries one school checkout may hold (dates x students). */
export const MAX_K12_ENTRIES = 100;

/** One cart of the school checkout: a date and the student it is for. */
export const RotationalMenuOrder = z.strictObject({
  date: IsoDate,
  /** The cart's local sequence number (rotationalMenuOrders[].orderId), echoed back. */
  orderId: z.number().int().positive(),
  /** The parent's student; null for a guest (the child is named in checkout.delivery). */
  studentId: z.number().int().positive().nullable(),
  items: z.array(CartItem).min(1).max(50),
});
export type RotationalMenuOrder = z.infer<typeof RotationalMenuOrder>;

const Entries = z.array(RotationalMenuOrder).min(1).max(MAX_K12_ENTRIES);

export const SetK12CostsRequest = z.strictObject({
  rotationalMenuOrders: Entries,
  /** The diner's choices, as set-costs takes them (discount code, voucher, subsidy, tip, member). */
  costs: SetCostsRequest.shape.costs,
});
export type SetK12CostsRequest = z.infer<typeof SetK12CostsRequest>;
/** What a client sends (defaults may be left out). */
export type SetK12CostsBody = z.input<typeof SetK12CostsRequest>;

/** The child an order is for, as stored with the order (OrderView.school.student). */
export const K12Student = OrderStudent;
export type K12Student = OrderStudent;

export const PricedRotationalOrder = z.object({
  date: IsoDate,
  orderId: z.number().int(),
  studentId: z.number().int().nullable(),
  /** The lines as the server prices them (fresh prices). */
  items: z.array(CartItem),
  costs: Costs,
});
export type PricedRotationalOrder = z.infer<typeof PricedRotationalOrder>;

export const DroppedRotationalOrder = z.object({
  date: IsoDate,
  orderId: z.number().int(),
  studentId: z.number().int().nullable(),
});
export type DroppedRotationalOrder = z.infer<typeof DroppedRotationalOrder>;

export const MealLimitBreach = z.object({
  date: IsoDate,
  studentId: z.number().int().nullable(),
  error: z.enum(['MAX_MEALS_PER_CART', 'MIN_MEALS_PER_CART']),
  limit: z.number().int(),
  /** Meals that day for that student: this cart plus open orders already placed. */
  meals: z.number().int(),
  message: z.string(),
});
export type MealLimitBreach = z.infer<typeof MealLimitBreach>;

export const SetK12CostsResponse = z.object({
  /** The entries still orderable, in date order then student, each priced on its own. */
  orders: z.array(PricedRotationalOrder),
  total: CheckoutTotal,
  /** Entries left out because their date passed the cut-off (spec: dropped and costs recalculated). */
  dropped: z.array(DroppedRotationalOrder),
  /** "Ordering for … is closed; removed from your cart." in the request's language; null when none. */
  droppedMessage: z.string().nullable(),
  rejected: z.array(RejectedTender),
  mealLimits: z.array(MealLimitBreach),
  /** The cut-off used (orders before this instant are closed). */
  cutoff: z.iso.datetime({ offset: true }),
});
export type SetK12CostsResponse = z.infer<typeof SetK12CostsResponse>;

export const CreateK12OrderRequest = z
  .strictObject({
    type: z.literal('school').default('school'),
    data: z.strictObject({
      rotationalMenuOrders: Entries,
      costs: SetCostsRequest.shape.costs,
      /**
       * paymentMethod, card {token} or chosenCreditCard, contact, savePaymentMethodOnCheckout; for a
       * guest, delivery {type: 'school', student, school, grade, classroom, teacher}.
       */
      checkout: OrderCheckout,
    }),
  })
  .meta({ id: 'CreateK12OrderRequest' });
export type CreateK12OrderRequest = z.infer<typeof CreateK12OrderRequest>;
export type CreateK12OrderBody = z.input<typeof CreateK12OrderRequest>;

export const K12PlacedOrder = z.object({
  /** The stored order (its own number, items and costs; `type` "school"). */
  order: OrderView,
  date: IsoDate,
  student: K12Student,
  /** The diner's secret for GET /api/orders/:id?token=… of this order. */
  access_token: z.string(),
});
export type K12PlacedOrder = z.infer<typeof K12PlacedOrder>;

export const CreateK12OrderResponse = z
  .object({
    /** The checkout's id: every order of it carries it. */
    checkoutId: z.uuid(),
    orders: z.array(K12PlacedOrder),
    total: CheckoutTotal,
    payment: z.object({
      method: OrderView.shape.payment.shape.method,
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      amount: Cents,
    }),
    paymentNotRequired: z.boolean(),
    replayed: z.boolean(),
  })
  .meta({ id: 'CreateK12OrderResponse' });
export type CreateK12OrderResponse = z.infer<typeof CreateK12OrderResponse>;

/** GET /api/staff/school/production.csv */
export const ProductionListQuery = z.object({ date: IsoDate });
export type ProductionListQuery = z.infer<typeof ProductionListQuery>;

/** GET /api/staff/school/production: the same list on screen; `date` defaults to today in the school's zone. */
export const ProductionScreenQuery = z.object({ date: IsoDate.optional() });
export type ProductionScreenQuery = z.infer<typeof ProductionScreenQuery>;

const ProductionCount = z.object({ item: z.string().describe('In the request’s language'), quantity: z.number().int().positive() });
export const ProductionListResponse = z
  .object({
    date: IsoDate,
    zone: z.string(),
    /** To cook: each item's total that day, by name. */
    items: z.array(ProductionCount),
    /** To pack: each class (school, classroom, teacher, grade) with its items. */
    classes: z.array(
      z.object({
        school: z.string(),
        grade: z.string(),
        classroom: z.string(),
        teacher: z.string(),
        items: z.array(ProductionCount),
        total: z.number().int(),
      }),
    ),
    total: z.number().int().describe('Everything ordered for the day'),
  })
  .meta({ id: 'ProductionList' });
export type ProductionListResponse = z.infer<typeof ProductionListResponse>;
