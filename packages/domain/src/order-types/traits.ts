/**
 * What the menu and the cart ask of an order type before anything is placed: its pricing facts,
 * whether it is placed or may be ordered ahead, whether it may be delivered or go on a tab, and which
 * pause stops it. Each type's policy (order-types/*.ts) spreads its traits from here, so the two
 * cannot disagree; the web's menu reads them here without loading every policy and the placement
 * pipeline's steps they bring (docs/decisions/0096-menu-first-load-lazy-parts.md).
 */
import type { OrderType } from '../order-type';
import type { OrderTypePolicy, PauseState } from './policy';

export type OrderTypeTraits = Pick<
  OrderTypePolicy,
  'facts' | 'placedAhead' | 'ordersAhead' | 'allowsDelivery' | 'allowsTab' | 'schedule' | 'paused'
>;

/** Only a pause of every order stops it: ASAP-only pauses leave later slots open (decision 0027). */
export function pausedByEveryPause(restaurant: PauseState): boolean {
  return restaurant.orders_paused;
}

/** ASAP by nature (at a table): an ASAP-only pause stops it as well. */
export function pausedByAnyPause(restaurant: PauseState): boolean {
  return restaurant.orders_paused || restaurant.asap_paused === true;
}

const NO_FACTS = { isPreOrder: false, isEventDay: false, isCatering: false } as const;

/** Picked up or delivered, as soon as possible or at a later slot, which it may take while closed or ASAP-paused. */
const TAKEOUT: OrderTypeTraits = {
  facts: NO_FACTS,
  placedAhead: false,
  ordersAhead: true,
  allowsDelivery: true,
  allowsTab: false,
  schedule: 'time',
  paused: pausedByEveryPause,
};

/** Takeout's, placed ahead, with the catering fact (generic catering's too). */
const CATERING: OrderTypeTraits = { ...TAKEOUT, facts: { ...NO_FACTS, isCatering: true }, placedAhead: true };

export const ORDER_TYPE_TRAITS: Readonly<Record<OrderType, OrderTypeTraits>> = {
  // At a table, now: refused by any pause, may go on an open tab.
  dine_in: {
    facts: NO_FACTS,
    placedAhead: false,
    ordersAhead: false,
    allowsDelivery: false,
    allowsTab: true,
    schedule: 'time',
    paused: pausedByAnyPause,
  },
  'take-out': TAKEOUT,
  // For later school days, brought with the day's lunches: only a pause of every order stops it.
  school: {
    facts: NO_FACTS,
    placedAhead: true,
    ordersAhead: false,
    allowsDelivery: false,
    allowsTab: false,
    schedule: 'day',
    paused: pausedByEveryPause,
  },
  catering: CATERING,
  generic_catering: CATERING,
};

/** The traits of an order of this type that names no event suite and is not a hub's checkout (as order-type.ts `orderTypePolicy`). */
export function orderTypeTraits(type: OrderType): OrderTypeTraits {
  return ORDER_TYPE_TRAITS[type];
}

/**
 * The traits of a stored order's type as an answer names it (OrderView `type`, a plain string), or
 * null for a name that is no order type: the web reads a placed order's traits here.
 */
export function storedOrderTraits(type: string): OrderTypeTraits | null {
  return Object.hasOwn(ORDER_TYPE_TRAITS, type) ? ORDER_TYPE_TRAITS[type as OrderType] : null;
}

/** The types POST /orders takes; school orders have their own call, POST /orders/create-k12-order (one order per date and student). */
export const PLACEABLE_ORDER_TYPES = ['dine_in', 'take-out', 'catering', 'generic_catering'] as const;
export type PlaceableOrderType = (typeof PLACEABLE_ORDER_TYPES)[number];

export function isPlaceable(type: OrderType): type is PlaceableOrderType {
  return (PLACEABLE_ORDER_TYPES as readonly string[]).includes(type);
}

/**
 * Whether a pause stops orders of this type (docs/decisions/0027-ordering-ahead.md): a pause of
 * every order (`orders_paused`) stops every type; an ASAP-only pause (`asap_paused`) stops only the
 * orders that can only be "as soon as possible", those at a table (each policy's `paused`). The
 * server (the policy's `admit`) and the menu screen both ask this, so a diner at a table is told
 * before filling a cart the server refuses.
 */
export function pausedFor(type: OrderType, restaurant: { orders_paused: boolean; asap_paused?: boolean | undefined }): boolean {
  return ORDER_TYPE_TRAITS[type].paused(restaurant);
}

/** The one answer to "is this a catering order" (minimum amount, payment rules). */
export function isCateringOrder(type: OrderType): boolean {
  return ORDER_TYPE_TRAITS[type].facts.isCatering;
}
