/**
 * What an order gave back to the diner, and where (the status page's facts, the profile's receipts):
 * to the card, or as account credit at the restaurant.
 *
 * - A cancelled or refunded order charged to a card (captured, not only held) gave the card its whole
 *   charge back (staff's cancel and refund void or refund what is left, partial refunds included).
 * - Except when it was cancelled for credit (a signed-in diner's cancel of a scheduled order, a school
 *   closure: apps/api/src/use-cases/orders/cancel-scheduled-order.ts): its total became account credit
 *   and the card's charge stands; only partial refunds given before went to the card.
 * - An order still standing gave back its partial refunds, if any.
 * The cases are the table in money-back.test.ts.
 */
import { chargesCard, type PaymentMethod } from './payment-method';

export interface GivenBackOrder {
  status: string;
  payment: { method: PaymentMethod | null; amount: number; captured?: boolean | null | undefined };
  /** The sum of the partial refunds staff gave (decision 0103). */
  refundedAmount?: number | undefined;
  /** The account credit the order became when it was cancelled for credit; 0 or absent otherwise. */
  credited?: number | undefined;
}

export interface GivenBack {
  /** Cents back on the card. */
  card: number;
  /** Cents given as account credit at the restaurant. */
  credit: number;
}

export function givenBack(order: GivenBackOrder): GivenBack {
  const credit = order.credited ?? 0;
  const partial = order.refundedAmount ?? 0;
  const ended = order.status === 'cancelled' || order.status === 'refunded';
  const { method, amount, captured } = order.payment;
  const charged = chargesCard(method) && captured !== false && amount > 0;
  return { card: ended && credit === 0 && charged ? amount : partial, credit };
}
