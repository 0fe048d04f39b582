import type { Kysely } from 'kysely';
import type { Database } from '../kernel/schema';

export async function countOrdersInStatuses(db: Kysely<Database>, restaurantId: number, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
