/**
 * The kinds of order event (docs/decisions/0026-order-events.md): written by
 * db/order-events-repository.ts, read and told by the hub in ports/order-events.ts. Kept below both
 * (docs/decisions/0060-layers-one-way.md).
 */
export const ORDER_EVENT_TYPES = [
  'placed',
  'accepted',
  'preparing',
  'ready',
  'completed',
  'cancelled',
  'refunded',
  'partially_refunded',
  // A kitchen station made its lines of the order, or took them back (decision 0107).
  'station_bumped',
  'station_recalled',
  // When it is brought moved with its event's times (use-cases/suites/event-start-moves.ts, decision 0130).
  'rescheduled',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
