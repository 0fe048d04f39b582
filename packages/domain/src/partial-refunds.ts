/**
 * Partial refunds (issue 31 item 3; docs/decisions/0103-partial-refunds.md): what staff may give back
 * of a charged order, by line or as an amount, decided here from what the order stored at placement
 * (its `costs`), never priced again.
 *
 * A line refund (`lineRefundAmount`) gives back, for the chosen units of each line:
 * - the part of the line's `subtotalDiscounted` they stand for (what is left of the line after its
 *   pre-tax discounts: the diner never paid the discounted part): `discounted x units / line quantity`;
 * - the taxes on that, at the rates the order stored for each part (pricing.md section 4), each bracket
 *   rounded half-up once over the whole refund as placement rounds them once over the order; a
 *   tax-inclusive order's amounts already hold their tax, nothing is added;
 * - scaled down by a post-tax member discount (`total / (total + discount)`), rounded half-up once.
 * Charges (service, delivery) and the tip are not a line's: staff give them back as an amount.
 *
 * `refundableLeft`: the card's charge less every refund so far; no refund may go above it, whatever
 * the lines come to (gift cards and credits that paid part of the order are not given back here).
 */
import { add, decimal, fromCents, mul, ratio, roundHalfUp, toCents, ZERO, type Ratio } from './decimal';
import type { Costs } from './pricing';

/** The stored costs a line refund reads (rows older than line costs lack `lines`). */
export type RefundCosts = Pick<Costs, 'taxBrackets' | 'taxInfo' | 'memberDiscount' | 'total'> & { lines?: Costs['lines'] | undefined };

export interface RefundLineChoice {
  /** The line's `orderId` in the order (CartItem.orderId, LineCosts.orderId). */
  lineId: number;
  /** Units of the line to give back, >= 1. */
  quantity: number;
}

export type LineRefundError =
  /** No line chosen, a line the order does not have, a line chosen twice, or the order kept no line costs. */
  | 'REFUND_LINE_INVALID'
  /** More units than the line has left to refund (after earlier refunds of it). */
  | 'REFUND_QUANTITY_EXCEEDED';

export type LineRefundResult =
  | {
      ok: true;
      /** Cents to give back: `base + taxes`, after the post-tax member discount's share. */
      amount: number;
      /** Cents of the lines' discounted amounts (rounded once). */
      base: number;
      /** Cents of tax, by bracket in the order's bracket order (each rounded once); zeros when tax-inclusive. */
      taxes: number[];
    }
  | { ok: false; error: LineRefundError };

/** Units of each line refunded so far, by line id. */
export function refundedUnits(refunds: ReadonlyArray<{ lines: ReadonlyArray<RefundLineChoice> }>): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of refunds) for (const line of refund.lines) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  return units;
}

export function lineRefundAmount(
  costs: RefundCosts,
  choices: readonly RefundLineChoice[],
  alreadyRefunded: ReadonlyMap<number, number> = new Map(),
): LineRefundResult {
  const lines = new Map((costs.lines ?? []).map((line) => [line.orderId, line]));
  if (choices.length === 0 || new Set(choices.map((choice) => choice.lineId)).size !== choices.length) {
    return { ok: false, error: 'REFUND_LINE_INVALID' };
  }
  let base: Ratio = ZERO;
  const taxes: Ratio[] = costs.taxBrackets.map(() => ZERO);
  for (const choice of choices) {
    const line = lines.get(choice.lineId);
    if (!line || line.quantity <= 0 || !Number.isSafeInteger(choice.quantity) || choice.quantity < 1) {
      return { ok: false, error: 'REFUND_LINE_INVALID' };
    }
    if (choice.quantity + (alreadyRefunded.get(choice.lineId) ?? 0) > line.quantity)
      return { ok: false, error: 'REFUND_QUANTITY_EXCEEDED' };
    const share = ratio(choice.quantity, line.quantity);
    for (const part of line.parts) {
      const left = mul(fromCents(part.discounted), share);
      base = add(base, left);
      if (costs.taxInfo.taxInclusive) continue;
      costs.taxBrackets.forEach((_, index) => {
        const rate = index === 0 ? part.taxRates.tax1 : part.taxRates.tax2;
        taxes[index] = add(taxes[index]!, mul(left, decimal(rate || '0')));
      });
    }
  }
  const baseCents = toCents(roundHalfUp(base));
  const taxCents = taxes.map((tax) => toCents(roundHalfUp(tax)));
  const gross = baseCents + taxCents.reduce((total, tax) => total + tax, 0);
  const postTax = !costs.memberDiscount.preTax ? costs.memberDiscount.amount : 0;
  const amount = postTax > 0 ? toCents(roundHalfUp(mul(fromCents(gross), ratio(costs.total, costs.total + postTax)))) : gross;
  return { ok: true, amount, base: baseCents, taxes: taxCents };
}

/** What is left to give back on a card charge of `charged` cents after refunds of `refunded` cents. */
export function refundableLeft(charged: number, refunded: number): number {
  return Math.max(0, charged - refunded);
}

/** Staff's reason for a refund: trimmed, 1 to 200 characters, no control characters (null when it is not one). */
export function refundReason(text: string): string | null {
  const trimmed = text.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || trimmed.length > 200 || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(trimmed)) return null;
  return trimmed;
}
