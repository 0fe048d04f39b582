/**
 * The reads of every process's live-changes hub (ports/order-events.ts;
 * docs/decisions/0058-live-changes-without-notify.md): the order events and suite tab changes past
 * the last one a hub saw, in each dialect. SQLite's order_events has no seq column: its rowid is one.
 * The hub is handed this repository by app.ts, so the port imports nothing from db/
 * (docs/decisions/0060-layers-one-way.md).
 */
import { sql } from 'kysely';
import { asSystem } from './data-scope';
import type { EventRow, TabRow, Tail } from '../kernel/live-changes';
import type { Db } from './database';

export function liveChangesRepository(database: Db, { batch }: { batch: number }) {
  const db = database.db;
  const postgres = database.dialect === 'postgres';
  const past = (tail: Tail) =>
    postgres ? sql`seq > ${tail.last} or seq = any(${[...tail.gaps.keys()]}::bigint[])` : sql`seq > ${tail.last}`;
  return {
    /** Runs one read across tenants: the hub serves every restaurant a subscriber of this process watches. */
    acrossTenants<T>(read: () => Promise<T>): Promise<T> {
      return asSystem('live changes', read);
    },
    async starts(): Promise<{ events: number; tabs: number }> {
      const events = postgres
        ? await sql<{ last: string | null }>`select max(seq) as last from order_events`.execute(db)
        : await sql<{ last: number | null }>`select max(rowid) as last from order_events`.execute(db);
      const tabs = await sql<{ last: number | string | null }>`select max(seq) as last from suite_tab_changes`.execute(db);
      return { events: Number(events.rows[0]?.last ?? 0), tabs: Number(tabs.rows[0]?.last ?? 0) };
    },
    async events(tail: Tail): Promise<EventRow[]> {
      const query = postgres
        ? sql<EventRow>`select seq, id, restaurant_id, order_id, type from order_events where ${past(tail)} order by seq limit ${batch}`
        : sql<EventRow>`select rowid as seq, id, restaurant_id, order_id, type from order_events where rowid > ${tail.last} order by rowid limit ${batch}`;
      return (await query.execute(db)).rows;
    },
    async tabs(tail: Tail): Promise<TabRow[]> {
      const query = sql<TabRow>`select seq, restaurant_id, event_suite_id from suite_tab_changes where ${past(tail)} order by seq limit ${batch}`;
      return (await query.execute(db)).rows;
    },
    async prune(): Promise<void> {
      const before = postgres ? sql`now() - interval '10 minutes'` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 minutes')`;
      await sql`delete from suite_tab_changes where at < ${before}`.execute(db);
    },
  };
}
