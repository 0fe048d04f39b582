import { describe, expect, it } from 'vitest';
import { ORDER_TYPES } from '../order-type';
import { ORDER_TYPE_POLICIES, policyOf } from './index';
import { storedOrderTraits } from './traits';

describe('the order types’ policies', () => {
  it('has one per order type, stored under its own name', () => {
    for (const type of ORDER_TYPES) expect(ORDER_TYPE_POLICIES[type].storedAs).toBe(type);
  });

  it.each([
    ['take-out', null, false, 'takeout'],
    ['dine_in', null, false, 'dine-in'],
    ['catering', 'pre_order', false, 'suite pre-order'],
    ['dine_in', 'event_day', false, 'suite event day'],
    ['take-out', null, true, 'marketplace'],
    ['generic_catering', null, false, 'generic-catering'],
    ['school', null, false, 'school'],
  ] as const)('%s, suite %s, split by vendor %s: %s', (type, suite, marketplace, name) => {
    expect(policyOf(type, suite, marketplace).name).toBe(name);
  });
});

describe('what an order’s time means (its type’s schedule)', () => {
  it.each([
    ['school', 'day'],
    ['take-out', 'time'],
    ['dine_in', 'time'],
    ['catering', 'time'],
    ['generic_catering', 'time'],
  ] as const)('a stored %s order is brought by its %s', (type, schedule) => {
    expect(storedOrderTraits(type)?.schedule).toBe(schedule);
    expect(ORDER_TYPE_POLICIES[type].schedule).toBe(schedule);
  });

  it('a name that is no order type has no traits', () => {
    expect(storedOrderTraits('toString')).toBeNull();
    expect(storedOrderTraits('pickup')).toBeNull();
  });
});
