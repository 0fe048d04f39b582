import type { Costs } from '@servery/domain/pricing';

/**
 * What an order's lines add up to, line by line as a receipt or the profile shows them (pricing.md
 * sections 2, 3 and 5): the subtotal, less each reduction, plus each charge, the taxes (already in
 * the prices when tax-inclusive) and the tip. Tests compare it with `totalWithTip`.
 */
export function sumOfLines(costs: Costs): number {
  const reductions = costs.memberDiscount.amount + costs.discount.amount + costs.subsidyDiscount.amount;
  const charges = costs.serviceCharge.amount + costs.deliveryCharge.amount;
  const taxes = costs.taxInfo.taxInclusive ? 0 : costs.taxBrackets.reduce((sum, bracket) => sum + bracket.amount, 0);
  return costs.subtotal - reductions + charges + taxes + costs.tip.amount;
}
