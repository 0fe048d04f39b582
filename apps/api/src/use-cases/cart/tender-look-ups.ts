/**
 * Gift-card and promo-code look-ups, limited per address and per restaurant
 * (packages/domain/src/rate-limits.ts, docs/decisions/0015-rate-limits.md). Only guesses count.
 *
 * - A gift card is money to whoever holds its number: every look-up reserves a hit first and one that
 *   finds a usable card gives it back, so however many guesses arrive at once, no more than the limit
 *   are ever answered. A number that does not exist and a card with nothing left get the same answer.
 * - A promo code is shared on purpose and is checked on every cart change, so a found code costs
 *   only a read of the counters (refused once they are spent); a miss takes its hit atomically.
 * - A subsidy code likewise (one limit per address, shared with saving a code on the profile); one
 *   refused because the diner is not signed in was not looked at, so it is no guess.
 */
import type { Kysely } from 'kysely';
import type { ErrorName } from '@servery/contracts/errors';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import type { SubsidyConfig } from '@servery/domain/pricing';
import { checkSubsidyCode, type SubsidyCodeCheck } from '@servery/domain/subsidy-codes';
import { findGiftCard } from '../../db/tenders-repository';
import { checkDiscountCode, type DiscountCode } from './check-discount-code';
import { addressKey, type Claim, reserveOrThrow, spentLimit, tooManyRequests } from '../platform/rate-limits';

export type GiftCardLookUp = { ok: true; card: { number: string; balance: number } } | { ok: false; error: 'GIFT_CARD_NOT_FOUND' };

export async function lookUpGiftCard(
  db: Kysely<Database>,
  restaurant: Restaurant,
  number: string,
  address: string,
  now: Date,
): Promise<GiftCardLookUp> {
  const reservation = await reserveOrThrow(
    db,
    [
      { limit: 'giftCardAddress', key: addressKey(address) },
      { limit: 'giftCardRestaurant', key: String(restaurant.id) },
    ],
    now,
  );
  const card = await findGiftCard(db, restaurant.id, number.trim());
  if (!card || card.balance <= 0) return { ok: false, error: 'GIFT_CARD_NOT_FOUND' };
  await reservation.giveBack();
  return { ok: true, card };
}

export async function lookUpDiscountCode(
  db: Kysely<Database>,
  restaurant: Restaurant,
  text: string,
  address: string,
  now: Date,
): Promise<{ ok: true; code: DiscountCode; remainingUses: number | null } | { ok: false; error: ErrorName }> {
  const claims: Claim[] = [
    { limit: 'promoCodeAddress', key: addressKey(address) },
    { limit: 'promoCodeRestaurant', key: String(restaurant.id) },
  ];
  const spent = await spentLimit(db, claims, now);
  if (spent) throw tooManyRequests(spent);
  const checked = await checkDiscountCode(db, restaurant, text, now);
  // A code that exists (even expired or used up) was not a guess.
  if (!checked.ok && checked.error === 'DISCOUNT_CODE_NOT_FOUND') await reserveOrThrow(db, claims, now);
  return checked;
}

export async function lookUpSubsidyCode(
  db: Kysely<Database>,
  /** The restaurant's subsidy as the caller applies it (pricing leaves it out unless `subsidiesEnabled`). */
  config: SubsidyConfig | null,
  typed: string,
  signedIn: boolean,
  address: string,
  now: Date,
): Promise<SubsidyCodeCheck> {
  const claims: Claim[] = [{ limit: 'subsidyCodeAddress', key: addressKey(address) }];
  const spent = await spentLimit(db, claims, now);
  if (spent) throw tooManyRequests(spent);
  const checked = checkSubsidyCode(config, typed, signedIn);
  if (!checked.ok && checked.error === 'SUBSIDY_CODE_NOT_FOUND') await reserveOrThrow(db, claims, now);
  return checked;
}
