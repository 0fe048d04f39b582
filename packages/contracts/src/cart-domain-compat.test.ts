/**
 * `CartItem` and `Costs` exist once, as the domain's types (packages/domain/src/cart.ts and
 * pricing.ts); cart.ts's schemas parse into them (`satisfies`). These checks hold the other
 * direction: whatever the domain produces, the schema can serialise, so the two never drift.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CartItem as DomainCartItem } from '@servery/domain/cart';
import type { Costs as DomainCosts } from '@servery/domain/pricing';
import { CartItem, type Costs } from './cart';

// Each function compiles only if its parameter type is assignable to its return type.
const itemToWire = (item: DomainCartItem): z.input<typeof CartItem> => item;
const costsToWire = (costs: DomainCosts): z.input<typeof Costs> => costs;

describe('cart types are the domain types', () => {
  it('compiles the assignability checks, and parses a domain line unchanged', () => {
    expect([itemToWire, costsToWire].every((check) => typeof check === 'function')).toBe(true);
    const line: DomainCartItem = { id: 1, menu_id: 2, section_id: null, orderId: 1, quantity: 2, orderPrice: 1600, orderOptions: [] };
    expect(CartItem.parse(line)).toEqual(line);
  });
});
