/**
 * A restaurant's kitchen printer and its tickets (migration 0029, docs/kitchen-printing.md). Every
 * query of one restaurant is scoped to it; the relay's claim spans restaurants and runs as named
 * system work (use-cases/platform/relay-kitchen-tickets.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../kernel/executor';
import type { Database } from '../kernel/schema';
import type { Outcome } from './deliveries-repository';
import { duePick, leaseEnd, oldestFirst, type Claim } from './outbox-claim';

/** Why a ticket prints: its order's automatic ticket, the same order at a moved time, a reprint staff asked for, a test. */
export type TicketReason = 'placed' | 'accepted' | 'rescheduled' | 'reprint' | 'test';

export interface PrinterRow {
  host: string;
  port: number;
  columns: number;
  enabled: boolean;
  print_on: 'placed' | 'accepted';
  updated_at: string;
}

const toPrinter = (row: {
  host: string;
  port: number;
  columns: number;
  enabled: number;
  print_on: string;
  updated_at: string;
}): PrinterRow => ({
  host: row.host,
  port: row.port,
  columns: row.columns,
  enabled: row.enabled === 1,
  print_on: row.print_on === 'accepted' ? 'accepted' : 'placed',
  updated_at: row.updated_at,
});

export async function findPrinter(db: Executor, restaurantId: number): Promise<PrinterRow | null> {
  const row = await db
    .selectFrom('kitchen_printers')
    .select(['host', 'port', 'columns', 'enabled', 'print_on', 'updated_at'])
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst();
  return row ? toPrinter(row) : null;
}

export async function savePrinter(
  db: Executor,
  restaurantId: number,
  printer: Omit<PrinterRow, 'updated_at'>,
  by: number,
  now: Date,
): Promise<void> {
  const values = {
    host: printer.host,
    port: printer.port,
    columns: printer.columns,
    enabled: printer.enabled ? 1 : 0,
    print_on: printer.print_on,
    updated_by: by,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('kitchen_printers')
    .values({ restaurant_id: restaurantId, ...values })
    .onConflict((oc) => oc.column('restaurant_id').doUpdateSet(values))
    .execute();
}

/** Removes the printer; its unprinted tickets fail (nothing would print them). */
export async function deletePrinter(db: Executor, restaurantId: number, now: Date): Promise<boolean> {
  const removed = await db.deleteFrom('kitchen_printers').where('restaurant_id', '=', restaurantId).executeTakeFirst();
  await db
    .updateTable('kitchen_tickets')
    .set({ status: 'failed', last_error: 'NO_PRINTER', lease_until: null, next_attempt_at: now.toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', ['queued', 'retrying'])
    .execute();
  return Number(removed.numDeletedRows) > 0;
}

/** Queues one ticket; false when its key was queued already (an order's automatic ticket prints once). */
export async function queueTicket(
  db: Executor,
  ticket: { restaurantId: number; dedupeKey: string; reason: TicketReason; orderId: string | null; requestedBy: number | null },
  now: Date,
): Promise<{ id: string } | null> {
  const id = randomUUID();
  const at = now.toISOString();
  const inserted = await db
    .insertInto('kitchen_tickets')
    .values({
      restaurant_id: ticket.restaurantId,
      id,
      dedupe_key: ticket.dedupeKey,
      reason: ticket.reason,
      order_id: ticket.orderId,
      requested_by: ticket.requestedBy,
      status: 'queued',
      attempts: 0,
      next_attempt_at: at,
      lease_until: null,
      last_error: null,
      created_at: at,
      printed_at: null,
    })
    .onConflict((oc) => oc.columns(['restaurant_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? { id } : null;
}

/**
 * Queues the order's automatic ticket when the restaurant's printer is on and prints at this event
 * (`printsOn`: the event its printer prints at, null without a printer that is on; read with the webhook
 * endpoints in the event's one read of its listeners: db/order-events-repository.ts). Runs in the
 * transaction that records the event, so the ticket is queued if and only if the event happened; the
 * printer is never called from here.
 *
 * An order whose time moved without staff (`rescheduled`: a suite order following its event's new start,
 * use-cases/suites/event-start-moves.ts) prints again, marked as a new time, when its automatic ticket
 * already printed: the kitchen would otherwise make it for the time on paper. A ticket not yet printed
 * prints the order as it is then, and a failed one is for staff to reprint, so neither needs another.
 */
export async function queueTicketForEvent(
  db: Executor,
  event: { id: string; restaurantId: number; orderId: string; type: string },
  now: Date,
  printsOn: string | null,
): Promise<void> {
  if (event.type === 'rescheduled' && printsOn !== null) {
    const printed = await db
      .selectFrom('kitchen_tickets')
      .select('id')
      .where('restaurant_id', '=', event.restaurantId)
      .where('dedupe_key', '=', `auto:${event.orderId}`)
      .where('status', '=', 'sent')
      .executeTakeFirst();
    if (!printed) return;
    const dedupeKey = `rescheduled:${event.id}`;
    await queueTicket(
      db,
      { restaurantId: event.restaurantId, dedupeKey, reason: 'rescheduled', orderId: event.orderId, requestedBy: null },
      now,
    );
    return;
  }
  if ((event.type !== 'placed' && event.type !== 'accepted') || printsOn !== event.type) return;
  await queueTicket(
    db,
    { restaurantId: event.restaurantId, dedupeKey: `auto:${event.orderId}`, reason: event.type, orderId: event.orderId, requestedBy: null },
    now,
  );
}

export type TicketRow = Awaited<ReturnType<typeof claimDueTickets>>[number];

/**
 * Claims the due tickets, oldest first (outbox-claim.ts: two processes never hold the same ticket).
 * A claim lasts `leaseSeconds`; the relay records the outcome before it ends.
 */
export async function claimDueTickets(db: Kysely<Database>, claim: Claim) {
  const rows = await db
    .updateTable('kitchen_tickets')
    .set({ lease_until: leaseEnd(claim) })
    .where('id', 'in', duePick(db, 'kitchen_tickets', claim))
    .returning(['restaurant_id', 'id', 'reason', 'order_id', 'attempts', 'created_at'])
    .execute();
  return oldestFirst(rows);
}

export async function recordTicketOutcome(db: Executor, ticket: { restaurantId: number; id: string }, outcome: Outcome): Promise<void> {
  await db
    .updateTable('kitchen_tickets')
    .set({
      status: outcome.state,
      attempts: outcome.attempts,
      next_attempt_at: outcome.nextAttemptAt ?? outcome.now.toISOString(),
      last_error: outcome.error,
      lease_until: null,
      ...(outcome.state === 'sent' && { printed_at: outcome.now.toISOString() }),
    })
    .where('restaurant_id', '=', ticket.restaurantId)
    .where('id', '=', ticket.id)
    .execute();
}

/**
 * The restaurant's latest tickets, newest first, with their order's number; for a hub vendor's
 * counter (`vendorId`), only its own orders' tickets.
 */
export async function listTickets(db: Executor, restaurantId: number, limit: number, vendorId: number | null = null) {
  let query = db
    .selectFrom('kitchen_tickets')
    .leftJoin('orders', (join) =>
      join.onRef('orders.id', '=', 'kitchen_tickets.order_id').onRef('orders.restaurant_id', '=', 'kitchen_tickets.restaurant_id'),
    )
    .select([
      'kitchen_tickets.id',
      'kitchen_tickets.reason',
      'kitchen_tickets.order_id',
      'orders.number as order_number',
      'kitchen_tickets.status',
      'kitchen_tickets.attempts',
      'kitchen_tickets.next_attempt_at',
      'kitchen_tickets.last_error',
      'kitchen_tickets.created_at',
      'kitchen_tickets.printed_at',
    ])
    .where('kitchen_tickets.restaurant_id', '=', restaurantId)
    .orderBy('kitchen_tickets.created_at', 'desc')
    .orderBy('kitchen_tickets.id', 'desc')
    .limit(limit);
  if (vendorId !== null) query = query.where('orders.vendor_id', '=', vendorId);
  return query.execute();
}
