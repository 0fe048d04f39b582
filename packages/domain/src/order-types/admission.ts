/**
 * The admission rules order types share (policy.ts `paused` and `admit`), each a pure function of the
 * restaurant's pause and hours; admission.test.ts holds their table of cases.
 */
import { openState } from '../opening-hours';
import type { PlanError } from '../plan-order';
import type { AdmitRestaurant } from './policy';
import { pausedByAnyPause, pausedByEveryPause } from './traits';

// The pauses are the types' traits (traits.ts), which the menu reads without the admission rules.
export { pausedByAnyPause, pausedByEveryPause };

/** Taken unless every order is paused; its time is checked by the plan's "when" step. */
export function admitUnlessPaused(restaurant: AdmitRestaurant): PlanError | null {
  return pausedByEveryPause(restaurant) ? { error: 'ORDERS_PAUSED' } : null;
}

/**
 * Taken now or never: refused while paused in any way, and while the restaurant is closed. The
 * browser's clock is not ours (docs/decisions/0014-server-clock.md).
 */
export function admitWhileOpen(restaurant: AdmitRestaurant, now: Date): PlanError | null {
  if (pausedByAnyPause(restaurant)) return { error: 'ORDERS_PAUSED' };
  if (!openState(restaurant.hours, restaurant.holiday_hours, now, restaurant.zone).open) return { error: 'RESTAURANT_CLOSED' };
  return null;
}
