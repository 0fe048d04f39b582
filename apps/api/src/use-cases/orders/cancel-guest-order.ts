/**
 * A guest cancels their own order where the restaurant allows it (tenant file `guest_order_cancellation`;
 * maple-school does): with the order's secret, while it is still placed and before its pickup (a
 * school order: before its date's cut-off), by the same rule as an account's scheduled orders
 * (order-cancellation.ts). A guest has no account to hold a credit, so the money goes back to the
 * card: the staff's cancellation does the rest (staff/change-order-status.ts: an authorisation is
 * voided, a capture refunded, in the status change's transaction, and the order event says why),
 * only from `placed`, so an order the kitchen accepted meanwhile is refused rather than cancelled.
 * Anything else is 443 SCHEDULED_ORDER_NOT_CANCELLABLE, which the screen reads as "no longer".
 */
import type { GetOrderResponse } from '@servery/contracts/orders';
import type { Locale } from '@servery/contracts/tenant-file';
import type { Db } from '../../db/database';
import type { Restaurant } from '../../db/restaurants-repository';
import { AppError } from '../../lib/app-error';
import type { PaymentProcessor } from '../../ports/payments';
import type { SmsSender } from '../../ports/sms';
import { changeOrderStatus } from '../staff/change-order-status';
import { dinerOrderRow, guestMayCancel, showOrderToDiner } from './get-order';

/** The reason the order's event and the staff board show, in the guest's language. */
const GUEST_REASON: Record<Locale, string> = { 'en-CA': 'Cancelled by the guest.', 'fr-CA': 'Annulée par le client.' };

export async function cancelGuestOrder(
  database: Db,
  restaurant: Restaurant,
  ports: { payments: PaymentProcessor; sms: SmsSender },
  input: { orderId: string; token: string; locale: Locale },
  now: Date,
): Promise<GetOrderResponse> {
  const row = await dinerOrderRow(database.db, restaurant, input.orderId, input.token);
  if (row.status !== 'cancelled') {
    if (!guestMayCancel(row, restaurant, now)) throw new AppError('SCHEDULED_ORDER_NOT_CANCELLABLE');
    try {
      await changeOrderStatus(database, restaurant, input.orderId, 'cancelled', ports, now, {
        userId: null,
        locale: input.locale,
        reason: GUEST_REASON[input.locale],
        onlyFrom: 'placed',
      });
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'ORDER_STATUS_CHANGE_NOT_ALLOWED')
        throw new AppError('SCHEDULED_ORDER_NOT_CANCELLABLE');
      throw error;
    }
  }
  return showOrderToDiner(database.db, restaurant, input.orderId, input.token, now);
}
