/**
 * Stock counts (migration 0033, docs/decisions/0105-stock-counts.md): how many are left of the items
 * staff count. Every query is scoped to its restaurant.
 */
import type { Executor } from '../kernel/executor';

/** The counted items of a restaurant and how many of each are left. */
export async function stockCounts(db: Executor, restaurantId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('item_stock').select(['item_id', 'remaining']).where('restaurant_id', '=', restaurantId).execute();
  return new Map(rows.map((row) => [row.item_id, row.remaining]));
}

/** Counts an item from now on (`remaining` left), or stops counting it (null). */
export async function setStockCount(
  db: Executor,
  restaurantId: number,
  itemId: number,
  remaining: number | null,
  now: Date,
): Promise<void> {
  if (remaining === null) {
    await db.deleteFrom('item_stock').where('restaurant_id', '=', restaurantId).where('item_id', '=', itemId).execute();
    return;
  }
  const row = { restaurant_id: restaurantId, item_id: itemId, remaining, updated_at: now.toISOString() };
  await db
    .insertInto('item_stock')
    .values(row)
    .onConflict((conflict) => conflict.columns(['restaurant_id', 'item_id']).doUpdateSet({ remaining, updated_at: row.updated_at }))
    .execute();
}

/**
 * Takes `quantity` of a counted item, in the order's transaction: one conditional UPDATE, so two
 * orders at once on either database never take more than is left (PostgreSQL's row lock makes the
 * second wait and re-check; SQLite runs one writer at a time). Answers what is left after, or null
 * when fewer than `quantity` were left (nothing taken); `left` then says how many.
 */
export async function takeStock(
  db: Executor,
  restaurantId: number,
  itemId: number,
  quantity: number,
  now: Date,
): Promise<{ taken: true; left: number } | { taken: false; left: number }> {
  const row = await db
    .updateTable('item_stock')
    .set((eb) => ({ remaining: eb('remaining', '-', quantity), updated_at: now.toISOString() }))
    .where('restaurant_id', '=', restaurantId)
    .where('item_id', '=', itemId)
    .where('remaining', '>=', quantity)
    .returning('remaining')
    .executeTakeFirst();
  if (row) return { taken: true, left: row.remaining };
  const stored = await db
    .selectFrom('item_stock')
    .select('remaining')
    .where('restaurant_id', '=', restaurantId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return { taken: false, left: stored?.remaining ?? 0 };
}

/** Gives back what a cancelled order took of counted items (a count staff stopped keeping stays gone). */
export async function returnStock(db: Executor, restaurantId: number, itemId: number, quantity: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('item_stock')
    .set((eb) => ({ remaining: eb('remaining', '+', quantity), updated_at: now.toISOString() }))
    .where('restaurant_id', '=', restaurantId)
    .where('item_id', '=', itemId)
    .returning('remaining')
    .executeTakeFirst();
  return row?.remaining ?? null;
}
