/**
 * The order types of spec ordering.md section 1. What each one means for placing an order is its
 * policy module in order-types/ (one per type, listed in order-types/index.ts), which the checkout
 * pipeline and the plan consult (docs/decisions/0056-checkout-pipeline.md). The helpers below are
 * the questions the web and the menus ask of a type by its name.
 */
import { ORDER_TYPE_POLICIES } from './order-types/index';
import type { OrderTypePolicy } from './order-types/policy';

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

/** The policy of an order of this type that names no event suite and is not a hub's checkout. */
export function orderTypePolicy(type: OrderType): OrderTypePolicy {
  return ORDER_TYPE_POLICIES[type];
}

/**
 * Whether a pause stops orders of this type (docs/decisions/0027-ordering-ahead.md): a pause of
 * every order (`orders_paused`) stops every type; an ASAP-only pause (`asap_paused`) stops only the
 * orders that can only be "as soon as possible", those at a table (each policy's `paused`). The
 * server (the policy's `admit`) and the menu screen both ask this, so a diner at a table is told
 * before filling a cart the server refuses.
 */
export function pausedFor(type: OrderType, restaurant: { orders_paused: boolean; asap_paused?: boolean | undefined }): boolean {
  return ORDER_TYPE_POLICIES[type].paused(restaurant);
}

/** The one answer to "is this a catering order" (minimum amount, payment rules). */
export function isCateringOrder(type: OrderType): boolean {
  return ORDER_TYPE_POLICIES[type].facts.isCatering;
}

/** The kinds of suite order (order-types/suite.ts): a pre-order placed ahead, an event-day order. */
export const SUITE_ORDER_KINDS = ['pre_order', 'event_day'] as const;
export type SuiteOrderKind = (typeof SUITE_ORDER_KINDS)[number];
