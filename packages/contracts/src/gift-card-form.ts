/**
 * The staff console's gift-card forms (apps/web/src/features/staff-gift-cards), checked by the same
 * rules as the API (contracts/staff-gift-cards.ts, domain/gift-cards.ts) before anything is sent. As
 * forms.ts: no schema here has a `.meta({ id })`, and zod comes from browser-zod.
 */
import { checkGiftCardAmount, typedGiftCardNumber } from '@servery/domain/gift-cards';
import { typedDollarsToCents } from '@servery/domain/money';
import { z } from './browser-zod';

/** Trimmed text of at most `max` characters; left empty, not sent. */
const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? undefined : text));

/** A new card (POST /api/staff/gift-cards): the amount as typed in dollars ("25", "25,00 $"), sent as cents. */
export const IssueGiftCardForm = z.object({
  amount: z
    .string()
    .transform((typed) => typedDollarsToCents(typed) ?? -1)
    .refine((cents) => checkGiftCardAmount(cents).ok),
  recipient: OptionalText(80),
  note: OptionalText(200),
});
export type IssueGiftCardForm = z.input<typeof IssueGiftCardForm>;

/**
 * A card's number typed at the counter (POST /api/staff/gift-cards/balance): digits, spaces and
 * dashes; 8 to 19 digits, as a tenant file's cards may be (tenant-file.ts `GiftCard`).
 */
export const GiftCardLookUpForm = z.object({
  number: z
    .string()
    .transform(typedGiftCardNumber)
    .refine((number) => /^\d{8,19}$/.test(number)),
});
export type GiftCardLookUpForm = z.input<typeof GiftCardLookUpForm>;
