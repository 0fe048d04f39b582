import type { Kysely } from 'kysely';
import type { ErrorName } from '@servery/contracts/errors';
import { discountCodeStatus, findDiscountCode } from '@servery/domain/discount-code';
import type { Restaurant } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { countDiscountCodeUses } from '../../db/tenders-repository';

export type DiscountCode = Restaurant['settings']['discount_codes'][number];

/** A restaurant's promo code by its text (any case), if it can be used now. */
export async function checkDiscountCode(
  db: Kysely<Database>,
  restaurant: Restaurant,
  text: string,
  now: Date,
): Promise<{ ok: true; code: DiscountCode; remainingUses: number | null } | { ok: false; error: ErrorName }> {
  const code = findDiscountCode(restaurant.settings.discount_codes, text);
  if (!code) return { ok: false, error: 'DISCOUNT_CODE_NOT_FOUND' };
  const uses = code.max_uses === null ? 0 : await countDiscountCodeUses(db, restaurant.id, code.code);
  const status = discountCodeStatus(code, uses, now);
  return status.ok ? { ok: true, code, remainingUses: status.remainingUses } : status;
}
