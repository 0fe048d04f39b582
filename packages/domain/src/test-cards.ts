/**
 * The built-in sandbox processor's published test cards and the outcome it gives a
 * card: the API's sandbox processor charges through this, and the docs and browser tests use the
 * same numbers. Every number is Luhn-valid (a test checks).
 *
 * Rules, in order:
 * 1. A number our card rules do not support (card.ts: not AMEX, MC or VISA by prefix) is
 *    `unsupported_brand`, whatever else it is (Discover 6011 1111 1111 1117 is the published one).
 * 2. A supported brand whose number fails the length or Luhn check is `declined`, like a real
 *    processor refusing a bad number.
 * 3. The published declined and insufficient-funds cards give those outcomes.
 * 4. The amount must be whole cents >= 0 (0 verifies a card to save it); anything else is `declined`.
 *    Above `SANDBOX_CARD_LIMIT` ($10,000.00) any card is `insufficient_funds`, so a test can reach that
 *    outcome with any card.
 * 5. Every other valid card is `approved`: a developer may type any real-looking test number.
 */
import { cardType, digitsOnly, validateCardNumber, type CardType } from './card';

export type SandboxOutcome = 'approved' | 'declined' | 'insufficient_funds' | 'unsupported_brand';

export interface TestCard {
  /** Digits only. */
  number: string;
  /** Our card type; null for an unsupported brand. */
  type: CardType | null;
  outcome: SandboxOutcome;
  description: string;
}

/** Cents: above this, the sandbox answers insufficient funds. */
export const SANDBOX_CARD_LIMIT = 1_000_000;

export const TEST_CARDS = {
  visa: { number: '4242424242424242', type: 'VISA', outcome: 'approved', description: 'Visa, approved' },
  mastercard: { number: '5555555555554444', type: 'MC', outcome: 'approved', description: 'Mastercard, approved' },
  mastercard2Series: { number: '2223003122003222', type: 'MC', outcome: 'approved', description: 'Mastercard (2-series), approved' },
  amex: { number: '378282246310005', type: 'AMEX', outcome: 'approved', description: 'American Express, approved' },
  declined: { number: '4000000000000002', type: 'VISA', outcome: 'declined', description: 'Visa, declined' },
  insufficientFunds: { number: '4000000000009995', type: 'VISA', outcome: 'insufficient_funds', description: 'Visa, insufficient funds' },
  unsupportedBrand: {
    number: '6011111111111117',
    type: null,
    outcome: 'unsupported_brand',
    description: 'Discover, not a supported brand',
  },
} as const satisfies Record<string, TestCard>;

const BY_NUMBER: ReadonlyMap<string, TestCard> = new Map(Object.values(TEST_CARDS).map((card) => [card.number, card]));

/** The published card with this number (spaces and dashes ignored), if it is one. */
export function findTestCard(number: string): TestCard | null {
  return BY_NUMBER.get(digitsOnly(number)) ?? null;
}

/** What the sandbox processor answers when `amount` cents are authorised on the card `number`. */
export function sandboxOutcome(number: string, amount: number): SandboxOutcome {
  if (cardType(number) === null) return 'unsupported_brand';
  if (!validateCardNumber(number).ok) return 'declined';
  if (!Number.isSafeInteger(amount) || amount < 0) return 'declined';
  const published = findTestCard(number);
  if (published && published.outcome !== 'approved') return published.outcome;
  return amount > SANDBOX_CARD_LIMIT ? 'insufficient_funds' : 'approved';
}
