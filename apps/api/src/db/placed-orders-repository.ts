/**
 * What placing an order reads and writes. Every function takes the executor (the placement's
 * transaction) and the tenant first. The "lock" functions write a single row with an upsert: on
 * PostgreSQL that row lock makes concurrent placements of one restaurant (or one slot) wait for each
 * other until commit; on SQLite the transaction already holds the only writer.
 */
import { asSystem } from './data-scope';
import { rowShape, runCompiled, writeCompiled } from './compiled-queries';
import { sql } from 'kysely';
import { OPEN_STATUSES } from '@servery/domain/order-lifecycle';
import type { Executor } from '../kernel/executor';
import type { Database, OrdersTable } from '../kernel/schema';
import { giftCardDigest } from '../lib/secret-digests';
import type { Insertable, Kysely, Selectable } from 'kysely';

export type OrderRow = Selectable<OrdersTable>;

// The statements of every placement are compiled once (compiled-queries.ts, decision 0048).

export async function findIdempotencyKey(db: Executor, restaurantId: number, key: string) {
  const [row] = await runCompiled(
    db,
    'findIdempotencyKey',
    () =>
      db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'order_id'])
        .where('restaurant_id', '=', restaurantId)
        .where('key', '=', key),
    [restaurantId, key],
  );
  return row;
}

/**
 * Claims the key for the placement whose first order will be `orderId`, in the placement's
 * transaction; false when the key is already claimed. The order's id is known before the transaction
 * (commit-checkout.ts newOrderIdentity), so the claim names it at once: the row is invisible to any
 * other request until the transaction commits, with the order, and gone if it rolls back. One
 * statement instead of a claim and a later update (docs/decisions/0070-fewer-statements-per-order.md).
 * True when this call wrote the key; false when another placement had (and committed) it.
 */
export async function claimIdempotencyKey(
  db: Executor,
  restaurantId: number,
  key: string,
  hash: string,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const createdAt = now.toISOString();
  const { rows } = await writeCompiled(
    db,
    'claimIdempotencyKey',
    () =>
      db
        .insertInto('idempotency_keys')
        .values({ restaurant_id: restaurantId, key, request_hash: hash, order_id: orderId, created_at: createdAt })
        .onConflict((conflict) => conflict.columns(['restaurant_id', 'key']).doNothing())
        .returning('key'),
    [restaurantId, key, hash, orderId, createdAt],
  );
  return rows.length > 0;
}

/** Takes the slot's lock row, then counts the open orders already in the slot. */
export async function lockAndCountSlot(db: Executor, restaurantId: number, slot: string): Promise<number> {
  await db
    .insertInto('slot_locks')
    .values({ restaurant_id: restaurantId, slot, placements: 1 })
    .onConflict((conflict) =>
      conflict.columns(['restaurant_id', 'slot']).doUpdateSet((eb) => ({ placements: eb('slot_locks.placements', '+', 1) })),
    )
    .execute();
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .where('pickup_slot', '=', slot)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Open orders per slot start (ISO) from `from` on, for the scheduling restrictions. */
export async function bookedSlots(db: Executor, restaurantId: number, from: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['pickup_slot', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', OPEN_STATUSES)
    .where('pickup_slot', '>=', from.toISOString())
    .groupBy('pickup_slot')
    .execute();
  const booked = new Map<string, number>();
  for (const row of rows) if (row.pickup_slot) booked.set(row.pickup_slot, Number(row.count));
  return booked;
}

/** Takes `amount` cents off a gift card if it still has them; false when the balance changed. */
export async function debitGiftCard(db: Executor, restaurantId: number, number: string, amount: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance_cents: eb('balance_cents', '-', amount), updated_at: now.toISOString() }))
    .where('restaurant_id', '=', restaurantId)
    .where('number_hash', '=', giftCardDigest(restaurantId, number))
    .where('balance_cents', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records one use of a promo code. With a limit, the counter row is checked and incremented in one
 * statement (it stays locked until commit on PostgreSQL), so two placements cannot both take the last use.
 */
export async function recordDiscountCodeUse(
  db: Executor,
  restaurantId: number,
  code: string,
  maxUses: number | null,
  orderId: string,
  now: Date,
): Promise<boolean> {
  if (maxUses !== null) {
    const counted = await db
      .insertInto('discount_code_counters')
      .values({
        restaurant_id: restaurantId,
        code,
        uses: sql<number>`(select count(*) + 1 from discount_code_uses where restaurant_id = ${restaurantId} and code = ${code})`,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['restaurant_id', 'code'])
          .doUpdateSet((eb) => ({ uses: eb('discount_code_counters.uses', '+', 1) }))
          .where('discount_code_counters.uses', '<', maxUses),
      )
      .returning('uses')
      .executeTakeFirst();
    if (!counted || Number(counted.uses) > maxUses) return false;
  }
  await db
    .insertInto('discount_code_uses')
    .values({ restaurant_id: restaurantId, code, order_id: orderId, used_at: now.toISOString() })
    .execute();
  return true;
}

/** The restaurant's next order number; the row stays locked until commit on PostgreSQL. */
export async function nextOrderNumber(db: Executor, restaurantId: number): Promise<number> {
  const { rows } = await writeCompiled(
    db,
    'nextOrderNumber',
    () =>
      db
        .insertInto('order_numbers')
        .values({ restaurant_id: restaurantId, last_number: 1 })
        .onConflict((conflict) =>
          conflict.column('restaurant_id').doUpdateSet((eb) => ({ last_number: eb('order_numbers.last_number', '+', 1) })),
        )
        .returning('last_number'),
    [restaurantId, 1, 1],
  );
  const [row] = rows;
  if (!row) throw new Error('the order number counter returned no row');
  return Number(row.last_number);
}

/**
 * PostgreSQL: the next order number from the restaurant's own sequence, taken outside the order's
 * transaction. A counter row would be locked from the number to the commit, so every placement at
 * a restaurant would wait for the one before it; a sequence is never locked. The price is that a
 * placement that then fails (a declined card) leaves a gap in the numbers. The sequence is made on
 * first use, starting after the numbers the counter row already gave.
 */
export async function takeOrderNumberFromSequence(db: Kysely<Database>, restaurantId: number): Promise<number> {
  const name = `order_numbers_${Math.trunc(restaurantId)}`;
  const next = async () => {
    const { rows } = await sql<{ value: string }>`select nextval(${name}::regclass) as value`.execute(db);
    return Number(rows[0]!.value);
  };
  try {
    return await next();
  } catch (error) {
    if ((error as { code?: string }).code !== '42P01') throw error;
  }
  // Making the sequence is schema work: the owner does it (the application's role owns nothing and
  // is granted the new sequence by the default privileges of migration 0023).
  await asSystem('order number sequence', async () => {
    const counter = await db.selectFrom('order_numbers').select('last_number').where('restaurant_id', '=', restaurantId).executeTakeFirst();
    const start = Number(counter?.last_number ?? 0) + 1;
    try {
      await sql`create sequence if not exists ${sql.id(name)} start with ${sql.lit(start)}`.execute(db);
    } catch (error) {
      // Another placement made it at the same moment.
      if (!['42P07', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
    }
  });
  return next();
}

export async function insertOrder(db: Executor, order: Insertable<OrdersTable>): Promise<void> {
  const [shape, values] = rowShape('orders', order);
  await writeCompiled(db, `insert ${shape}`, () => db.insertInto('orders').values(order), values);
}

export async function findOrder(db: Executor, restaurantId: number, orderId: string): Promise<OrderRow | null> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Every order of the restaurant placed in [start, end) (ISO instants), oldest first: one day's sales;
 * with `vendorId`, a marketplace hub's vendor's orders only.
 */
export async function ordersPlacedBetween(
  db: Executor,
  restaurantId: number,
  start: string,
  end: string,
  vendorId: number | null = null,
): Promise<OrderRow[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('placed_at', '>=', start)
    .where('placed_at', '<', end);
  if (vendorId !== null) query = query.where('vendor_id', '=', vendorId);
  return query.orderBy('placed_at').orderBy('id').execute();
}

/**
 * The stored `data` of a user's latest orders at one restaurant, newest first, leaving out the ones
 * cancelled or refunded (orders_user_idx serves it).
 */
export async function listUserOrderData(db: Executor, restaurantId: number, userId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('data')
    .where('user_id', '=', userId)
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'not in', ['cancelled', 'refunded'])
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.data);
}

export async function findOrderByNumber(db: Executor, restaurantId: number, number: number): Promise<OrderRow | null> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row ?? null;
}

export async function countPayments(db: Executor, restaurantId: number, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The order's row, locked for the rest of the caller's transaction (a partial refund, a status change
 * that gives money back): a write that changes nothing takes PostgreSQL's row lock, so a second
 * refund of the same order waits here and then reads the first one's refunds; SQLite runs one write
 * transaction at a time. Null for an unknown order (docs/decisions/0103-partial-refunds.md).
 */
export async function lockOrder(db: Executor, restaurantId: number, orderId: string): Promise<OrderRow | null> {
  const row = await db
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Writes a locked order's `data` back (its refunds); the row lock held makes a condition needless. */
export async function writeOrderData(db: Executor, restaurantId: number, orderId: string, data: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ data, updated_at: updatedAt })
    .where('restaurant_id', '=', restaurantId)
    .where('id', '=', orderId)
    .execute();
}
