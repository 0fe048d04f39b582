/**
 * What every checkout of several orders answers with (POST /api/orders/create-k12-order, one order per
 * school day and student; POST /api/orders/create-marketplace-order, one per vendor): the sums of its
 * orders' costs, which the one payment covers (packages/domain/src/checkout.ts `checkoutTotal`).
 */
import { z } from 'zod';

const Cents = z.number().int().nonnegative();

/** The checkout's sums over its orders (what one payment covers). */
export const CheckoutTotal = z.object({
  subtotal: Cents,
  subtotalDiscounted: Cents,
  discount: Cents,
  subsidyDiscount: Cents,
  taxes: Cents,
  tip: Cents,
  total: Cents,
  totalWithTip: Cents,
  voucher: Cents,
  credits: Cents,
  /** What the payment method is charged, once, for the whole checkout. */
  amountDue: Cents,
  paymentNotRequired: z.boolean(),
});
export type CheckoutTotal = z.infer<typeof CheckoutTotal>;
