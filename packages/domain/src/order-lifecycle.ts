/**
 * The order lifecycle (ARCHITECTURE.md convention 7): the statuses an order goes
 * through and the only moves between them, as one explicit table.
 *
 * ```
 * placed     -> accepted | cancelled
 * accepted   -> preparing | ready | cancelled
 * preparing  -> ready | cancelled
 * ready      -> completed
 * completed  -> refunded
 * cancelled, refunded: terminal
 * ```
 *
 * - ready -> preparing is no move of this table: only a kitchen station's recall takes it (RECALLS below).
 *
 * - placed: stored and paid (or payment not required); the restaurant has not answered yet. A
 *   scheduled order is "pending" here (spec section 2: pending orders can be cancelled for a credit
 *   refund), so only a placed order may be cancelled by the diner (`canDinerCancel`).
 * - accepted -> ready directly: a kitchen that does not track "preparing" (a bottled drink, a
 *   prepackaged meal) need not fake the step.
 * - preparing -> cancelled: the kitchen can still find it cannot make the order (an ingredient ran
 *   out). Once the food is ready it is no longer cancelled: it is picked up (completed), and money
 *   goes back through completed -> refunded, so a refund is always a record of its own.
 * - cancelled and refunded are terminal. Cancelling a paid order voids or refunds the payment; that
 *   is the use case's job, not this table's.
 * - Staff who cancel or refund say why (`needsReason`): the reason stays with the order and its
 *   event, for the diner, the books and whoever asks later what happened.
 * - Moving to the status an order already has is not a transition (INVALID_TRANSITION): a use case
 *   that wants a retry to be harmless compares the statuses first.
 * - "Open" statuses are the ones the kitchen queue counts (queue.ts `QUEUED_STATUSES`, a test keeps
 *   them equal): placed, accepted, preparing. A ready order waits for its diner, not for the kitchen.
 */
export const ORDER_STATUSES = ['placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['accepted', 'cancelled'],
  accepted: ['preparing', 'ready', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['completed'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** Orders still waiting for the kitchen: the queue counts these ahead of a new order. */
export const OPEN_STATUSES = ['placed', 'accepted', 'preparing'] as const satisfies readonly OrderStatus[];
/** An order the diner still waits for: placed and not yet completed, cancelled or refunded (ready counts: not collected yet). */
export const IN_PROGRESS_STATUSES = ['placed', 'accepted', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];
export const TERMINAL_STATUSES = ['cancelled', 'refunded'] as const satisfies readonly OrderStatus[];

export type TransitionError = 'INVALID_TRANSITION';

/** The order's fields this module reads and writes; the rest is carried along unchanged. */
export interface LifecycleOrder {
  status: OrderStatus;
  statusChangedAt?: Date | null | undefined;
}

export type TransitionResult<T extends LifecycleOrder> =
  { ok: true; order: T & { status: OrderStatus; statusChangedAt: Date } } | { ok: false; error: TransitionError };

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A new order in status `to`, stamped `now`; the given order is not changed. */
export function transition<T extends LifecycleOrder>(order: T, to: OrderStatus, now: Date): TransitionResult<T> {
  if (!canTransition(order.status, to)) return { ok: false, error: 'INVALID_TRANSITION' };
  return { ok: true, order: { ...order, status: to, statusChangedAt: now } };
}

/**
 * A station's recall of a ready order (a line made wrong, a drink that spilled at the pass): the one
 * way back, ready -> preparing, outside TRANSITIONS so no card offers it as a move of its own; only a
 * kitchen station's recall takes it (apps/api/src/use-cases/staff/bump-station.ts,
 * docs/decisions/0107-kitchen-stations.md). The diners told "ready" are told it is not, and texted
 * again when it is.
 */
export const RECALLS: Readonly<Partial<Record<OrderStatus, OrderStatus>>> = { ready: 'preparing' };

/** The order back in the kitchen, stamped `now`, if its status can be recalled (RECALLS). */
export function recallToKitchen<T extends LifecycleOrder>(order: T, now: Date): TransitionResult<T> {
  const to = RECALLS[order.status];
  if (!to) return { ok: false, error: 'INVALID_TRANSITION' };
  return { ok: true, order: { ...order, status: to, statusChangedAt: now } };
}

export function isOpenStatus(status: OrderStatus): boolean {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}

/** No transition leaves these. */
export function isTerminalStatus(status: OrderStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** The moves that end an order or give its money back: staff must say why. */
export const REASON_STATUSES = ['cancelled', 'refunded'] as const satisfies readonly OrderStatus[];

export function needsReason(to: OrderStatus): boolean {
  return (REASON_STATUSES as readonly OrderStatus[]).includes(to);
}

/** A diner (or guest, where the restaurant allows it) may cancel only an order nobody has accepted yet. */
export function canDinerCancel(status: OrderStatus): boolean {
  return status === 'placed';
}
