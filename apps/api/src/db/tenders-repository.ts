import type { Kysely } from 'kysely';
import { runCompiled } from './compiled-queries';
import type { Database } from '../kernel/schema';

export async function findGiftCard(
  db: Kysely<Database>,
  restaurantId: number,
  number: string,
): Promise<{ number: string; balance: number } | null> {
  const row = await db
    .selectFrom('gift_cards')
    .select(['number', 'balance_cents'])
    .where('restaurant_id', '=', restaurantId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row ? { number: row.number, balance: row.balance_cents } : null;
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
