/** Orders that still hold the kitchen's attention, ahead of a new one. */
export const QUEUED_STATUSES = ['placed', 'accepted', 'preparing'] as const;

/**
 * Minutes until a new order would be ready: the orders ahead of it and itself, each taking the
 * restaurant's minutes per order.
 */
export function queueWaitMinutes(ordersAhead: number, minutesPerOrder: number): number {
  return (Math.max(0, Math.trunc(ordersAhead)) + 1) * minutesPerOrder;
}
