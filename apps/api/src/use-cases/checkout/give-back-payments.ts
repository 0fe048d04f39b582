/**
 * Giving back money a processor outside our database holds for a placement that did not happen
 * (commit-checkout.ts; docs/decisions/0066-payment-faults-and-lifecycle-model.md).
 *
 * Our side cannot know what a call that timed out or failed did: the processor may have authorised
 * or captured before its answer was lost, or (a faulty one) charged twice on one call. So we ask the
 * processor for every payment it holds under the order's reference and void each authorisation and
 * refund each capture, deciding from the processor's state, never from what we believed we had done.
 * `keep` is the payment the placed order stands on (a duplicate beside it is given back too).
 *
 * Best effort by design: the caller is already answering an error (or has placed the order), so a
 * give-back that fails is not thrown; its outcome says what is still held (for the log).
 */
import type { Executor } from '../../kernel/executor';
import type { PaymentProcessor, ProcessorPayment } from '../../ports/payments';

export interface GiveBackOutcome {
  voided: string[];
  refunded: string[];
  /** Payments still holding money: the processor did not answer or refused. */
  stillHeld: string[];
}

export async function giveBackPayments(
  processor: PaymentProcessor,
  db: Executor,
  restaurantId: number,
  reference: string,
  options: {
    /** The payment the placed order keeps; null when nothing was placed. */
    keep: string | null;
    /** What our side knows, should the processor's list itself not answer. */
    known: { paymentId: string; amount: number } | null;
    now: Date;
  },
): Promise<GiveBackOutcome> {
  const outcome: GiveBackOutcome = { voided: [], refunded: [], stillHeld: [] };
  let held: ProcessorPayment[];
  try {
    held = await processor.paymentsFor(db, restaurantId, reference);
  } catch {
    // The processor is still away: try what we know, void first (a capture answers invalid_state).
    if (!options.known || options.known.paymentId === options.keep) return outcome;
    const { paymentId, amount } = options.known;
    const voided = await processor.void(db, restaurantId, paymentId, options.now).catch(() => null);
    if (voided?.ok) outcome.voided.push(paymentId);
    else {
      const refunded = await processor.refund(db, restaurantId, paymentId, amount, options.now).catch(() => null);
      (refunded?.ok ? outcome.refunded : outcome.stillHeld).push(paymentId);
    }
    return outcome;
  }
  for (const payment of held) {
    if (payment.paymentId === options.keep) continue;
    const step =
      payment.status === 'authorised'
        ? processor.void(db, restaurantId, payment.paymentId, options.now)
        : payment.status === 'captured' || payment.status === 'partially_refunded'
          ? processor.refund(db, restaurantId, payment.paymentId, payment.captured - payment.refunded, options.now)
          : null;
    if (!step) continue;
    const result = await step.catch(() => null);
    if (!result?.ok) outcome.stillHeld.push(payment.paymentId);
    else (payment.status === 'authorised' ? outcome.voided : outcome.refunded).push(payment.paymentId);
  }
  return outcome;
}
