/**
 * Gift cards from the staff console (issue 32 item 2; docs/decisions/0112-gift-cards-issued-from-the-console.md),
 * for the restaurant's owners and managers (staff area `gift_cards`). Live money, not menu content:
 * none of it goes through the menu draft.
 *
 * - GET /api/staff/gift-cards: the restaurant's cards, newest first, each by its last four only.
 * - POST /api/staff/gift-cards {amount, recipient?, note?} with an Idempotency-Key: a new card. The
 *   answer holds its whole number, this once: the server keeps only a keyed digest of it. The same key
 *   again answers the same card (and number) without a second card.
 * - POST /api/staff/gift-cards/balance {number}: one card's balance by its whole number (a customer at
 *   the counter); an unknown number is GIFT_CARD_NOT_FOUND, and guesses are limited as the cart's are.
 */
import { z } from 'zod';

export const GIFT_CARD_SOURCES = ['staff', 'file'] as const;

export const StaffGiftCard = z
  .object({
    /** "•••• 2345": all that is kept of the number besides its digest. */
    number: z.string(),
    last_four: z.string(),
    /** Cents it was issued for; null for a card from a tenant file imported before migration 0038. */
    issued_amount: z.number().int().nullable(),
    /** Cents left to spend. */
    balance: z.number().int(),
    /** `staff`: issued from the console; `file`: listed in an imported tenant file. */
    source: z.enum(GIFT_CARD_SOURCES),
    issued_at: z.string().nullable(),
    /** The team member who issued it (their name), null for a card from a file. */
    issued_by: z.string().nullable(),
    recipient: z.string().nullable(),
    note: z.string().nullable(),
    /** When its balance last changed (issued, imported or spent). */
    updated_at: z.string(),
  })
  .meta({ id: 'StaffGiftCard' });
export type StaffGiftCard = z.infer<typeof StaffGiftCard>;

export const StaffGiftCardsResponse = z.object({
  cards: z.array(StaffGiftCard),
  /** The most a card may be issued for, in cents. */
  max_amount: z.number().int(),
});
export type StaffGiftCardsResponse = z.infer<typeof StaffGiftCardsResponse>;

export const IssueGiftCardRequest = z.strictObject({
  /** Cents, 1 to the maximum (GIFT_CARD_AMOUNT_INVALID otherwise, worded in the caller's language). */
  amount: z.number(),
  recipient: z.string().trim().max(80).optional(),
  note: z.string().trim().max(200).optional(),
});
export type IssueGiftCardRequest = z.infer<typeof IssueGiftCardRequest>;

export const IssueGiftCardResponse = z.object({
  card: StaffGiftCard,
  /** The whole card number, 16 digits: shown this once, never stored or sent again but to a replay of this issue. */
  full_number: z.string(),
  /** True when this answers an earlier request with the same Idempotency-Key. */
  replayed: z.boolean(),
});
export type IssueGiftCardResponse = z.infer<typeof IssueGiftCardResponse>;

export const GiftCardBalanceRequest = z.strictObject({ number: z.string().max(40) });
export type GiftCardBalanceRequest = z.infer<typeof GiftCardBalanceRequest>;

export const GiftCardBalanceResponse = z.object({ card: StaffGiftCard });
export type GiftCardBalanceResponse = z.infer<typeof GiftCardBalanceResponse>;
