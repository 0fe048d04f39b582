/**
 * A school order (spec ordering.md sections 4 and 5; ../school-order.ts): one checkout becomes one
 * order per school day and student, paid once. The meal limits are counted per day and student (at
 * pricing, and again under each day's lock at commit), not over the whole checkout, and each order's
 * day is its date, so it skips the cart's meal rules and takes no pickup slot. Only a pause of every
 * order stops it: it is for later days.
 */
import { admitUnlessPaused } from './admission';
import { noPickupTime, skipStep } from './plan-helpers';
import { ONE_ORDER_PAID_NOW, type OrderTypePolicy } from './policy';
import { ORDER_TYPE_TRAITS } from './traits';

export const SCHOOL_POLICY: OrderTypePolicy = {
  ...ONE_ORDER_PAID_NOW,
  name: 'school',
  storedAs: 'school',
  ...ORDER_TYPE_TRAITS.school,
  admit: admitUnlessPaused,
  split: 'per-school-day-and-student',
  steps: { 'cart rules': skipStep, when: noPickupTime },
  capacity: 'school-day-meals',
  answer: 'school-checkout',
};
