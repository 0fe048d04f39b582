import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../plan-order';
import { planAs } from '../testing/plan-input';
import { CATERING_POLICY } from './catering';

const plan = (change: (input: PlanInput) => void) => planAs('catering', change);

describe('the catering policy', () => {
  it.each<[string, (input: PlanInput) => void, string | null]>([
    ['no minimum', () => undefined, null],
    ['a subtotal at the minimum', (i) => (i.restaurant.min_catering_amount = 1000), null],
    ['a subtotal below the minimum', (i) => (i.restaurant.min_catering_amount = 1001), 'BELOW_CATERING_MINIMUM'],
    ['a tab', (i) => ((i.restaurant.allow_open_tab = true), (i.checkout.tab = { owner: 'Sam' })), 'VALIDATION_FAILED'],
  ])('%s', (_case, change, error) => {
    const result = plan(change);
    expect(result.ok ? null : result.error.error).toBe(error);
  });

  it('is a catering fact for pricing, placed ahead, stored as catering', () => {
    const result = plan(() => undefined);
    expect(result.ok && result.plan.facts).toEqual({ isDelivery: false, isPreOrder: false, isEventDay: false, isCatering: true });
    expect([CATERING_POLICY.placedAhead, CATERING_POLICY.storedAs]).toEqual([true, 'catering']);
  });
});
