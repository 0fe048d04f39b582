import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Order events (docs/decisions/0026-order-events.md): one row per thing that happened to an order
 * (placed, accepted, ..., refunded), written in the transaction that made it happen, so an event
 * exists if and only if its change does. The staff board listens for them; the webhooks deliver them.
 * On PostgreSQL a trigger NOTIFYs every server process listening, at commit (never for a rolled-back
 * change); on SQLite there is one process and the writer tells its listeners itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_events_restaurant_idx').on('order_events').columns(['restaurant_id', 'at']).execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'at']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function servery_order_event_notify() returns trigger as $$
      begin
        perform pg_notify('servery_order_events', json_build_object('id', new.id, 'restaurant_id', new.restaurant_id, 'order_id', new.order_id, 'type', new.type)::text);
        return new;
      end;
      $$ language plpgsql`.execute(db);
    await sql`create trigger order_events_notify after insert on order_events for each row execute function servery_order_event_notify()`.execute(
      db,
    );
  }
}
