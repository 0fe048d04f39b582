/**
 * Kitchen stations' bumps (migration 0035, docs/decisions/0107-kitchen-stations.md): which lines of an
 * order each station has made. Every query is scoped to its restaurant.
 */
import type { Executor } from '../kernel/executor';

export interface BumpRow {
  order_id: string;
  line_id: number;
  station: string;
}

/** The bumps of these orders (a board's day, or one order). */
export async function bumpsOfOrders(db: Executor, restaurantId: number, orderIds: readonly string[]): Promise<BumpRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('station_bumps')
    .select(['order_id', 'line_id', 'station'])
    .where('restaurant_id', '=', restaurantId)
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** Marks these lines made at the station; lines already marked stay as they were. Answers how many it marked. */
export async function insertBumps(
  db: Executor,
  bump: { restaurantId: number; orderId: string; station: string; lineIds: readonly number[]; by: number | null },
  now: Date,
): Promise<number> {
  if (bump.lineIds.length === 0) return 0;
  const rows = bump.lineIds.map((lineId) => ({
    restaurant_id: bump.restaurantId,
    order_id: bump.orderId,
    line_id: lineId,
    station: bump.station,
    bumped_by: bump.by,
    bumped_at: now.toISOString(),
  }));
  const result = await db
    .insertInto('station_bumps')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['restaurant_id', 'order_id', 'line_id', 'station']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Takes back the station's bumps of the order (of these lines only, when named). Answers how many it removed. */
export async function deleteBumps(
  db: Executor,
  bump: { restaurantId: number; orderId: string; station: string; lineIds: readonly number[] | null },
): Promise<number> {
  let query = db
    .deleteFrom('station_bumps')
    .where('restaurant_id', '=', bump.restaurantId)
    .where('order_id', '=', bump.orderId)
    .where('station', '=', bump.station);
  if (bump.lineIds) query = query.where('line_id', 'in', [...bump.lineIds]);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
