import { describe, expect, it } from 'vitest';
import { ORDER_TYPES } from '../order-type';
import { ORDER_TYPE_POLICIES, policyOf } from './index';

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
