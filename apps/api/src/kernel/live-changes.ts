/**
 * The rows every process's live-changes hub reads (ports/order-events.ts) through its repository
 * (db/live-changes-repository.ts; docs/decisions/0058-live-changes-without-notify.md). Both sides
 * name them, so they live here, where both may import (docs/decisions/0060-layers-one-way.md).
 */

/** Where a hub has read a table up to, and the numbers below that it has not seen yet (PostgreSQL). */
export interface Tail {
  last: number;
  gaps: Map<number, number>;
}

/** A numbered change: an order event (SQLite numbers it by rowid) or a suite tab's change. */
export interface ChangeRow {
  seq: number | string;
  restaurant_id: number;
}

export type EventRow = ChangeRow & { id: string; order_id: string; type: string };
export type TabRow = ChangeRow & { event_suite_id: number };
