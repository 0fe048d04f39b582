/**
 * Pricing inputs for the domain's tests (pricing.ts `priceCart`): an Ontario restaurant paid through
 * the sandbox, a pickup order with nothing applied, and its parts and lines, each changed where a test
 * is about it. Tests only.
 */
import type { PricingInput, PricingLine, PricingPart, PricingRestaurant, SubsidyConfig } from '../pricing';
import type { TaxRates } from '../taxes';

export const ON_RATES: TaxRates = { tax1: '0.13', tax2: '0' };

/** A plain (not alcoholic, not a meal) item part in Ontario. */
export function pricingItem(id: number, unitPrice: number, quantity: number, extra: Partial<PricingPart> = {}): PricingPart {
  return {
    kind: 'item',
    id,
    unitPrice,
    promos: [],
    quantity,
    alcoholic: false,
    meal: false,
    rebateEligible: false,
    taxRates: ON_RATES,
    ...extra,
  };
}

export function pricingOption(id: number, unitPrice: number, quantity: number, extra: Partial<PricingPart> = {}): PricingPart {
  return pricingItem(id, unitPrice, quantity, { kind: 'option', ...extra });
}

export function pricingLine(orderId: number, quantity: number, parts: PricingPart[]): PricingLine {
  return { orderId, quantity, parts };
}

export function pricingRestaurant(extra: Partial<PricingRestaurant> = {}): PricingRestaurant {
  return {
    province: 'ON',
    tax_rate: { tax1: '0.13' },
    taxInclusive: false,
    serviceCharge: null,
    deliveryCharge: null,
    payment_processor: 'sandbox',
    ...extra,
  };
}

/** A pickup order: not delivered, not a pre-order, not on event day, not catering. */
export const PICKUP_ORDER: PricingInput['order'] = { isDelivery: false, isPreOrder: false, isEventDay: false, isCatering: false };

/** The cart of these lines with nothing applied (no member, code, subsidy, tip, gift card or credits). */
export function pricingInput(lines: PricingLine[], extra: Partial<PricingInput> = {}): PricingInput {
  return {
    lines,
    restaurant: pricingRestaurant(),
    order: PICKUP_ORDER,
    memberDiscount: null,
    promoCode: null,
    subsidy: null,
    tip: null,
    giftCard: null,
    credits: null,
    ...extra,
  };
}

/** maple-school's subsidy (tenants/maple-school.json): half off meals for signed-in families with one of its codes. */
export const MAPLE_SUBSIDY: SubsidyConfig = {
  is_active: true,
  target_users: 'codes',
  target_items: 'meals',
  type: 'discount',
  discount_percentage: '50',
  codes: ['LUNCH50-2026', 'MAPLE-ASSIST'],
};
