import { sql, type Kysely } from 'kysely';

/**
 * The kitchen queue's two counts (orders-repository.ts `countOrdersAhead`, decision 0136) read only
 * open orders, through two partial indexes that hold nothing else: a restaurant's open orders by
 * placing time (those asked for as soon as possible) and by ready time (those for a chosen time).
 * Each index carries the columns that tell the two apart, and the status (SQLite reads the index
 * alone only when it holds every column the query names), so a count never reads the order's row. An order leaves both indexes when it is ready, done or cancelled, so they stay as
 * small as the kitchen's queue. The statuses are written out as in domain queue.ts
 * `QUEUED_STATUSES` at the time of this migration; a query uses a partial index only when it names
 * the same literals (the repository does, and a test checks the plan).
 */
const OPEN = sql.raw(`status in ('placed', 'accepted', 'preparing')`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_queue_placed_idx on orders (restaurant_id, placed_at, pickup_time, pickup_slot, school_date, event_suite_id, status) where ${OPEN}`.execute(
    db,
  );
  await sql`create index orders_queue_due_idx on orders (restaurant_id, pickup_time, pickup_slot, school_date, event_suite_id, status) where ${OPEN}`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_queue_due_idx').execute();
  await db.schema.dropIndex('orders_queue_placed_idx').execute();
}
