import type { Kysely } from 'kysely';
import { runCompiled } from './compiled-queries';
import type { Database } from '../kernel/schema';
import type { Executor } from '../kernel/executor';
import { giftCardDigest } from '../lib/secret-digests';

/**
 * The gift card of this number at this restaurant, found by its keyed digest (the number is not
 * stored, lib/secret-digests.ts); `number` is the caller's own, as given.
 */
export async function findGiftCard(
  db: Kysely<Database>,
  restaurantId: number,
  number: string,
): Promise<{ number: string; balance: number } | null> {
  const row = await db
    .selectFrom('gift_cards')
    .select(['balance_cents'])
    .where('restaurant_id', '=', restaurantId)
    .where('number_hash', '=', giftCardDigest(restaurantId, number))
    .executeTakeFirst();
  return row ? { number, balance: row.balance_cents } : null;
}

export async function countDiscountCodeUses(db: Kysely<Database>, restaurantId: number, code: string): Promise<number> {
  // Read on every cart change that carries a promo code with a use limit: compiled once.
  const [row] = await runCompiled(
    db,
    'discountCodeUses',
    () =>
      db
        .selectFrom('discount_code_uses')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('restaurant_id', '=', restaurantId)
        .where('code', '=', code),
    [restaurantId, code],
  );
  return Number(row?.count ?? 0);
}

/** How many orders used each code at the restaurant, most used first (the staff's codes form shows them). */
export async function listDiscountCodeUseCounts(db: Executor, restaurantId: number): Promise<Array<{ code: string; count: number }>> {
  const rows = await db
    .selectFrom('discount_code_uses')
    .select((eb) => ['code', eb.fn.countAll<string | number>().as('count')])
    .where('restaurant_id', '=', restaurantId)
    .groupBy('code')
    .orderBy('count', 'desc')
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ code: row.code, count: Number(row.count) }));
}
