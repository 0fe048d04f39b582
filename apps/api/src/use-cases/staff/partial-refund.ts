/**
 * Staff give back part of a charged order (issue 31 item 3; docs/decisions/0103-partial-refunds.md):
 * chosen lines, whose amount the server computes from what the order stored (domain/partial-refunds.ts),
 * or a plain amount, with a reason, through the payment port that full refunds use.
 *
 * One transaction: the order's row is locked first (placed-orders-repository.ts `lockOrder`), so two
 * refunds at once are one after the other on PostgreSQL (the second waits for the row lock, then reads
 * the first's refund and what is left) and on SQLite (one write transaction at a time); then the refund
 * is kept in the order's data, the processor gives the money back (a refusal rolls everything back),
 * and the order event (`partially_refunded`: every process's board hears of it) and the team's audit
 * row are written. The Idempotency-Key is kept with the refund: the same key answers the same refund.
 *
 * Owners and managers only (staff-roles.ts `canRefund`): the kitchen's role gets 403.
 */
import { randomUUID } from 'node:crypto';
import type { PartialRefundPreview, PartialRefundRequest, PartialRefundResponse, StaffOrder } from '@servery/contracts/staff';
import type { Locale } from '@servery/contracts/tenant-file';
import { lineRefundAmount, refundedUnits, refundReason, type RefundLineChoice } from '@servery/domain/partial-refunds';
import { canRefund } from '@servery/domain/staff-roles';
import type { Db } from '../../db/database';
import { recordOrderEvent } from '../../db/order-events-repository';
import { findOrder, lockOrder, writeOrderData, type OrderRow } from '../../db/placed-orders-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { insertAudit } from '../../db/staff-repository';
import type { Executor } from '../../kernel/executor';
import { AppError } from '../../lib/app-error';
import type { PaymentProcessor } from '../../ports/payments';
import { publishedMenuLookup } from '../menus/menu-lookup';
import { refundableOf, storedOrderOf, type StoredOrder, type StoredRefund } from '../orders/order-view';
import { orderMessages, staffOrderView } from './list-staff-orders';
import type { StaffActor } from './staff-team';

interface Caller {
  actor: StaffActor;
  locale: Locale;
}

/** What the refund would give back, the order as it is now: nothing is written. */
export async function previewPartialRefund(
  db: Executor,
  restaurant: Restaurant,
  orderId: string,
  request: PartialRefundRequest,
  caller: Caller,
): Promise<PartialRefundPreview> {
  if (!canRefund(caller.actor.role)) throw new AppError('REFUND_ROLE_NOT_ALLOWED');
  const choice = choiceOf(request);
  const row = await findOrder(db, restaurant.id, orderId);
  const order = orderOf(row, caller.actor);
  const refundable = refundableOf(order.row.status, order.data);
  return { amount: amountOf(order.data, choice, refundable), refundable };
}

export async function partialRefund(
  database: Db,
  restaurant: Restaurant,
  orderId: string,
  request: PartialRefundRequest,
  ports: { payments: PaymentProcessor },
  now: Date,
  caller: Caller & { idempotencyKey: string },
): Promise<PartialRefundResponse> {
  if (!canRefund(caller.actor.role)) throw new AppError('REFUND_ROLE_NOT_ALLOWED');
  const choice = choiceOf(request);
  const reason = refundReason(request.reason ?? '');
  if (!reason) throw new AppError('REFUND_REASON_INVALID');
  const lookup = await publishedMenuLookup(database.db, restaurant.id, now);
  const view = async (db: Executor, row: OrderRow): Promise<StaffOrder> =>
    staffOrderView(row, lookup, caller.locale, await orderMessages(db, restaurant.id, [row.id]), restaurant.settings);

  return database.db.transaction().execute(async (trx) => {
    // The row lock first: a second refund of this order waits here, then reads this one's.
    const order = orderOf(await lockOrder(trx, restaurant.id, orderId), caller.actor);
    const refunds = order.data.refunds ?? [];
    const earlier = refunds.find((refund) => refund.key === caller.idempotencyKey);
    if (earlier) {
      // The same key again (a retried click, a lost answer): the refund it made, nothing given back twice.
      if (!sameChoice(earlier, choice)) throw new AppError('REFUND_KEY_REUSED');
      return { order: await view(trx, order.row), refund: publicRefund(earlier), replayed: true };
    }
    const refundable = refundableOf(order.row.status, order.data);
    const amount = amountOf(order.data, choice, refundable);
    const payment = order.data.payment;

    const refund: StoredRefund = {
      id: randomUUID(),
      amount,
      reason,
      lines: choice.kind === 'lines' ? choice.lines : [],
      at: now.toISOString(),
      by: caller.actor.userId,
      key: caller.idempotencyKey,
    };
    const data: StoredOrder = { ...order.data, refunds: [...refunds, refund] };
    const updatedAt = now.toISOString();
    await writeOrderData(trx, restaurant.id, orderId, JSON.stringify(data), updatedAt);
    // The processor last but for the records: its refusal rolls the refund back with the rest.
    const result = await ports.payments.refund(trx, restaurant.id, payment.paymentId!, amount, now);
    if (!result.ok) throw new AppError('REFUND_FAILED');
    await recordOrderEvent(
      trx,
      { restaurantId: restaurant.id, orderId, type: 'partially_refunded', actorUserId: caller.actor.userId, reason },
      now,
    );
    await insertAudit(
      trx,
      {
        restaurantId: restaurant.id,
        actor: { userId: caller.actor.userId, email: caller.actor.email },
        action: 'refunded_part',
        subject: `#${order.row.number ?? ''}`,
        detail: { order_id: orderId, amount: String(amount), reason },
      },
      now,
    );
    const row = { ...order.row, data: JSON.stringify(data), updated_at: updatedAt };
    return { order: await view(trx, row), refund: publicRefund(refund), replayed: false };
  });
}

type Choice = { kind: 'lines'; lines: RefundLineChoice[] } | { kind: 'amount'; amount: number };

/** Lines or an amount, never both nor neither. */
function choiceOf(request: PartialRefundRequest): Choice {
  if ((request.lines === undefined) === (request.amount === undefined)) throw new AppError('REFUND_CHOICE_INVALID');
  if (request.amount !== undefined) return { kind: 'amount', amount: request.amount };
  return { kind: 'lines', lines: request.lines!.map((line) => ({ lineId: line.line_id, quantity: line.quantity })) };
}

/** The order, this caller's to refund (a hub vendor's staff refund their own counter's orders only). */
function orderOf(row: OrderRow | null, actor: StaffActor): { row: OrderRow; data: StoredOrder } {
  if (!row || (actor.vendorId != null && row.vendor_id !== actor.vendorId)) throw new AppError('ORDER_NOT_FOUND');
  return { row, data: storedOrderOf(row) };
}

/** The cents this choice gives back, refused when the order has no charge to refund or too little of it left. */
function amountOf(data: StoredOrder, choice: Choice, refundable: number): number {
  if (refundable <= 0) throw new AppError('REFUND_NOT_POSSIBLE');
  let amount: number;
  if (choice.kind === 'amount') amount = choice.amount;
  else {
    const computed = lineRefundAmount(data.costs, choice.lines, refundedUnits(data.refunds ?? []));
    if (!computed.ok) throw new AppError(computed.error);
    amount = computed.amount;
  }
  // Lines of nothing (a free item): there is nothing to give back.
  if (amount <= 0) throw new AppError('REFUND_CHOICE_INVALID');
  if (amount > refundable) throw new AppError('REFUND_EXCEEDS_CHARGE', undefined, { remaining: refundable });
  return amount;
}

function sameChoice(refund: StoredRefund, choice: Choice): boolean {
  if (choice.kind === 'amount') return refund.lines.length === 0 && refund.amount === choice.amount;
  const key = (lines: readonly RefundLineChoice[]) =>
    JSON.stringify([...lines].sort((a, b) => a.lineId - b.lineId).map((line) => [line.lineId, line.quantity]));
  return key(refund.lines) === key(choice.lines);
}

function publicRefund({ id, amount, reason, lines, at }: StoredRefund) {
  return { id, amount, reason, lines, at };
}
