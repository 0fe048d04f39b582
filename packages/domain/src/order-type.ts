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

/** The types POST /orders takes; school orders have their own call (one order per date). */
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
  /** May go on an open tab where the restaurant keeps tabs (`allow_open_tab`). */
  allowsTab: boolean;
  /** May be delivered (checkout.pickup.delivery) rather than picked up. */
  allowsDelivery: boolean;
  /** The restaurant's `genericCateringHideCreditCard` hides the card and the wallets for this type. */
  hidesCardWithGenericCateringSetting: boolean;
  /** Pre-order and event-day facts of pricing.md 5.5 (suites will set them). */
  preOrder: boolean;
  eventDay: boolean;
  /** Where the order is stored: the `order_type` column of the order row. */
  storedAs: OrderType;
  numbering: OrderNumbering;
}

const BASE = {
  placedAhead: false,
  catering: false,
  atTable: false,
  allowsTab: false,
  allowsDelivery: false,
  hidesCardWithGenericCateringSetting: false,
  preOrder: false,
  eventDay: false,
  numbering: 'restaurant_counter',
} as const satisfies Partial<OrderTypePolicy>;

export const ORDER_TYPE_POLICIES: Readonly<Record<OrderType, OrderTypePolicy>> = {
  dine_in: { ...BASE, atTable: true, allowsTab: true, storedAs: 'dine_in' },
  'take-out': { ...BASE, allowsDelivery: true, storedAs: 'take-out' },
  school: { ...BASE, placedAhead: true, storedAs: 'school' },
  // Caterers deliver where their tenant sets `delivery` (its radius and charge), as take-out does.
  catering: { ...BASE, placedAhead: true, catering: true, allowsDelivery: true, storedAs: 'catering' },
  generic_catering: {
    ...BASE,
    placedAhead: true,
    catering: true,
    allowsDelivery: true,
    hidesCardWithGenericCateringSetting: true,
    storedAs: 'generic_catering',
  },
};

export function orderTypePolicy(type: OrderType): OrderTypePolicy {
  return ORDER_TYPE_POLICIES[type];
}

/** The one answer to "is this a catering order" (minimum amount, payment rules). */
export function isCateringOrder(type: OrderType): boolean {
  return ORDER_TYPE_POLICIES[type].catering;
}
