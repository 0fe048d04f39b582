/**
 * What the checkouts that become several orders (school-days.ts, vendor-orders.ts) share: each order
 * stores its own part of the one payment, the tenders are spent once over the checkout's total, and
 * the answer (placed or replayed) lists every order of the checkout with the one payment.
 */
import { checkoutTotal, type CheckoutTotal } from '@servery/domain/checkout';
import type { OrderPlan } from '@servery/domain/plan-order';
import type { Costs } from '@servery/domain/pricing';
import type { OrderRow } from '../../db/placed-orders-repository';
import type { Executor } from '../../kernel/executor';
import type { DiscountCode } from '../cart/check-discount-code';
import { type StoredOrder, storedOrderOf, type StoredPayment } from '../orders/order-view';
import { checkoutOrdersOf, type CommitPlacementOptions, orderUnderKey } from './commit-checkout';

/** The one payment of a checkout that became several orders (a school's days, a hub's vendors). */
export function checkoutPayment(stored: ReadonlyArray<{ payment: StoredPayment }>) {
  const first = stored[0]!;
  return {
    payment: {
      method: first.payment.method,
      brand: first.payment.brand,
      last4: first.payment.last4,
      amount: stored.reduce((sum, order) => sum + order.payment.amount, 0),
    },
    paymentNotRequired: first.payment.method === null,
  };
}

/**
 * The payment one order of a checkout stores: the plan's method and reference and that order's own
 * amount due (nothing when the plan pays nothing); the charge is taken once for the checkout.
 */
export function checkoutDraftPayment(plan: OrderPlan, amountDue: number): StoredPayment {
  return {
    method: plan.payment.selection.method,
    brand: null,
    last4: null,
    reference: plan.payment.reference,
    amount: plan.payment.amount === 0 ? 0 : amountDue,
    paymentId: null,
    captured: true,
  };
}

/**
 * What a checkout of several orders spends and charges once: its total's credits, voucher and amount
 * due, the voucher code and promo code its orders were priced with.
 */
export function checkoutTenders(
  parts: readonly Costs[],
  total: { credits: number; voucher: number; amountDue: number },
  discountCode: DiscountCode | null,
): CommitPlacementOptions<unknown>['tenders'] {
  return {
    credits: total.credits,
    voucher: { code: parts.find((costs) => costs.voucher.code !== null)?.voucher.code ?? null, amount: total.voucher },
    discountCode: parts.some((costs) => costs.discount.code !== null) ? discountCode : null,
    amountDue: total.amountDue,
  };
}

/** One order of the answer, from its row and what it stores; its own fields (day, vendor) come from the shape. */
export interface PlacedPart {
  row: OrderRow;
  stored: StoredOrder;
}

/**
 * A checkout's answer: its id, every order (each with what its shape adds), the total and the one
 * payment. The same for a checkout just placed and one replayed.
 */
export function checkoutAnswer<Order>(
  rows: readonly OrderRow[],
  replayed: boolean,
  checkoutIdOf: (stored: StoredOrder) => string | undefined,
  orderOf: (part: PlacedPart) => Order,
): { checkoutId: string; orders: Order[]; total: CheckoutTotal; replayed: boolean } & ReturnType<typeof checkoutPayment> {
  const parts = rows.map((row) => ({ row, stored: storedOrderOf(row) }));
  const stored = parts.map((part) => part.stored);
  return {
    checkoutId: checkoutIdOf(stored[0]!) ?? '',
    orders: parts.map(orderOf),
    total: checkoutTotal(stored.map((order) => order.costs)),
    ...checkoutPayment(stored),
    replayed,
  };
}

/** The answer of the checkout an earlier request placed under this key; null when the key is new. */
export async function replayCheckout<Answer>(
  db: Executor,
  restaurantId: number,
  key: string,
  hash: string,
  answer: (rows: readonly OrderRow[]) => Answer,
): Promise<Answer | null> {
  const first = await orderUnderKey(db, restaurantId, key, hash);
  return first ? answer(await checkoutOrdersOf(db, restaurantId, first)) : null;
}
