/**
 * The built-in sandbox processor: the default PaymentProcessor, which behaves like a real one on one
 * machine. Tokens are random; a token row keeps only brand, last four, expiry, postal code and the
 * outcome the published test cards give (test-cards.ts), never the number or the CVD. Payments are
 * one row each in `payments` (authorised -> captured -> refunded, or voided), amounts in cents.
 *
 * The outcome is decided at tokenisation from the number (it is not kept), except the amount rule:
 * above SANDBOX_CARD_LIMIT any approved card is refused for insufficient funds, like sandboxOutcome.
 * A token is valid for one hour, at the restaurant it was made for.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cardType, type CardType } from '@servery/domain/card';
import { SANDBOX_CARD_LIMIT, sandboxOutcome, type SandboxOutcome } from '@servery/domain/test-cards';
import type {
  AuthoriseRequest,
  AuthoriseResult,
  CardEntry,
  Executor,
  PaymentProcessor,
  PaymentStepResult,
  TokeniseResult,
} from './payments';

export const SANDBOX_TOKEN_TTL_MS = 60 * 60_000;

export function sandboxProcessor(): PaymentProcessor {
  return {
    name: 'sandbox',
    recordsInDatabase: true,
    wallets: { applePay: false, googlePay: false },
    testMode: true,

    async tokenise(db: Executor, restaurantId: number, card: CardEntry, now: Date): Promise<TokeniseResult> {
      // The outcome for a zero-amount verification: the amount rule is applied again at authorisation.
      const outcome: SandboxOutcome = sandboxOutcome(card.number, 0);
      const brand = cardType(card.number);
      if (outcome === 'unsupported_brand' || brand === null) return { ok: false, error: 'CARD_BRAND_UNSUPPORTED' };
      const token = `tok_sandbox_${randomBytes(16).toString('hex')}`;
      const last4 = card.number.replace(/\D/g, '').slice(-4);
      await db
        .insertInto('card_tokens')
        .values({
          token,
          restaurant_id: restaurantId,
          processor: 'sandbox',
          brand,
          last4,
          expiry: card.expiry,
          postal_code: card.postalCode,
          sandbox_outcome: outcome,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS).toISOString(),
        })
        .execute();
      return { ok: true, card: { token, brand, last4, expiry: card.expiry } };
    },

    async authorise(db: Executor, request: AuthoriseRequest): Promise<AuthoriseResult> {
      const row = await db
        .selectFrom('card_tokens')
        .select(['brand', 'last4', 'sandbox_outcome', 'expires_at'])
        .where('token', '=', request.token)
        .where('restaurant_id', '=', request.restaurantId)
        .executeTakeFirst();
      if (!row || row.expires_at <= request.now.toISOString()) return { ok: false, reason: 'token_invalid' };
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) return { ok: false, reason: 'declined' };
      if (row.sandbox_outcome !== 'approved') return { ok: false, reason: row.sandbox_outcome as Exclude<SandboxOutcome, 'approved'> };
      if (request.amount > SANDBOX_CARD_LIMIT) return { ok: false, reason: 'insufficient_funds' };
      const paymentId = `pay_${randomUUID()}`;
      const now = request.now.toISOString();
      await db
        .insertInto('payments')
        .values({
          id: paymentId,
          restaurant_id: request.restaurantId,
          order_id: request.orderId,
          processor: 'sandbox',
          method: 'credit_card',
          card_token: request.token,
          brand: row.brand,
          last4: row.last4,
          status: 'authorised',
          amount_cents: request.amount,
          captured_cents: 0,
          refunded_cents: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { ok: true, paymentId, brand: row.brand as CardType, last4: row.last4 };
    },

    async capture(db, restaurantId, paymentId, amount, now): Promise<PaymentStepResult> {
      const payment = await findPayment(db, restaurantId, paymentId);
      if (!payment) return { ok: false, reason: 'not_found' };
      if (payment.status !== 'authorised') return { ok: false, reason: 'invalid_state' };
      if (amount > payment.amount_cents || amount <= 0) return { ok: false, reason: 'amount_too_large' };
      await update(db, restaurantId, paymentId, { status: 'captured', captured_cents: amount, updated_at: now.toISOString() });
      return { ok: true };
    },

    async void(db, restaurantId, paymentId, now): Promise<PaymentStepResult> {
      const payment = await findPayment(db, restaurantId, paymentId);
      if (!payment) return { ok: false, reason: 'not_found' };
      if (payment.status !== 'authorised') return { ok: false, reason: 'invalid_state' };
      await update(db, restaurantId, paymentId, { status: 'voided', updated_at: now.toISOString() });
      return { ok: true };
    },

    async refund(db, restaurantId, paymentId, amount, now): Promise<PaymentStepResult> {
      const payment = await findPayment(db, restaurantId, paymentId);
      if (!payment) return { ok: false, reason: 'not_found' };
      if (payment.status !== 'captured' && payment.status !== 'partially_refunded') return { ok: false, reason: 'invalid_state' };
      const refunded = payment.refunded_cents + amount;
      if (amount <= 0 || refunded > payment.captured_cents) return { ok: false, reason: 'amount_too_large' };
      const status = refunded === payment.captured_cents ? 'refunded' : 'partially_refunded';
      await update(db, restaurantId, paymentId, { status, refunded_cents: refunded, updated_at: now.toISOString() });
      return { ok: true };
    },
  };
}

function findPayment(db: Executor, restaurantId: number, paymentId: string) {
  return db
    .selectFrom('payments')
    .select(['status', 'amount_cents', 'captured_cents', 'refunded_cents'])
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

async function update(
  db: Executor,
  restaurantId: number,
  paymentId: string,
  values: { status: string; updated_at: string; captured_cents?: number; refunded_cents?: number },
): Promise<void> {
  await db.updateTable('payments').set(values).where('restaurant_id', '=', restaurantId).where('id', '=', paymentId).execute();
}
