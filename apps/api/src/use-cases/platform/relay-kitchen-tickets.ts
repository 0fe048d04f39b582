/**
 * One pass of the kitchen ticket relay (docs/kitchen-printing.md): claim the tickets due at `now`
 * (one process holds each, by a lease in the database), compose each from its order as it is now,
 * send it to the restaurant's printer once, and record sent, retrying (with the next attempt's time)
 * or failed. The delivery workers (plugins/delivery-workers.ts) run passes on a timer; tests call it
 * with the clock they want.
 *
 * A ticket is sent at most once per claim, and recorded as sent before its lease ends; a process
 * that dies between the printer taking the bytes and the record leaves the ticket to be printed
 * again when the lease ends (at least once: a raw printer port acknowledges nothing).
 */
import { afterFailure, type RetryPolicy } from '@servery/domain/delivery-retries';
import type { Kysely } from 'kysely';
import { asSystem } from '../../db/data-scope';
import { claimDueTickets, findPrinter, recordTicketOutcome, type TicketRow } from '../../db/kitchen-printers-repository';
import { findOrder } from '../../db/placed-orders-repository';
import { findRestaurantById } from '../../db/restaurants-repository';
import type { Database } from '../../kernel/schema';
import { encodeTicket } from '../../lib/escpos-ticket';
import { DeliveryError, reasonOf } from '../../ports/outbound';
import { sendToPrinter, type PrinterTargets } from '../../ports/ticket-printer';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { kitchenLocale, orderTicket, testTicket } from '../staff/compose-kitchen-ticket';
import { staffOrderView } from '../staff/list-staff-orders';
import type { DeliveryLog, PassResult } from './relay-deliveries';

export interface TicketRelayOptions {
  policy: RetryPolicy;
  leaseSeconds: number;
  batch: number;
  timeoutMs: number;
  targets: PrinterTargets;
}

/** Reasons that no retry can change: the ticket fails at once. */
const FINAL = new Set(['NO_PRINTER', 'NO_ORDER']);

async function printOne(db: Kysely<Database>, row: TicketRow, options: TicketRelayOptions, now: Date): Promise<void> {
  const printer = await findPrinter(db, row.restaurant_id);
  if (!printer) throw new DeliveryError('NO_PRINTER');
  const restaurant = await findRestaurantById(db, row.restaurant_id);
  if (!restaurant) throw new DeliveryError('NO_PRINTER');
  let ticket;
  if (row.reason === 'test' || row.order_id === null) ticket = testTicket(restaurant.settings, printer.columns, now);
  else {
    const order = await findOrder(db, row.restaurant_id, row.order_id);
    if (!order) throw new DeliveryError('NO_ORDER');
    const lookup = await publishedMenuLookup(db, row.restaurant_id, now);
    // Items and options named in the kitchen's language.
    const view = staffOrderView(order, lookup, kitchenLocale(restaurant.settings), [], restaurant.settings);
    ticket = orderTicket(view, restaurant.settings, row.reason === 'reprint' || row.reason === 'rescheduled' ? row.reason : 'placed', now);
  }
  await sendToPrinter(printer, encodeTicket(ticket, printer.columns), options);
}

/** Prints the due tickets of every restaurant: named privileged work on the owner's connection (db/data-scope.ts). */
export function relayDueTickets(db: Kysely<Database>, options: TicketRelayOptions, log: DeliveryLog, now: Date): Promise<PassResult> {
  return asSystem('kitchen ticket relay', async () => {
    const rows = await claimDueTickets(db, { now, leaseSeconds: options.leaseSeconds, limit: options.batch });
    const result: PassResult = { sent: 0, retrying: 0, failed: 0 };
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const ticket = { restaurantId: row.restaurant_id, id: row.id };
      const described = { ticketId: row.id, restaurantId: row.restaurant_id, reason: row.reason, attempts };
      try {
        await printOne(db, row, options, now);
        await recordTicketOutcome(db, ticket, { state: 'sent', attempts, nextAttemptAt: null, error: null, now });
        log.info(described, 'kitchen ticket printed');
        result.sent += 1;
      } catch (error) {
        const reason = reasonOf(error);
        const next = FINAL.has(reason) ? ({ state: 'failed' } as const) : afterFailure(attempts, options.policy, now);
        await recordTicketOutcome(db, ticket, {
          state: next.state,
          attempts,
          nextAttemptAt: next.state === 'retrying' ? next.nextAttemptAt.toISOString() : null,
          error: reason,
          now,
        });
        log.warn({ ...described, reason, state: next.state }, 'kitchen ticket not printed');
        result[next.state] += 1;
      }
    }
    return result;
  });
}
