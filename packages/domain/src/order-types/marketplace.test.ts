import { describe, expect, it } from 'vitest';
import { EVERY_DAY, NOW, TORONTO } from '../testing/plan-input';
import { hubOrderVendor, MARKETPLACE_POLICY } from './marketplace';

describe('the marketplace policy', () => {
  it.each([
    ['a hub', { marketplaceHub: true }, null],
    ['a hub with every order paused', { marketplaceHub: true, orders_paused: true }, 'ORDERS_PAUSED'],
    ['a hub, ASAP paused (later slots stay open)', { marketplaceHub: true, asap_paused: true }, null],
    ['not a hub', { marketplaceHub: false }, 'NOT_A_MARKETPLACE'],
    ['not a hub, paused', { orders_paused: true }, 'NOT_A_MARKETPLACE'],
  ] as const)('admits %s: %s', (_case, change, error) => {
    const restaurant = { orders_paused: false, hours: EVERY_DAY, holiday_hours: [], zone: TORONTO, ...change };
    expect(MARKETPLACE_POLICY.admit(restaurant, NOW)?.error ?? null).toBe(error);
  });

  // An order placed alone at a hub (POST /orders): one vendor's lines are that vendor's order.
  it.each<[string, Array<number | null>, ReturnType<typeof hubOrderVendor>]>([
    ['one vendor', [3, 3], { ok: true, vendorId: 3 }],
    ["the hub's own items", [null], { ok: true, vendorId: null }],
    ['no lines', [], { ok: true, vendorId: null }],
    ['two vendors', [3, 4], { ok: false, error: 'MARKETPLACE_CHECKOUT_REQUIRED' }],
    ['a vendor and the hub', [3, null], { ok: false, error: 'MARKETPLACE_CHECKOUT_REQUIRED' }],
  ])('a single order of %s', (_case, vendors, expected) => {
    expect(hubOrderVendor(new Set(vendors))).toEqual(expected);
  });
});
