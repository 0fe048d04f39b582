import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../plan-order';
import { EVERY_DAY, NOW, planAs, TORONTO } from '../testing/plan-input';
import { TAKEOUT_POLICY } from './takeout';

const plan = (change: (input: PlanInput) => void) => planAs('take-out', change);

describe('the takeout policy', () => {
  it.each<[string, (input: PlanInput) => void, string | null]>([
    ['ASAP', () => undefined, null],
    [
      'a slot of the schedule',
      (i) => (i.checkout.pickup = { delivery: false, scheduled: true, dueByDate: '2026-11-25', dueByTime: '12:00' }),
      null,
    ],
    ['a slot without a date', (i) => (i.checkout.pickup = { delivery: false, scheduled: true }), 'VALIDATION_FAILED'],
    ['a tab', (i) => ((i.restaurant.allow_open_tab = true), (i.checkout.tab = { owner: 'Sam' })), 'VALIDATION_FAILED'],
    ['a delivery without the restaurant delivering', (i) => (i.checkout.pickup.delivery = true), 'DELIVERY_ADDRESS_INVALID'],
  ])('%s', (_case, change, error) => {
    const result = plan(change);
    expect(result.ok ? null : result.error.error).toBe(error);
  });

  it.each([
    ['open', {}, null],
    ['ASAP paused (later slots stay open)', { asap_paused: true }, null],
    ['closed (later slots stay open)', { hours: [] }, null],
    ['every order paused', { orders_paused: true }, 'ORDERS_PAUSED'],
  ] as const)('is admitted %s: %s', (_case, change, error) => {
    const restaurant = { orders_paused: false, hours: EVERY_DAY, holiday_hours: [], zone: TORONTO, ...change };
    expect(TAKEOUT_POLICY.admit(restaurant, NOW)?.error ?? null).toBe(error);
  });
});
