/**
 * A checkout (ARCHITECTURE.md "Order types and verticals"): one cart and one payment that may become
 * several orders (a school's days and students, a hub's vendors; order-types/). `checkoutTotal` is
 * what that one payment covers: the sums of its orders' costs, as POST /orders/create-k12-order and
 * POST /orders/create-marketplace-order answer them (contracts/checkout.ts `CheckoutTotal`).
 */
import type { Costs } from './pricing';

export interface CheckoutTotal {
  subtotal: number;
  subtotalDiscounted: number;
  discount: number;
  subsidyDiscount: number;
  taxes: number;
  tip: number;
  total: number;
  totalWithTip: number;
  voucher: number;
  credits: number;
  amountDue: number;
  paymentNotRequired: boolean;
}

/** The sums over the orders of one checkout; it needs no payment only when none of its orders does. */
export function checkoutTotal(orders: readonly Costs[]): CheckoutTotal {
  const add = (pick: (costs: Costs) => number) => orders.reduce((sum, costs) => sum + pick(costs), 0);
  return {
    subtotal: add((costs) => costs.subtotal),
    subtotalDiscounted: add((costs) => costs.subtotalDiscounted),
    discount: add((costs) => costs.discount.amount),
    subsidyDiscount: add((costs) => costs.subsidyDiscount.amount),
    taxes: add((costs) => costs.taxes),
    tip: add((costs) => costs.tip.amount),
    total: add((costs) => costs.total),
    totalWithTip: add((costs) => costs.totalWithTip),
    voucher: add((costs) => costs.voucher.amount),
    credits: add((costs) => costs.credits.amount),
    amountDue: add((costs) => costs.amountDue),
    paymentNotRequired: orders.every((costs) => costs.paymentNotRequired),
  };
}
