import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../plan-order';
import { EVERY_DAY, NOW, planAs, TORONTO } from '../testing/plan-input';
import { DINE_IN_POLICY } from './dine-in';

const atTable = (change: (input: PlanInput) => void = () => undefined) =>
  planAs('dine_in', (input) => {
    input.tableNum = '12';
    change(input);
  });

describe('the dine-in policy', () => {
  it.each<[string, (input: PlanInput) => void, string | null]>([
    ['a table number', () => undefined, null],
    ['no table number', (i) => (i.tableNum = null), 'VALIDATION_FAILED'],
    ['a blank table number', (i) => (i.tableNum = '  '), 'VALIDATION_FAILED'],
    ['a delivery asked for (not offered: ignored)', (i) => (i.checkout.pickup.delivery = true), null],
    ['a tab where the restaurant keeps tabs', (i) => ((i.restaurant.allow_open_tab = true), (i.checkout.tab = { owner: 'Sam' })), null],
    ['a tab where it does not', (i) => (i.checkout.tab = { owner: 'Sam' }), 'VALIDATION_FAILED'],
  ])('%s', (_case, change, error) => {
    const result = atTable(change);
    expect(result.ok ? null : result.error.error).toBe(error);
  });

  it('has no pickup time and is stored as dine-in', () => {
    const result = atTable();
    expect(result.ok && { pickup: result.plan.pickupTime, slot: result.plan.slotStart, table: result.plan.tableNum }).toEqual({
      pickup: null,
      slot: null,
      table: '12',
    });
    expect(DINE_IN_POLICY.storedAs).toBe('dine_in');
  });

  it.each([
    ['open', {}, NOW, null],
    ['ASAP paused', { asap_paused: true }, NOW, 'ORDERS_PAUSED'],
    // 02:00 in Toronto, open 11:00-22:00.
    ['closed', {}, new Date('2026-11-25T07:00:00Z'), 'RESTAURANT_CLOSED'],
  ] as const)('is admitted %s: %s', (_case, change, now, error) => {
    const restaurant = { orders_paused: false, hours: EVERY_DAY, holiday_hours: [], zone: TORONTO, ...change };
    expect(DINE_IN_POLICY.admit(restaurant, now)?.error ?? null).toBe(error);
  });
});
