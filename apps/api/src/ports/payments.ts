/**
 * The payment processor port (ARCHITECTURE.md rule 8; issue 5 item 2). A processor turns card fields
 * into a token at entry (the number and CVD go no further), then authorises, captures, voids and
 * refunds amounts in integer cents against that token.
 *
 * Every call takes the database executor of the caller's transaction: a processor that keeps its
 * records in our database (the sandbox) writes them atomically with the order, so a rolled-back
 * placement leaves no payment behind. A remote processor ignores it; the use case voids what it
 * captured when the transaction then fails.
 */
import type { Kysely, Transaction } from 'kysely';
import type { CardType } from '@servery/domain/card';
import type { Database } from '../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

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
  token: string;
  /** Cents, > 0. */
  amount: number;
  now: Date;
}

export type AuthoriseResult = { ok: true; paymentId: string; brand: CardType; last4: string } | { ok: false; reason: DeclineReason };

export type PaymentStepResult = { ok: true } | { ok: false; reason: 'not_found' | 'invalid_state' | 'amount_too_large' };

export interface PaymentProcessor {
  readonly name: string;
  /** True when this processor keeps its ledger in our database (the sandbox): rollback undoes it. */
  readonly recordsInDatabase: boolean;
  /** What the processor can take through wallets at all (the browser must support them too). */
  readonly wallets: { applePay: boolean; googlePay: boolean };
  readonly testMode: boolean;
  tokenise(db: Executor, restaurantId: number, card: CardEntry, now: Date): Promise<TokeniseResult>;
  authorise(db: Executor, request: AuthoriseRequest): Promise<AuthoriseResult>;
  capture(db: Executor, restaurantId: number, paymentId: string, amount: number, now: Date): Promise<PaymentStepResult>;
  void(db: Executor, restaurantId: number, paymentId: string, now: Date): Promise<PaymentStepResult>;
  refund(db: Executor, restaurantId: number, paymentId: string, amount: number, now: Date): Promise<PaymentStepResult>;
}
