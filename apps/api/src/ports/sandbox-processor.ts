/**
 * The built-in sandbox processor: the default PaymentProcessor, which behaves like a real one on one
 * machine. Tokens are random; a token row keeps only brand, last four, expiry, postal code and the
 * outcome the published test cards give (test-cards.ts), never the number or the CVD. Payments are
 * one row each in `payments` (authorised -> captured -> refunded, or voided), amounts in cents.
 *
 * The outcome is decided at tokenisation from the number (it is not kept), except the amount rule:
 * above SANDBOX_CARD_LIMIT any approved card is refused for insufficient funds, like sandboxOutcome.
 * A token is valid for one hour, at the restaurant it was made for.
 *
 * Saved cards: `saveCard` copies a token's row (or checks typed fields) into sandbox_saved_cards under
 * a lasting reference "card_sandbox_…" that any restaurant may authorise until it is deleted; a card
 * whose outcome is `declined` fails the $0 verification and is not saved. An expired card is declined.
 *
 * Wallets: the sandbox authorises Apple Pay and Google Pay tokens of its own published format (the
 * README's sandbox section): `sandbox-wallet:approved`, `sandbox-wallet:declined` and
 * `sandbox-wallet:insufficient_funds`; any other token is declined. It has no Apple Pay merchant
 * identity, so it opens no Apple Pay merchant session and Apple Pay is not offered to browsers.
 */
import { randomBytes } from 'node:crypto';
import { cardType, validateExpiry, type CardType } from '@servery/domain/card';
import { SANDBOX_CARD_LIMIT, sandboxOutcome, type SandboxOutcome } from '@servery/domain/test-cards';
import type { Executor } from '../kernel/executor';
import type { CardTokensTable, SandboxSavedCardsTable } from '../kernel/schema';
import type {
  AuthoriseRequest,
  AuthoriseResult,
  CardEntry,
  PaymentProcessor,
  PaymentStepResult,
  ProcessorPayment,
  SaveCardResult,
  SaveCardSource,
  TokeniseResult,
  WalletAuthoriseRequest,
} from './payments';

export const SANDBOX_TOKEN_TTL_MS = 60 * 60_000;
const SAVED_CARD_PREFIX = 'card_sandbox_';

/** The sandbox's published wallet tokens (Apple Pay and Google Pay alike) and what they give. */
export const SANDBOX_WALLET_TOKENS = {
  approved: 'sandbox-wallet:approved',
  declined: 'sandbox-wallet:declined',
  insufficientFunds: 'sandbox-wallet:insufficient_funds',
} as const;

const WALLET_OUTCOMES: ReadonlyMap<string, SandboxOutcome> = new Map([
  [SANDBOX_WALLET_TOKENS.approved, 'approved'],
  [SANDBOX_WALLET_TOKENS.declined, 'declined'],
  [SANDBOX_WALLET_TOKENS.insufficientFunds, 'insufficient_funds'],
]);

interface ChargeableCard {
  brand: string;
  last4: string;
  expiry: string;
  sandbox_outcome: string;
}

/** The sandbox's statements (db/sandbox-payments-repository.ts, handed in by ports/services.ts). */
export interface SandboxStore {
  insertCardToken(db: Executor, row: CardTokensTable): Promise<void>;
  insertSavedCard(db: Executor, row: SandboxSavedCardsTable): Promise<void>;
  deleteSavedCard(db: Executor, reference: string): Promise<void>;
  findSavedCard(db: Executor, reference: string): Promise<ChargeableCard | undefined>;
  validToken(
    db: Executor,
    restaurantId: number,
    token: string,
    now: Date,
  ): Promise<(ChargeableCard & { postal_code: string | null }) | undefined>;
  insertPayment(
    db: Executor,
    request: { restaurantId: number; orderId: string; amount: number; now: Date },
    method: string,
    cardToken: string | null,
    brand: string | null,
    last4: string | null,
  ): Promise<string>;
  findPayment(
    db: Executor,
    restaurantId: number,
    paymentId: string,
  ): Promise<{ status: string; amount_cents: number; captured_cents: number; refunded_cents: number } | undefined>;
  captureAuthorised(db: Executor, restaurantId: number, paymentId: string, amount: number, now: Date): Promise<boolean>;
  paymentsFor(
    db: Executor,
    restaurantId: number,
    orderId: string,
  ): Promise<Array<{ id: string; status: string; amount_cents: number; captured_cents: number; refunded_cents: number }>>;
  updatePayment(
    db: Executor,
    restaurantId: number,
    paymentId: string,
    values: { status: string; updated_at: string; captured_cents?: number; refunded_cents?: number },
  ): Promise<void>;
}

export function sandboxProcessor(store: SandboxStore): PaymentProcessor {
  return {
    name: 'sandbox',
    recordsInDatabase: true,
    wallets: { applePay: true, googlePay: true },
    applePayMerchant: false,
    googlePayMerchant: false,
    testMode: true,

    async tokenise(db: Executor, restaurantId: number, card: CardEntry, now: Date): Promise<TokeniseResult> {
      // The outcome for a zero-amount verification: the amount rule is applied again at authorisation.
      const outcome: SandboxOutcome = sandboxOutcome(card.number, 0);
      const brand = cardType(card.number);
      if (outcome === 'unsupported_brand' || brand === null) return { ok: false, error: 'CARD_BRAND_UNSUPPORTED' };
      const token = `tok_sandbox_${randomBytes(16).toString('hex')}`;
      const last4 = card.number.replace(/\D/g, '').slice(-4);
      await store.insertCardToken(db, {
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
      });
      return { ok: true, card: { token, brand, last4, expiry: card.expiry } };
    },

    async saveCard(db: Executor, source: SaveCardSource, now: Date): Promise<SaveCardResult> {
      let card: ChargeableCard & { postal_code: string | null };
      if (source.kind === 'token') {
        const row = await store.validToken(db, source.restaurantId, source.token, now);
        if (!row) return { ok: false, error: 'CARD_TOKEN_INVALID' };
        card = row;
      } else {
        const outcome = sandboxOutcome(source.card.number, 0);
        const brand = cardType(source.card.number);
        if (outcome === 'unsupported_brand' || brand === null) return { ok: false, error: 'CARD_BRAND_UNSUPPORTED' };
        card = {
          brand,
          last4: source.card.number.replace(/\D/g, '').slice(-4),
          expiry: source.card.expiry,
          postal_code: source.card.postalCode,
          sandbox_outcome: outcome,
        };
      }
      // The $0 verification a real processor runs before it keeps a card.
      if (card.sandbox_outcome === 'declined' || !validateExpiry(card.expiry, now).ok) {
        return { ok: false, error: 'PAYMENT_METHOD_SAVE_FAILED' };
      }
      const reference = `${SAVED_CARD_PREFIX}${randomBytes(16).toString('hex')}`;
      await store.insertSavedCard(db, {
        reference,
        brand: card.brand,
        last4: card.last4,
        expiry: card.expiry,
        postal_code: card.postal_code,
        sandbox_outcome: card.sandbox_outcome,
        created_at: now.toISOString(),
      });
      return { ok: true, card: { reference, brand: card.brand as CardType, last4: card.last4, expiry: card.expiry } };
    },

    async deleteCard(db: Executor, reference: string): Promise<void> {
      await store.deleteSavedCard(db, reference);
    },

    async authorise(db: Executor, request: AuthoriseRequest): Promise<AuthoriseResult> {
      const saved = request.token.startsWith(SAVED_CARD_PREFIX);
      const row = saved
        ? await store.findSavedCard(db, request.token)
        : await store.validToken(db, request.restaurantId, request.token, request.now);
      if (!row) return { ok: false, reason: 'token_invalid' };
      if (saved && !validateExpiry(row.expiry, request.now).ok) return { ok: false, reason: 'declined' };
      const refused = decide(row.sandbox_outcome as SandboxOutcome, request.amount);
      if (refused) return refused;
      const paymentId = await store.insertPayment(db, request, 'credit_card', request.token, row.brand, row.last4);
      return { ok: true, paymentId, brand: row.brand as CardType, last4: row.last4 };
    },

    async authoriseWallet(db: Executor, request: WalletAuthoriseRequest): Promise<AuthoriseResult> {
      const refused = decide(WALLET_OUTCOMES.get(request.token.trim()) ?? 'declined', request.amount);
      if (refused) return refused;
      const paymentId = await store.insertPayment(db, request, request.wallet, null, null, null);
      return { ok: true, paymentId, brand: null, last4: null };
    },

    async capture(db, restaurantId, paymentId, amount, now): Promise<PaymentStepResult> {
      if (amount > 0 && (await store.captureAuthorised(db, restaurantId, paymentId, amount, now))) return { ok: true };
      // Nothing captured: say why, in the order the checks always ran.
      const payment = await store.findPayment(db, restaurantId, paymentId);
      if (!payment) return { ok: false, reason: 'not_found' };
      if (payment.status !== 'authorised') return { ok: false, reason: 'invalid_state' };
      return { ok: false, reason: 'amount_too_large' };
    },

    async void(db, restaurantId, paymentId, now): Promise<PaymentStepResult> {
      const payment = await store.findPayment(db, restaurantId, paymentId);
      if (!payment) return { ok: false, reason: 'not_found' };
      if (payment.status !== 'authorised') return { ok: false, reason: 'invalid_state' };
      await store.updatePayment(db, restaurantId, paymentId, { status: 'voided', updated_at: now.toISOString() });
      return { ok: true };
    },

    async refund(db, restaurantId, paymentId, amount, now): Promise<PaymentStepResult> {
      const payment = await store.findPayment(db, restaurantId, paymentId);
      if (!payment) return { ok: false, reason: 'not_found' };
      if (payment.status !== 'captured' && payment.status !== 'partially_refunded') return { ok: false, reason: 'invalid_state' };
      const refunded = payment.refunded_cents + amount;
      if (amount <= 0 || refunded > payment.captured_cents) return { ok: false, reason: 'amount_too_large' };
      const status = refunded === payment.captured_cents ? 'refunded' : 'partially_refunded';
      await store.updatePayment(db, restaurantId, paymentId, { status, refunded_cents: refunded, updated_at: now.toISOString() });
      return { ok: true };
    },

    async paymentsFor(db, restaurantId, reference) {
      const rows = await store.paymentsFor(db, restaurantId, reference);
      return rows.map((row) => ({
        paymentId: row.id,
        status: row.status as ProcessorPayment['status'],
        amount: row.amount_cents,
        captured: row.captured_cents,
        refunded: row.refunded_cents,
      }));
    },
  };
}

/** The refusal for this outcome and amount, or null when the sandbox approves. */
function decide(outcome: SandboxOutcome, amount: number): { ok: false; reason: Exclude<SandboxOutcome, 'approved'> } | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, reason: 'declined' };
  if (outcome !== 'approved') return { ok: false, reason: outcome };
  if (amount > SANDBOX_CARD_LIMIT) return { ok: false, reason: 'insufficient_funds' };
  return null;
}
