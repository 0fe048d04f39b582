/**
 * Takeout (spec ordering.md section 1): picked up or delivered, as soon as possible or at a slot of
 * the schedule, which it may take while the restaurant is closed or ASAP-paused (decision 0027). It
 * has no steps of its own: the plan's common steps are its rules.
 */
import { admitUnlessPaused, pausedByEveryPause } from './admission';
import type { OrderTypePolicy } from './policy';

export const TAKEOUT_POLICY: OrderTypePolicy = {
  name: 'takeout',
  storedAs: 'take-out',
  facts: { isPreOrder: false, isEventDay: false, isCatering: false },
  placedAhead: false,
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
