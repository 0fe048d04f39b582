/**
 * Staff move an order through its lifecycle (domain/order-lifecycle.ts), and the
 * money follows the order:
 *
 * - completed, card only authorised (an open tab, `payment.captured === false`): capture it;
 * - cancelled: void an authorisation, refund a capture;
 * - refunded: refund the capture (void, should the card never have been captured).
 *
 * The status change and the payment step are one transaction. The order row is updated first, and
 * only from the status read (`WHERE status = old`), so two staff pressing "cancel" at once make one
 * refund: on PostgreSQL the second waits for the first's row lock, then finds the status changed
 * and stops before the processor. A processor that keeps its ledger in our database (the sandbox)
 * rolls back with the order; a remote one is called last, so only a failed commit after its success
 * could leave the two apart.
 * Moves that touch no money (accepted, preparing, ready) go through the notifications use case,
 * which also texts the diners waiting for "ready".
 *
 * A suite order cancelled or refunded while its tab is open leaves the tab: its amount no longer
 * counts against the limit nor is settled (suite-orders.ts). The tab's lock is taken before the
 * order's row, in the order placement takes them, so the two never wait on each other in a circle.
 * Once the tab is closed and settled, the order's part of the tab's charge is refunded like any
 * capture (suite-tabs.ts keeps the charge on each order).
 */
import type { StaffOrder } from '@servery/contracts/staff';
import type { Locale } from '@servery/contracts/tenant-file';
import { canTransition, isOrderStatus, needsReason, type OrderStatus } from '@servery/domain/order-lifecycle';
import type { Db } from '../../db/database';
import { lockTab, setTabSpent } from '../../db/event-suites-repository';
import { moveOrderStatus } from '../../db/orders-repository';
import { findOrder, lockOrder, type OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from '../../db/order-events-repository';
import type { Executor } from '../../kernel/executor';
import type { PaymentProcessor } from '../../ports/payments';
import type { SmsSender } from '../../ports/sms';
import { orderMessages, staffOrderView } from './list-staff-orders';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { changeOrderStatus as moveAndNotify } from '../orders/order-notifications';
import { giveBackOrderStock } from '../checkout/take-stock';
import { refundsOf, type StoredOrder } from '../orders/order-view';

export type PaymentAction = 'captured' | 'voided' | 'refunded' | 'none';

const MONEY_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'refunded'];

/** The stored payment (order-view.ts); rows older than saved cards lack paymentId and captured. */
type StoredPayment = Partial<StoredOrder['payment']>;

export async function changeOrderStatus(
  database: Db,
  restaurant: Restaurant,
  orderId: string,
  to: OrderStatus,
  ports: { payments: PaymentProcessor; sms: SmsSender },
  now: Date,
  /** Who moves it, in which language they read the answer, and why (a cancellation, a refund). */
  by: {
    userId: number | null;
    locale: Locale;
    reason?: string | undefined;
    vendorId?: number | null;
    /** Only from this status (a guest cancels a placed order only: it may have been accepted meanwhile). */
    onlyFrom?: OrderStatus;
  } = {
    userId: null,
    locale: 'en-CA',
  },
): Promise<{ order: StaffOrder; paymentAction: PaymentAction }> {
  // Money given back or an order ended without a word would leave the diner and the books asking why.
  const reason = by.reason?.trim() || null;
  if (needsReason(to) && !reason) throw new AppError('ORDER_STATUS_REASON_REQUIRED');
  const [current, lookup] = await Promise.all([
    findOrder(database.db, restaurant.id, orderId),
    publishedMenuLookup(database.db, restaurant.id, now),
  ]);
  // With its messages read through `db`: inside the transaction, its own executor.
  const view = async (row: OrderRow, db: Executor = database.db) =>
    staffOrderView(row, lookup, by.locale, await orderMessages(db, restaurant.id, [row.id]), restaurant.settings);
  if (!current || !isOrderStatus(current.status)) throw new AppError('ORDER_NOT_FOUND');
  // A hub vendor's staff move their own counter's orders only; another vendor's is not found.
  if (by.vendorId != null && current.vendor_id !== by.vendorId) throw new AppError('ORDER_NOT_FOUND');
  // The status it already has: a retried click changes nothing.
  if (current.status === to) return { order: await view(current), paymentAction: 'none' };

  if (!MONEY_STATUSES.includes(to)) {
    const moved = await moveAndNotify(database, restaurant, orderId, to, ports.sms, now, by.userId);
    if (!moved.ok) throw new AppError(moved.error === 'ORDER_NOT_FOUND' ? 'ORDER_NOT_FOUND' : 'ORDER_STATUS_CHANGE_NOT_ALLOWED');
    const row = await findOrder(database.db, restaurant.id, orderId);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return { order: await view(row), paymentAction: 'none' };
  }

  return database.db.transaction().execute(async (trx) => {
    // Locked: a partial refund of this order (partial-refund.ts) waits, or is waited for, and its
    // refunds are in the data read here, never written over.
    const order = await lockOrder(trx, restaurant.id, orderId);
    if (!order || !isOrderStatus(order.status)) throw new AppError('ORDER_NOT_FOUND');
    if (order.status === to) return { order: await view(order, trx), paymentAction: 'none' as const };
    if (!canTransition(order.status, to) || (by.onlyFrom && order.status !== by.onlyFrom)) {
      throw new AppError('ORDER_STATUS_CHANGE_NOT_ALLOWED');
    }

    // A suite order on an open tab gives its amount back to the tab (the tab's lock first).
    const counted = order.status !== 'cancelled' && order.status !== 'refunded';
    const tab =
      order.event_suite_id !== null && to !== 'completed' && counted ? await lockTab(trx, restaurant.id, order.event_suite_id, now) : null;
    if (tab && tab.closed_at === null) {
      await setTabSpent(trx, restaurant.id, order.event_suite_id!, Math.max(0, tab.spent_cents - order.total_cents));
    }
    const data = JSON.parse(order.data) as { payment?: StoredPayment; refunds?: StoredOrder['refunds'] } & Record<string, unknown>;
    const payment = data.payment?.paymentId ? data.payment : null;
    // Orders stored before the flag existed were captured at placement.
    const captured = payment ? payment.captured !== false : false;
    const step: 'capture' | 'void' | 'refund' | null = !payment
      ? null
      : to === 'completed'
        ? captured
          ? null
          : 'capture'
        : captured
          ? 'refund'
          : 'void';
    if (payment && step === 'capture') data.payment = { ...payment, captured: true };
    if (needsReason(to) && reason) data.cancelReason = reason;

    // The row first: a second staff member's change waits here (PostgreSQL row lock) and then finds
    // the status moved, before any processor is asked for anything.
    const updatedAt = now.toISOString();
    const changed = await moveOrderStatus(trx, restaurant.id, orderId, order.status, {
      status: to,
      updated_at: updatedAt,
      data: JSON.stringify(data),
    });
    if (!changed) throw new AppError('ORDER_STATUS_CHANGE_NOT_ALLOWED');
    // A cancelled or refunded order's counted items go back on the shelf (take-stock.ts).
    if (to !== 'completed' && counted) await giveBackOrderStock(trx, restaurant, (data as Partial<StoredOrder>).items ?? [], now);

    let action: PaymentAction = 'none';
    // A capture partly refunded already gives back what is left of it (decision 0103).
    const alreadyRefunded = step === 'refund' ? refundsOf(data).refundedAmount : 0;
    if (payment?.paymentId && step && (step !== 'refund' || (payment.amount ?? 0) > alreadyRefunded)) {
      const amount = (payment.amount ?? 0) - alreadyRefunded;
      const result =
        step === 'capture'
          ? await ports.payments.capture(trx, restaurant.id, payment.paymentId, amount, now)
          : step === 'void'
            ? await ports.payments.void(trx, restaurant.id, payment.paymentId, now)
            : await ports.payments.refund(trx, restaurant.id, payment.paymentId, amount, now);
      // The status change rolls back with it: the order stays where it was, the money too.
      if (!result.ok) throw new AppError('TRANSACTION_FAILED');
      action = step === 'capture' ? 'captured' : step === 'void' ? 'voided' : 'refunded';
    }
    await recordOrderEvent(
      trx,
      { restaurantId: restaurant.id, orderId, type: to, actorUserId: by.userId, reason: needsReason(to) ? reason : null },
      now,
    );
    const row = { ...order, status: to, updated_at: updatedAt, data: JSON.stringify(data) };
    return { order: await view(row, trx), paymentAction: action };
  });
}
