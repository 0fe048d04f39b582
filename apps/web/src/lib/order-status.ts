/**
 * A placed order's status as a diner reads it, the same words wherever it shows (the confirmation,
 * the profile's lists and order detail), and how a live stream's news about it applies.
 */
import type { OrderStatusSchema } from '@servery/contracts/orders';

export type OrderStatus = OrderStatusSchema;

const STATUSES: readonly OrderStatus[] = ['placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled', 'refunded'];
const FINAL: ReadonlySet<string> = new Set(['completed', 'cancelled', 'refunded']);

export function isOrderStatus(value: string): value is OrderStatus {
  return (STATUSES as readonly string[]).includes(value);
}

/** Done for the diner: the order can no longer move, so nothing live follows it. */
export function isFinalStatus(status: string): boolean {
  return FINAL.has(status);
}

/** Still moving (placed, accepted, preparing, ready): shown live. */
export function isInProgress(status: string): boolean {
  return isOrderStatus(status) && !FINAL.has(status);
}

/** The i18n key of a status's words (scheduledOrders.statuses.*); a status this build does not know reads "Unknown". */
export function statusLabelKey(status: string): `scheduledOrders.statuses.${OrderStatus | 'other'}` {
  return `scheduledOrders.statuses.${isOrderStatus(status) ? status : 'other'}`;
}

/** The statuses a stream said, by order id. */
export type LiveStatuses = ReadonlyMap<string, OrderStatus>;

/** The stream's news about one order: unchanged (the same object) when it says nothing new. */
export function withStatus(live: LiveStatuses, orderId: string, status: OrderStatus): LiveStatuses {
  if (live.get(orderId) === status) return live;
  return new Map(live).set(orderId, status);
}

/** Where an order stands: what the stream said, else what the page loaded. */
export function currentStatus(live: LiveStatuses, orderId: string, loaded: string): string {
  return live.get(orderId) ?? loaded;
}
