/**
 * Catering (spec ordering.md section 1; pricing.md 5.5): placed ahead, picked up or delivered where
 * the tenant sets `delivery`; the restaurant's catering minimum applies (a pricing fact the cart-rules
 * step reads) and payment up front is not asked for.
 */
import { admitUnlessPaused, pausedByEveryPause } from './admission';
import type { OrderTypePolicy } from './policy';

export const CATERING_POLICY: OrderTypePolicy = {
  name: 'catering',
  storedAs: 'catering',
  facts: { isPreOrder: false, isEventDay: false, isCatering: true },
  placedAhead: true,
  ordersAhead: true,
  allowsDelivery: true,
  allowsTab: false,
  paused: pausedByEveryPause,
  admit: admitUnlessPaused,
  split: 'one',
  steps: {},
  capacity: 'slot',
  payment: 'now',
  numbering: 'restaurant_counter',
  answer: 'order',
};
