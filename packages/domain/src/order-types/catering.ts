/**
 * Catering (spec ordering.md section 1; pricing.md 5.5): placed ahead, picked up or delivered where
 * the tenant sets `delivery`; the restaurant's catering minimum applies (a pricing fact the cart-rules
 * step reads) and payment up front is not asked for.
 */
import type { OrderTypePolicy } from './policy';
import { TAKEOUT_POLICY } from './takeout';
import { ORDER_TYPE_TRAITS } from './traits';

/** Takeout's rules (ordered ahead, picked up or delivered), placed ahead, with the catering fact. */
export const CATERING_POLICY: OrderTypePolicy = {
  ...TAKEOUT_POLICY,
  ...ORDER_TYPE_TRAITS.catering,
  name: 'catering',
  storedAs: 'catering',
};
