/** Whether a diner may still cancel one of their orders for credit (cancel-scheduled-order.ts, the scheduled order detail). */
import { canDinerCancel, isOrderStatus } from '@servery/domain/order-lifecycle';
import { canCancelSchoolOrder } from '@servery/domain/school-order';
import type { AccountOrderRecord } from '../../db/accounts-repository';
import type { Restaurant } from '../../db/restaurants-repository';
import { schoolCutoff } from '@servery/domain/school-days';

/**
 * Still placed with its pickup ahead; a school order also only until its date's cut-off (the same
 * cut-off that closes ordering for that date: packages/domain/src/school-order.ts). A suite order is
 * never cancelled for credit: nothing was paid for it (its tab is settled when it closes), and its
 * owner changes the pre-order until the lock instead.
 */
export function isCancellable(
  order: Pick<AccountOrderRecord, 'status' | 'pickup_time' | 'school_date' | 'event_suite_id'>,
  restaurant: Restaurant | null,
  now: Date,
): boolean {
  if (order.event_suite_id !== null) return false;
  if (!isOrderStatus(order.status) || !canDinerCancel(order.status)) return false;
  if (order.pickup_time === null || order.pickup_time <= now.toISOString()) return false;
  if (order.school_date === null) return true;
  if (!restaurant) return false;
  return canCancelSchoolOrder(order.school_date, schoolCutoff(now, restaurant.settings), restaurant.settings.zone);
}
