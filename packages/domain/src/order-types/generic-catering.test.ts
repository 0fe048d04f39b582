import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../plan-order';
import { base, planAs } from '../testing/plan-input';
import { GENERIC_CATERING_POLICY } from './generic-catering';

/** A generic catering order picked up (the base offers pickup here) by a guest. */
const plan = (change: (input: PlanInput) => void) =>
  planAs('generic_catering', (input) => {
    input.restaurant.genericCateringShowPickupOption = true;
    change(input);
  });

describe('the generic catering policy', () => {
  it.each<[string, (input: PlanInput) => void, string | null, string | null]>([
    ['a guest picking up', () => undefined, null, null],
    [
      'a guest where sign-in is required',
      (i) => (i.restaurant.genericCateringRequiresLogin = true),
      'GENERIC_CATERING_LOGIN_REQUIRED',
      null,
    ],
    [
      'a signed-in diner where it is required',
      (i) => ((i.restaurant.genericCateringRequiresLogin = true), (i.loaded.signedIn = true)),
      null,
      null,
    ],
    ['a pickup not offered', (i) => (i.restaurant.genericCateringShowPickupOption = false), 'PICKUP_NOT_OFFERED', null],
    [
      'a table location offered',
      (i) => ((i.restaurant.generic_table_locations = { locations: 'Salle Champlain:2' }), (i.tableLocation = 'Salle Champlain:2')),
      null,
      'Salle Champlain 2',
    ],
    [
      'a table location not offered',
      (i) => ((i.restaurant.generic_table_locations = { locations: 'Salle Champlain:2' }), (i.tableLocation = 'Terrasse:1')),
      'TABLE_LOCATION_NOT_OFFERED',
      null,
    ],
    ['the card hidden', (i) => (i.restaurant.genericCateringHideCreditCard = true), 'PAYMENT_METHOD_UNAVAILABLE', null],
  ])('%s', (_case, change, error, tableLocation) => {
    const result = plan(change);
    expect(result.ok ? null : result.error.error).toBe(error);
    if (result.ok) expect(result.plan.tableLocation).toBe(tableLocation);
  });

  it('hides the card only where the restaurant says so', () => {
    const restaurant = base().restaurant;
    expect(GENERIC_CATERING_POLICY.hidesCard?.(restaurant)).toBe(false);
    expect(GENERIC_CATERING_POLICY.hidesCard?.({ ...restaurant, genericCateringHideCreditCard: true })).toBe(true);
  });
});
