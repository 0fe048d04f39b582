/**
 * Card fields typed into a form, checked once for both forms that take them: the processor's hosted
 * field stand-in (POST /payment/tokenize, routes/payment/payment.ts) and a saved card typed on the
 * profile (POST /auth/payment-method, routes/auth/payment-methods.ts). The rules are the domain's
 * (domain/card.ts: the brand first, then every field); only where the request keeps the fields
 * differs, so VALIDATION_FAILED names `body.<field>` or `body.card.<field>`. The number and CVD go to
 * the processor port and are dropped: nothing here stores or logs them.
 */
import type { TokenizeRequest, TokenizeResponse } from '@servery/contracts/payment';
import { isUnsupportedCardBrand, validateCardFields } from '@servery/domain/card';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../kernel/executor';
import type { CardEntry, PaymentProcessor } from '../../ports/payments';

/**
 * The fields as both requests spell them: /payment/tokenize's body is exactly a typed card, and
 * /auth/payment-method's `card` has the same fields (contracts/accounts.ts NewCard).
 */
export type TypedCard = TokenizeRequest;

/** The domain's field names (validateCardFields) as the requests name them. */
const FIELD_NAMES = { number: 'number', cvd: 'cvd', expiry_date: 'expiry', postal_code: 'postal_code' } as const;

/**
 * The typed card, checked: CARD_BRAND_UNSUPPORTED for a brand not taken, else VALIDATION_FAILED with
 * each broken field under `at` ("body" or "body.card"). The postal code is required where the
 * restaurant checks addresses (its `avs` setting).
 */
export function checkedCardEntry(card: TypedCard, now: Date, options: { postalCodeRequired: boolean; at: string }): CardEntry {
  if (isUnsupportedCardBrand(card.number)) throw new AppError('CARD_BRAND_UNSUPPORTED');
  const checked = validateCardFields({ number: card.number, cvd: card.cvd, expiry_date: card.expiry, postal_code: card.postal_code }, now, {
    postalCodeRequired: options.postalCodeRequired,
  });
  if (!checked.ok) {
    throw new AppError(
      'VALIDATION_FAILED',
      Object.entries(checked.errors).map(([field, message]) => ({
        path: `${options.at}.${FIELD_NAMES[field as keyof typeof FIELD_NAMES]}`,
        message: message.key,
      })),
    );
  }
  const valid = checked.value;
  return { number: valid.digits, expiry: valid.expiry.mmyy, cvd: valid.cvd, postalCode: valid.postalCode };
}

/** POST /payment/tokenize: the checked card exchanged for the processor's one-time token. */
export async function tokenizeCard(
  db: Executor,
  payments: PaymentProcessor,
  restaurant: { id: number; settings: { avs: boolean } },
  card: TypedCard,
  now: Date,
): Promise<TokenizeResponse> {
  const entry = checkedCardEntry(card, now, { postalCodeRequired: restaurant.settings.avs, at: 'body' });
  const result = await payments.tokenise(db, restaurant.id, entry, now);
  if (!result.ok) throw new AppError(result.error);
  return result.card;
}
