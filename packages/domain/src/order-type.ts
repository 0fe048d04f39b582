/**
 * The order types of spec ordering.md section 1, and what each one means for placing an order: the
 * policy table the order pipeline consults (docs/decisions/0020-order-pipeline.md). A new vertical
 * (suite pre-order, event day, marketplace) adds a row here and, if it needs one, a step in
 * plan-order.ts; it never copies the pipeline.
 */
export const ORDER_TYPES = ['dine_in', 'take-out', 'school', 'catering', 'generic_catering'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export function isOrderType(value: unknown): value is OrderType {
  return typeof value === 'string' && (ORDER_TYPES as readonly string[]).includes(value);
}

/** The types POST /orders takes; school orders have their own call, POST /orders/create-k12-order (one order per date and student). */
export const PLACEABLE_ORDER_TYPES = ['dine_in', 'take-out', 'catering', 'generic_catering'] as const;
export type PlaceableOrderType = (typeof PLACEABLE_ORDER_TYPES)[number];

export function isPlaceable(type: OrderType): type is PlaceableOrderType {
  return (PLACEABLE_ORDER_TYPES as readonly string[]).includes(type);
}

/** How an order's number is drawn: today every type takes the restaurant's own counter. */
export type OrderNumbering = 'restaurant_counter';

export interface OrderTypePolicy {
  /** Placed ahead of the day it is for: on-demand-only menus are not offered (menu-visibility.ts). */
  placedAhead: boolean;
  /** Catering: the restaurant's catering minimum applies, and pricing.md 5.5 does not ask for payment up front. */
  catering: boolean;
  /** For now, at a table: needs a table number, is refused while the restaurant is closed, has no pickup time. */
  atTable: boolean;
  /**
   * Taken for a later slot of the schedule while the restaurant is closed or its orders are paused:
   * closing and a pause stop only "as soon as possible" (docs/decisions/0027-ordering-ahead.md).
   */
  ordersAhead: boolean;
  /** May go on an open tab where the restaurant keeps tabs (`allow_open_tab`). */
  allowsTab: boolean;
  /** May be delivered (checkout.pickup.delivery) rather than picked up. */
  allowsDelivery: boolean;
  /**
   * Reads the restaurant's generic catering settings (generic-catering.ts): sign-in required, pickup
   * offered, table locations, and `genericCateringHideCreditCard` hiding the card and the wallets.
   */
  genericCatering: boolean;
  /** Pre-order and event-day facts of pricing.md 5.5 (the suite policies below set them). */
  preOrder: boolean;
  eventDay: boolean;
  /**
   * Goes on an event suite's tab (SUITE_ORDER_POLICIES): counted against the suite's tab limit, paid
   * with the owner's saved card or invoiced when the tab closes, never charged at placement.
   */
  onSuiteTab: boolean;
  /** Where the order is stored: the `order_type` column of the order row. */
  storedAs: OrderType;
  numbering: OrderNumbering;
  /**
   * One order per school day (and student) out of one checkout: the meal limits count per day and
   * student, and each order's day is its date (school-order.ts), so the plan checks neither the
   * meals of the whole checkout nor a pickup slot.
   */
  perSchoolDay: boolean;
  /**
   * One order per vendor of a marketplace hub out of one cart and one payment (marketplace.ts): each
   * vendor's own pickup time, slot and capacity, its own pause and hours; the plan's "when" step
   * plans every vendor instead of the cart as a whole.
   */
  perVendor: boolean;
}

const BASE = {
  placedAhead: false,
  catering: false,
  atTable: false,
  ordersAhead: false,
  allowsTab: false,
  allowsDelivery: false,
  genericCatering: false,
  preOrder: false,
  eventDay: false,
  onSuiteTab: false,
  numbering: 'restaurant_counter',
  perSchoolDay: false,
  perVendor: false,
} as const satisfies Partial<OrderTypePolicy>;

export const ORDER_TYPE_POLICIES: Readonly<Record<OrderType, OrderTypePolicy>> = {
  dine_in: { ...BASE, atTable: true, allowsTab: true, storedAs: 'dine_in' },
  'take-out': { ...BASE, ordersAhead: true, allowsDelivery: true, storedAs: 'take-out' },
  school: { ...BASE, placedAhead: true, perSchoolDay: true, storedAs: 'school' },
  // Caterers deliver where their tenant sets `delivery` (its radius and charge), as take-out does.
  catering: { ...BASE, placedAhead: true, ordersAhead: true, catering: true, allowsDelivery: true, storedAs: 'catering' },
  generic_catering: {
    ...BASE,
    placedAhead: true,
    ordersAhead: true,
    catering: true,
    allowsDelivery: true,
    genericCatering: true,
    storedAs: 'generic_catering',
  },
};

export function orderTypePolicy(type: OrderType): OrderTypePolicy {
  return ORDER_TYPE_POLICIES[type];
}

/**
 * Whether a pause stops orders of this type (docs/decisions/0027-ordering-ahead.md). A pause of every
 * order (`orders_paused`) stops every type. An ASAP-only pause (`asap_paused`: the kitchen is swamped,
 * later slots still welcome) stops the orders that can only be "as soon as possible": those at a
 * table. The types that order ahead keep their later slots (the plan's "when" step refuses only
 * their ASAP), and school orders are for later days. The server (plan-order.ts `admitOrder`) and the
 * menu screen both ask this, so a diner at a table is told before filling a cart the server refuses.
 */
export function pausedFor(type: OrderType, restaurant: { orders_paused: boolean; asap_paused?: boolean | undefined }): boolean {
  if (restaurant.orders_paused) return true;
  return restaurant.asap_paused === true && ORDER_TYPE_POLICIES[type].atTable;
}

/** The one answer to "is this a catering order" (minimum amount, payment rules). */
export function isCateringOrder(type: OrderType): boolean {
  return ORDER_TYPE_POLICIES[type].catering;
}

/**
 * Suite orders (spec accounts-and-suites.md section 4, "Suite flow"): an order whose link names an
 * event suite. A pre-order is stored as catering (ordering.md section 4: pre-ordering gives catering)
 * and is placed ahead; an event-day order is placed during the event, for the suite, as dine-in.
 * Neither is at a table nor takes a pickup slot: the suite and its delivery preference say where and
 * when (plan-order.ts, step "suite").
 */
export const SUITE_ORDER_KINDS = ['pre_order', 'event_day'] as const;
export type SuiteOrderKind = (typeof SUITE_ORDER_KINDS)[number];

export const SUITE_ORDER_POLICIES: Readonly<Record<SuiteOrderKind, OrderTypePolicy>> = {
  pre_order: { ...BASE, placedAhead: true, catering: true, preOrder: true, onSuiteTab: true, storedAs: 'catering' },
  event_day: { ...BASE, eventDay: true, onSuiteTab: true, storedAs: 'dine_in' },
};

/**
 * A marketplace hub's order (POST /orders/create-marketplace-order): picked up at each vendor's
 * counter, ordered ahead like take-out, stored as take-out, one order per vendor.
 */
export const MARKETPLACE_ORDER_POLICY: OrderTypePolicy = { ...BASE, ordersAhead: true, perVendor: true, storedAs: 'take-out' };

/** The policy of an order: its suite kind's when it names an event suite, a hub's when split by vendor, else its type's. */
export function policyOf(type: OrderType, suite: SuiteOrderKind | null | undefined, marketplace = false): OrderTypePolicy {
  if (suite) return SUITE_ORDER_POLICIES[suite];
  return marketplace ? MARKETPLACE_ORDER_POLICY : ORDER_TYPE_POLICIES[type];
}
