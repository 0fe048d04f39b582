import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../plan-order';
import { line, planAs } from '../testing/plan-input';
import { SCHOOL_POLICY } from './school';

const plan = (change: (input: PlanInput) => void) => planAs('school', change);

describe('the school policy', () => {
  it.each<[string, (input: PlanInput) => void, string | null]>([
    ['a checkout of several days', () => undefined, null],
    // Meals are counted per day and student (school-order.ts), never over the whole checkout.
    [
      'more meals in the checkout than one cart may hold',
      (i) => ((i.restaurant.maxMealsPerCart = 1), (i.cart = { ...i.cart, items: [line(1, 3)], isMeal: () => true })),
      null,
    ],
    ['a slot asked for (each order is for its day)', (i) => (i.checkout.pickup = { delivery: false, scheduled: true }), null],
    ['a delivery asked for (not a type that delivers)', (i) => (i.checkout.pickup.delivery = true), null],
  ])('%s', (_case, change, error) => {
    const result = plan(change);
    expect(result.ok ? null : result.error.error).toBe(error);
    if (result.ok) expect([result.plan.pickupTime, result.plan.slotStart]).toEqual([null, null]);
  });

  it('becomes one order per school day and student, counted per day at commit', () => {
    expect([SCHOOL_POLICY.split, SCHOOL_POLICY.capacity, SCHOOL_POLICY.answer]).toEqual([
      'per-school-day-and-student',
      'school-day-meals',
      'school-checkout',
    ]);
  });
});
