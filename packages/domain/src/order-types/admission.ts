/**
 * The admission rules order types share (policy.ts `paused` and `admit`), each a pure function of the
 * restaurant's pause and hours; admission.test.ts holds their table of cases.
 */
import { openState } from '../opening-hours';
import type { PlanError } from '../plan-order';
import type { AdmitRestaurant, PauseState } from './policy';

/** Only a pause of every order stops it: ASAP-only pauses leave later slots open (decision 0027). */
export function pausedByEveryPause(restaurant: PauseState): boolean {
  return restaurant.orders_paused;
}

/** ASAP by nature (at a table): an ASAP-only pause stops it as well. */
export function pausedByAnyPause(restaurant: PauseState): boolean {
  return restaurant.orders_paused || restaurant.asap_paused === true;
}

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
