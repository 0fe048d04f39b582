/**
 * A restaurant's kitchen printer, as its staff see and set it (contracts/staff-printer.ts,
 * docs/kitchen-printing.md). Owners and managers (staff area `integrations`) set it, remove it and
 * send a test print; every role on the board (area `orders`) sees the latest tickets and reprints an
 * order. Each of these is written to the team's audit in the change's own transaction: a printer
 * receives the restaurant's orders, so who pointed them where, and who reprinted what, matters.
 */
import { randomUUID } from 'node:crypto';
import type { KitchenPrinterResponse, KitchenTicket, PrinterSettings } from '@servery/contracts/staff-printer';
import { canOpen } from '@servery/domain/staff-roles';
import type { Db } from '../../db/database';
import { deletePrinter, findPrinter, listTickets, queueTicket, savePrinter } from '../../db/kitchen-printers-repository';
import { isVendorOrder } from '../../db/orders-repository';
import { findOrder } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { insertAudit } from '../../db/staff-repository';
import { PAPER_COLUMNS } from '../../lib/escpos-ticket';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from './staff-team';

/** The board and the settings show this many of the latest tickets. */
export const TICKET_LOG_LIMIT = 30;

const paperOf = (columns: number): 58 | 80 => (columns === PAPER_COLUMNS[58] ? 58 : 80);

export async function kitchenPrinter(database: Db, restaurant: Restaurant, actor: StaffActor): Promise<KitchenPrinterResponse> {
  const [printer, rows] = await Promise.all([
    findPrinter(database.db, restaurant.id),
    listTickets(database.db, restaurant.id, TICKET_LOG_LIMIT, actor.vendorId),
  ]);
  const tickets = rows.map((row): KitchenTicket => ({
    ...row,
    reason: row.reason as KitchenTicket['reason'],
    status: row.status as KitchenTicket['status'],
    order_number: row.order_number ?? null,
    next_attempt_at: row.status === 'retrying' ? row.next_attempt_at : null,
  }));
  return {
    printer: printer && {
      host: printer.host,
      port: printer.port,
      paper_mm: paperOf(printer.columns),
      enabled: printer.enabled,
      print_on: printer.print_on,
      updated_at: printer.updated_at,
    },
    can_configure: canOpen(actor.role, 'integrations'),
    // A hub vendor's counter sees its own orders' tickets only (listTickets).
    tickets,
  };
}

export async function setKitchenPrinter(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  input: PrinterSettings,
  now: Date,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await savePrinter(
      trx,
      restaurant.id,
      { host: input.host, port: input.port, columns: PAPER_COLUMNS[input.paper_mm], enabled: input.enabled, print_on: input.print_on },
      actor.userId,
      now,
    );
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor,
        action: 'printer_set',
        subject: `${input.host}:${input.port}`,
        detail: { paper_mm: String(input.paper_mm), enabled: String(input.enabled), print_on: input.print_on },
      },
      now,
    );
  });
}

export async function removeKitchenPrinter(database: Db, restaurant: Restaurant, actor: StaffActor, now: Date): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const printer = await findPrinter(trx, restaurant.id);
    if (!printer) throw new AppError('KITCHEN_PRINTER_NOT_SET');
    await deletePrinter(trx, restaurant.id, now);
    await insertAudit(
      trx,
      { restaurantId: restaurant.id, actor, action: 'printer_removed', subject: `${printer.host}:${printer.port}`, detail: null },
      now,
    );
  });
}

export async function queueTestPrint(database: Db, restaurant: Restaurant, actor: StaffActor, now: Date): Promise<{ ticket_id: string }> {
  return database.db.transaction().execute(async (trx) => {
    const printer = await findPrinter(trx, restaurant.id);
    if (!printer) throw new AppError('KITCHEN_PRINTER_NOT_SET');
    const key = randomUUID();
    const queued = await queueTicket(
      trx,
      { restaurantId: restaurant.id, dedupeKey: `test:${key}`, reason: 'test', orderId: null, requestedBy: actor.userId },
      now,
    );
    await insertAudit(
      trx,
      { restaurantId: restaurant.id, actor, action: 'printer_test', subject: `${printer.host}:${printer.port}`, detail: null },
      now,
    );
    return { ticket_id: queued!.id };
  });
}

export async function reprintOrderTicket(
  database: Db,
  restaurant: Restaurant,
  actor: StaffActor,
  orderId: string,
  now: Date,
): Promise<{ ticket_id: string }> {
  return database.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, restaurant.id, orderId);
    if (!order || (actor.vendorId !== null && !(await isVendorOrder(trx, restaurant.id, orderId, actor.vendorId))))
      throw new AppError('ORDER_NOT_FOUND');
    if (!(await findPrinter(trx, restaurant.id))) throw new AppError('KITCHEN_PRINTER_NOT_SET');
    const queued = await queueTicket(
      trx,
      { restaurantId: restaurant.id, dedupeKey: `reprint:${randomUUID()}`, reason: 'reprint', orderId, requestedBy: actor.userId },
      now,
    );
    await insertAudit(
      trx,
      { restaurantId: restaurant.id, actor, action: 'ticket_reprinted', subject: `#${order.number ?? ''}`, detail: { order_id: orderId } },
      now,
    );
    return { ticket_id: queued!.id };
  });
}
