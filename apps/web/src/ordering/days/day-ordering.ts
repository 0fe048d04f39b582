/**
 * Day carts: the ordering core's cart for orders placed ahead by day and diner (a school's meals, a
 * cart per school day and child; packages/domain/src/school-cart.ts holds their rules). The core
 * keeps them (use-day-carts.ts), saves them (day-cart-storage.ts), lists them (day-cart-list.tsx),
 * checks them out (day-checkout.tsx, day-guest-checkout.tsx) and places them (use-day-placement.ts).
 * What is the vertical's own plugs in here: the server calls that price and place the days, the rules
 * that refuse them, the diners' names, and its parts of checkout (the school's child per day and
 * subsidy code: features/school/school-ordering.tsx). docs/decisions/0093-day-carts-in-the-core.md.
 */
import type { CreateK12OrderBody, CreateK12OrderResponse, SetK12CostsResponse } from '@servery/contracts/school';
import type { CartItem } from '@servery/domain/cart';
import type { SchoolCartOrder } from '@servery/domain/school-cart';
import type { ComponentType, ReactNode } from 'react';
import type { ApiClient } from '../../lib/api';
import type { SessionCredentials } from '../../lib/session';

export type DayOrder = SchoolCartOrder;
export type DayCosts = SetK12CostsResponse;
export type PlacedDays = CreateK12OrderResponse;
export type DayOrdersBody = CreateK12OrderBody;
/** A line's item, by where it sits on the menu. */
export type LineRef = Pick<CartItem, 'id' | 'menu_id' | 'section_id'>;

export interface DayOrdering {
  /** Prices every (day, diner) cart, dropping the days the server would not price any more; `credentials` null: a guest. */
  price: (client: ApiClient, credentials: SessionCredentials | null, orders: DayOrder[], signal: AbortSignal) => Promise<DayCosts>;
  /** Places every day as its own order, with the attempt's Idempotency-Key. */
  place: (client: ApiClient, credentials: SessionCredentials | null, body: DayOrdersBody, idempotencyKey: string) => Promise<PlacedDays>;
  /** What else the price depends on (a subsidy code): a change prices the days again. */
  priceKey: readonly unknown[];
  /** Whether a line counts as a meal (the per-day and per-cart meal limits count only those). */
  isMeal: (line: LineRef) => boolean;
  /** Why the days cannot be placed as they stand (its own limits, those the server counted), or null. */
  refusal: (orders: readonly DayOrder[], priced: DayCosts | null) => string | null;
  lineName: (line: LineRef) => string;
  /** A line's chosen options as one text ("Apple juice, Apple slices"); empty when none. */
  lineOptions: (line: CartItem) => string;
  /** The heading of a diner's days ("For Léa Tremblay"); null: none chosen yet. */
  dinerHeading: (id: number | null) => string | null;
  /** The diner as the cart's buttons name them ("Remove one Tacos for Léa Tremblay, …"); null: none chosen yet. */
  dinerName: (id: number | null) => string | null;
}

/** The vertical's parts of a signed-in checkout. */
export interface DayCheckoutParts {
  /** Under each day's heading: which diner it is for (the school's child picker). */
  dayControl?: (order: DayOrder, failureShown: boolean) => ReactNode;
  /** Sections between the days and the payment (the school's subsidy code). */
  sections?: ReactNode;
  /** A day without its diner, said as checkout's failure before anything is sent; null: every day has one. */
  missingDiner?: (orders: readonly DayOrder[]) => string | null;
}

/**
 * The vertical's parts of a guest's checkout: the diner (`Diner`: the school's child, with school,
 * grade, classroom and teacher) is named first, then who to reach and a card.
 */
export interface DayGuestParts<Diner> {
  NameDiner: ComponentType<{ initial: Diner | null; onNamed: (diner: Diner) => void; onCancel: () => void }>;
  /** The heading of the named diner's days ("For Léa Tremblay"). */
  heading: (diner: Diner) => string;
  /** The named diner in the cart's buttons ("Léa Tremblay"). */
  name: (diner: Diner) => string;
  /** The named diner, as a line ("Léa Tremblay, Maple School, grade 3…"). */
  describe: (diner: Diner) => string;
  /** What the order says of the diner (the school's delivery: the child's name, school and class). */
  delivery: (diner: Diner) => NonNullable<DayOrdersBody['data']['checkout']>['delivery'];
  /** Between the contact and the payment: what a guest cannot do here (a subsidy code needs an account). */
  note?: ReactNode;
}
