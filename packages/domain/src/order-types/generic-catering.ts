/**
 * Generic catering (spec ordering.md section 1; ../generic-catering.ts): catering to a place inside a
 * building. Its own steps: a guest is refused first where `genericCateringRequiresLogin` is set;
 * after delivery, the table location must be one of `generic_table_locations` (and is needed unless
 * the order is picked up), and a pickup is refused unless `genericCateringShowPickupOption` offers
 * it. `genericCateringHideCreditCard` hides the card and the wallets.
 */
import { checkGenericCateringPlace, type GenericCateringSettings, loginRequired } from '../generic-catering';
import type { Draft, PlanError, PlanInput, PlanRestaurant } from '../plan-order';
import { CATERING_POLICY } from './catering';
import { invalid } from './plan-helpers';
import type { OrderTypePolicy } from './policy';

export function planSignIn(input: PlanInput): PlanError | null {
  return loginRequired(input.restaurant, input.loaded.signedIn) ? { error: 'GENERIC_CATERING_LOGIN_REQUIRED' } : null;
}

export function planTableLocation(input: PlanInput, draft: Draft): PlanError | null {
  draft.tableLocation = null;
  const place = checkGenericCateringPlace(input.restaurant, { delivered: draft.facts.isDelivery, tableLocation: input.tableLocation });
  if (place.ok) {
    draft.tableLocation = place.tableLocation?.label ?? null;
    return null;
  }
  if (place.error === 'TABLE_LOCATION_REQUIRED') return invalid('data.config.genericTableLocation', { key: 'required' });
  if (place.error === 'TABLE_LOCATION_NOT_OFFERED')
    return { error: place.error, details: [{ path: 'data.config.genericTableLocation', message: 'notOffered' }] };
  return { error: place.error };
}

export const GENERIC_CATERING_POLICY: OrderTypePolicy = {
  ...CATERING_POLICY,
  name: 'generic-catering',
  storedAs: 'generic_catering',
  steps: { 'sign-in': planSignIn, 'table location': planTableLocation },
  hidesCard: (restaurant: PlanRestaurant) => restaurant.genericCateringHideCreditCard,
};

/** The restaurant's generic catering settings the plan reads (plan-order.ts `PlanRestaurant`). */
export type GenericCateringRestaurant = GenericCateringSettings;
