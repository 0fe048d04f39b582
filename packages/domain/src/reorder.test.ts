import { describe, expect, it } from 'vitest';
import { orderTypeOf, parseOrderingConfig, takeoutTypeOf } from './ordering-config';
import { reorderKind, reorderQuery, type ReorderableOrder } from './reorder';

const ID = '0b6f2f4e-8c7a-4c38-9a55-3f0c7c0c1a11';
const both = { another_round: true, disable_order_again: false };
const order = (fields: Partial<ReorderableOrder>): ReorderableOrder => ({ type: 'dine_in', delivery: null, ...fields });

describe('reorderKind', () => {
  it.each([
    ['dine_in', null, 'another_round'],
    ['take-out', null, 'order_again'],
    ['take-out', {}, 'order_again'],
    ['catering', null, 'order_again'],
    ['generic_catering', null, 'order_again'],
    ['school', null, null],
    ['something-new', null, null],
  ] as const)('%s (delivery %o) is %s', (type, delivery, kind) => {
    expect(reorderKind(order({ type, delivery }), both)).toBe(kind);
  });

  it('leaves out a school day, a suite order and a hub vendor order, whatever their type', () => {
    expect(reorderKind(order({ type: 'take-out', marketplace: {} }), both)).toBeNull();
    expect(reorderKind(order({ type: 'catering', suite: {} }), both)).toBeNull();
    expect(reorderKind(order({ type: 'take-out', school: {} }), both)).toBeNull();
    expect(reorderKind(order({ type: 'catering', suite: null }), both)).toBe('order_again');
  });

  it('follows the restaurant: another_round for tables, disable_order_again for the rest', () => {
    const none = { another_round: false, disable_order_again: true };
    expect(reorderKind(order({ type: 'dine_in' }), none)).toBeNull();
    expect(reorderKind(order({ type: 'take-out' }), none)).toBeNull();
    expect(reorderKind(order({ type: 'dine_in' }), { ...none, another_round: true })).toBe('another_round');
    expect(reorderKind(order({ type: 'take-out' }), { ...none, disable_order_again: false })).toBe('order_again');
  });
});

describe('reorderQuery', () => {
  it('opens the menu of the same order type with the order to rebuild', () => {
    const cases = [
      [order({ type: 'dine_in' }), 'dine_in', null],
      [order({ type: 'take-out' }), 'take-out', 'pickup'],
      [order({ type: 'take-out', delivery: {} }), 'take-out', 'delivery'],
      [order({ type: 'catering' }), 'catering', null],
      [order({ type: 'generic_catering' }), 'generic_catering', null],
    ] as const;
    for (const [placed, type, takeoutType] of cases) {
      const parsed = parseOrderingConfig(new URLSearchParams(reorderQuery(placed, ID)), { k12: false });
      expect(parsed.ok).toBe(true);
      expect(parsed.config.anotherRoundId).toBe(ID);
      expect(orderTypeOf(parsed.config, { k12: false })).toBe(type);
      expect(takeoutTypeOf(parsed.config)).toBe(takeoutType);
    }
    expect(reorderQuery(order({ type: 'dine_in' }), ID)).toBe(`anotherRoundId=${ID}`);
    expect(reorderQuery(order({ type: 'dine_in', tableNum: '12' }), ID)).toBe(`tableNum=12&anotherRoundId=${ID}`);
    expect(reorderQuery(order({ type: 'take-out', tableNum: '12' }), ID)).toBe(`takeout=true&takeoutType=pickup&anotherRoundId=${ID}`);
  });
});
