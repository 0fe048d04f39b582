/**
 * Takeout (spec ordering.md section 1): picked up or delivered, as soon as possible or at a slot of
 * the schedule, which it may take while the restaurant is closed or ASAP-paused (decision 0027). It
 * has no steps of its own: the plan's common steps are its rules.
 */
import { admitUnlessPaused } from './admission';
import { ONE_ORDER_PAID_NOW, type OrderTypePolicy } from './policy';
import { ORDER_TYPE_TRAITS } from './traits';

export const TAKEOUT_POLICY: OrderTypePolicy = {
  ...ONE_ORDER_PAID_NOW,
  name: 'takeout',
  storedAs: 'take-out',
  ...ORDER_TYPE_TRAITS['take-out'],
  admit: admitUnlessPaused,
};
