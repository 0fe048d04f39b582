/**
 * The order types of spec ordering.md section 1. What each one means for placing an order is its
 * policy module in order-types/ (one per type, listed in order-types/index.ts), which the checkout
 * pipeline and the plan consult (docs/decisions/0056-checkout-pipeline.md). The helpers below are
 * the questions the web and the menus ask of a type by its name.
 */
import { ORDER_TYPE_POLICIES } from './order-types/index';
import type { OrderTypePolicy } from './order-types/policy';

// What the menu asks of a type lives with the light traits each policy spreads (order-types/traits.ts).
export { isCateringOrder, isPlaceable, pausedFor, PLACEABLE_ORDER_TYPES, type PlaceableOrderType } from './order-types/traits';

export const ORDER_TYPES = ['dine_in', 'take-out', 'school', 'catering', 'generic_catering'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export function isOrderType(value: unknown): value is OrderType {
  return typeof value === 'string' && (ORDER_TYPES as readonly string[]).includes(value);
}

/** How an order's number is drawn: today every type takes the restaurant's own counter. */
export type OrderNumbering = 'restaurant_counter';

/** The policy of an order of this type that names no event suite and is not a hub's checkout. */
export function orderTypePolicy(type: OrderType): OrderTypePolicy {
  return ORDER_TYPE_POLICIES[type];
}

/** The kinds of suite order (order-types/suite.ts): a pre-order placed ahead, an event-day order. */
export const SUITE_ORDER_KINDS = ['pre_order', 'event_day'] as const;
export type SuiteOrderKind = (typeof SUITE_ORDER_KINDS)[number];
