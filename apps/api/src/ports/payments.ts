/**
 * The payment processor port (ARCHITECTURE.md rule 8; docs/decisions/0011-saved-cards.md). A processor turns card fields
 * into a token at entry (the number and CVD go no further), then authorises, captures, voids and
 * refunds amounts in integer cents against that token.
 *
 * Saved cards (docs/decisions/0011-saved-cards.md): a one-time token is per restaurant and expires;
 * `saveCard` turns it (or card fields typed on a profile screen, which has no restaurant) into a
 * lasting reference that belongs to no restaurant, and `authorise` takes either. Wallets (Apple Pay,
 * Google Pay) hand the processor their own payment token: `authoriseWallet`.
 *
 * Every call takes the database executor of the caller's transaction: a processor that keeps its
 * records in our database (the sandbox) writes them atomically with the order, so a rolled-back
 * placement leaves no payment behind. A remote processor ignores it; the use case gives back
 * whatever the processor holds under the order's reference when the transaction then fails
 * (`paymentsFor`: a call that timed out may still have charged).
 */
import type { CardType } from '@servery/domain/card';
import type { Executor } from '../kernel/executor';

export interface CardEntry {
  number: string;
  /** MMYY */
  expiry: string;
  cvd: string;
  postalCode: string | null;
}

export interface CardToken {
  token: string;
  brand: CardType;
  last4: string;
  /** MMYY */
  expiry: string;
}

export type TokeniseResult = { ok: true; card: CardToken } | { ok: false; error: 'CARD_BRAND_UNSUPPORTED' };

export type DeclineReason = 'declined' | 'insufficient_funds' | 'unsupported_brand' | 'token_invalid';

export interface AuthoriseRequest {
  restaurantId: number;
  /** Our order id, the processor's reference. */
  orderId: string;
  /** A one-time token from `tokenise` (this restaurant's, not expired) or a lasting reference from `saveCard`. */
  token: string;
  /** Cents, > 0. */
  amount: number;
  now: Date;
}

export type AuthoriseResult =
  { ok: true; paymentId: string; brand: CardType | null; last4: string | null } | { ok: false; reason: DeclineReason };

/** A card kept for later: what we store with the user's saved card (payment_methods). */
export interface SavedCard {
  /** The processor's lasting reference: usable at any restaurant, until the card is deleted. */
  reference: string;
  brand: CardType;
  last4: string;
  /** MMYY */
  expiry: string;
}

export type SaveCardSource =
  /** A one-time token from `tokenise` at this restaurant (checkout's "save this card"). */
  | { kind: 'token'; restaurantId: number; token: string }
  /** Card fields typed on a profile screen (no restaurant there): checked by the caller, dropped after. */
  | { kind: 'card'; card: CardEntry };

export type SaveCardResult =
  { ok: true; card: SavedCard } | { ok: false; error: 'CARD_TOKEN_INVALID' | 'CARD_BRAND_UNSUPPORTED' | 'PAYMENT_METHOD_SAVE_FAILED' };

export type WalletMethod = 'apple_pay' | 'google_pay';

export interface WalletAuthoriseRequest {
  restaurantId: number;
  orderId: string;
  wallet: WalletMethod;
  /** Apple Pay's payment token or Google Pay's payment data, as the browser gave it. */
  token: string;
  /** Cents, > 0. */
  amount: number;
  now: Date;
}

export type PaymentStepResult = { ok: true } | { ok: false; reason: 'not_found' | 'invalid_state' | 'amount_too_large' };

/** A payment as the processor keeps it, found by our reference (`AuthoriseRequest.orderId`). */
export interface ProcessorPayment {
  paymentId: string;
  status: 'authorised' | 'captured' | 'partially_refunded' | 'refunded' | 'voided';
  amount: number;
  captured: number;
  refunded: number;
}

export interface PaymentProcessor {
  readonly name: string;
  /** True when this processor keeps its ledger in our database (the sandbox): rollback undoes it. */
  readonly recordsInDatabase: boolean;
  /** What the processor can take through wallets at all (the browser must support them too). */
  readonly wallets: { applePay: boolean; googlePay: boolean };
  /**
   * True when the processor holds an Apple Pay merchant identity and can open merchant sessions
   * (POST /payment/get-apple-pay-session). Without one a browser cannot show the Apple Pay sheet, so
   * Apple Pay is not offered, even if the processor would authorise an Apple Pay token.
   */
  readonly applePayMerchant: boolean;
  /**
   * True when a Google Pay merchant (gateway and merchant id) is configured for the processor. Without
   * one Google Pay is not offered, and the browser is never asked about it: its check fetches Google's
   * payment manifest, a call to an outside host no restaurant asked for.
   */
  readonly googlePayMerchant: boolean;
  readonly testMode: boolean;
  tokenise(db: Executor, restaurantId: number, card: CardEntry, now: Date): Promise<TokeniseResult>;
  /** A lasting reference to a card, for a user's saved cards (a $0 verification: a refused card is not saved). */
  saveCard(db: Executor, source: SaveCardSource, now: Date): Promise<SaveCardResult>;
  /** Forget a lasting reference (the user deleted the card). Unknown references are ignored. */
  deleteCard(db: Executor, reference: string): Promise<void>;
  authorise(db: Executor, request: AuthoriseRequest): Promise<AuthoriseResult>;
  authoriseWallet(db: Executor, request: WalletAuthoriseRequest): Promise<AuthoriseResult>;
  capture(db: Executor, restaurantId: number, paymentId: string, amount: number, now: Date): Promise<PaymentStepResult>;
  void(db: Executor, restaurantId: number, paymentId: string, now: Date): Promise<PaymentStepResult>;
  refund(db: Executor, restaurantId: number, paymentId: string, amount: number, now: Date): Promise<PaymentStepResult>;
  /**
   * Every payment the processor holds under our reference, whatever our side believes: after a call
   * that timed out or failed, only the processor knows whether it took the money (and a faulty one
   * may have taken it twice). docs/decisions/0066-payment-faults-and-lifecycle-model.md.
   */
  paymentsFor(db: Executor, restaurantId: number, reference: string): Promise<ProcessorPayment[]>;
}
