/**
 * What an order type is (ARCHITECTURE.md "Order types and verticals"; docs/decisions/0056-checkout-pipeline.md):
 * a policy the one checkout pipeline consults (apps/api/src/use-cases/checkout/place-checkout.ts) and
 * the plan's common steps (plan-order.ts) call into. Pure data and pure functions; each module beside
 * this one is one type, with a table of cases in its test. A new order type is a new module here and
 * its row in index.ts, never a flag read by a shared step.
 */
import type { HolidayHours, HoursRange } from '../opening-hours';
import type { OrderNumbering, OrderType } from '../order-type';
import type { Draft, PlanError, PlanInput, PlanRestaurant } from '../plan-order';
import type { OrderFacts } from '../pricing';

/** The plan's steps, in the order a diner is told what is wrong (plan-order.ts `PLAN_STEPS`). */
export type PlanStepName =
  | 'sign-in'
  | 'cart rules'
  | 'table'
  | 'contact'
  | 'custom questions'
  | 'delivery'
  | 'table location'
  | 'suite'
  | 'when'
  | 'tab'
  | 'payment';

export type PlanStep = (input: PlanInput, draft: Draft) => PlanError | null;

/** What admitting an order reads of the restaurant, before anything is priced. */
export interface AdmitRestaurant {
  orders_paused: boolean;
  asap_paused?: boolean | undefined;
  hours: readonly HoursRange[];
  holiday_hours: readonly HolidayHours[];
  zone: string;
  /** A marketplace hub (tenant file `marketplaceHub`); absent means no. */
  marketplaceHub?: boolean | undefined;
}

/** A pause as the menu screen and admission read it (`orders_paused`, `asap_paused`). */
export type PauseState = Pick<AdmitRestaurant, 'orders_paused' | 'asap_paused'>;

/**
 * How a cart becomes orders: one order; one per school day and student (school-order.ts); one per
 * vendor of a hub (marketplace.ts). The pipeline prices and drafts each shape its own way.
 */
export type CheckoutSplit = 'one' | 'per-school-day-and-student' | 'per-vendor';

/**
 * The capacity checked again under its lock inside the commit's transaction: the requested slot's
 * limit; a school day's meals per student; each vendor's slot; the suite's tab limit.
 */
export type CapacityRule = 'slot' | 'school-day-meals' | 'vendor-slots' | 'suite-tab';

/**
 * How it is paid: charged at placement (an open table tab is authorised only); or kept on the
 * event suite's tab, charged to the owner's saved card or invoiced when the tab closes.
 */
export type PaymentTiming = 'now' | 'suite-tab';

/** Its receipt e-mail and its answer: one order's, or the checkout's over its school days or vendors. */
export type CheckoutAnswer = 'order' | 'school-checkout' | 'marketplace-checkout';

export interface OrderTypePolicy {
  /** The policy's own name (its module's), for logs and tests. */
  readonly name: string;
  /** Where the order is stored: the `order_type` column of its row. */
  readonly storedAs: OrderType;
  /** Pricing's facts of pricing.md 3 and 5.5 that come with the type (delivery is the diner's choice). */
  readonly facts: Pick<OrderFacts, 'isPreOrder' | 'isEventDay' | 'isCatering'>;
  /** Placed ahead of the day it is for: on-demand-only menus are not offered (menu-visibility.ts). */
  readonly placedAhead: boolean;
  /** Takes a later slot while closed or ASAP-paused (docs/decisions/0027-ordering-ahead.md); the menu screen asks. */
  readonly ordersAhead: boolean;
  /** May be delivered (checkout.pickup.delivery) rather than picked up. */
  readonly allowsDelivery: boolean;
  /** May go on an open tab where the restaurant keeps tabs (`allow_open_tab`). */
  readonly allowsTab: boolean;
  /**
   * What its time means to the diner: 'time', a time they chose (or as soon as possible) at which they
   * collect it or have it brought, so "text me when it's ready" means something; 'day', brought on its
   * day with the day's others (a school's lunches): its stored time (noon, plan-helpers.ts) is no one's
   * and no one waits for it, so the status screen names the day and offers no text (web order-facts.tsx).
   */
  readonly schedule: 'time' | 'day';
  /** Whether this pause stops the type (order-type.ts `pausedFor`, asked by the menu screen too). */
  paused(restaurant: PauseState): boolean;
  /** Who may place it and whether the restaurant takes it now, before anything is priced. */
  admit(restaurant: AdmitRestaurant, now: Date): PlanError | null;
  readonly split: CheckoutSplit;
  /** Its own planning steps, each in its named place of the common ones (which it replaces there). */
  readonly steps: Partial<Readonly<Record<PlanStepName, PlanStep>>>;
  /** The contact fields the diner may leave out; absent: the restaurant's `hideGuestInfo`. */
  contactHidden?(restaurant: PlanRestaurant): { email: boolean; phone: boolean };
  /** Whether the card and the wallets are hidden at checkout; absent: never. */
  hidesCard?(restaurant: PlanRestaurant): boolean;
  readonly capacity: CapacityRule;
  readonly payment: PaymentTiming;
  readonly numbering: OrderNumbering;
  readonly answer: CheckoutAnswer;
}

/**
 * What most types share, spread first in their policy and overridden where they differ: one order,
 * no pricing fact of its own, the requested slot's capacity, paid now, the restaurant's counter,
 * answered as one order, no steps of its own.
 */
export const ONE_ORDER_PAID_NOW = {
  facts: { isPreOrder: false, isEventDay: false, isCatering: false },
  split: 'one',
  steps: {},
  capacity: 'slot',
  payment: 'now',
  numbering: 'restaurant_counter',
  answer: 'order',
} as const satisfies Partial<OrderTypePolicy>;
