/**
 * How long a kitchen ticket has been waiting, against the restaurant's targets (issue 31 item 3: the
 * board shows each ticket's age, coloured past the targets, as kitchen display systems do). The
 * targets are the tenant file's `kitchen_targets` (packages/contracts/src/tenant-file.ts).
 */
import type { OrderStatus } from './order-lifecycle';

export interface TicketTargets {
  /** A ticket this many minutes old is running long. */
  warning_minutes: number;
  /** A ticket this many minutes old is late; for a scheduled order, its clock starts this long before its time. */
  late_minutes: number;
}

export const DEFAULT_TICKET_TARGETS: TicketTargets = { warning_minutes: 10, late_minutes: 20 };

export type TicketAgeLevel = 'on_time' | 'warning' | 'late';

export interface TicketAge {
  /** Whole minutes since the ticket's clock started. */
  minutes: number;
  level: TicketAgeLevel;
}

/** The statuses in which the kitchen still owes the order: a ready ticket's clock has stopped. */
const WAITING: ReadonlySet<OrderStatus> = new Set(['placed', 'accepted', 'preparing']);

export interface AgedTicket {
  status: OrderStatus;
  /** ISO instant. */
  placed_at: string;
  /** ISO instant the order is wanted at; null for dine-in. */
  pickup_time: string | null;
  /** Placed for a later time (not as soon as possible). */
  scheduled: boolean;
}

/**
 * The ticket's age at `now`, or null when it has none to show: the kitchen is done with it, or it is
 * a scheduled order whose clock has not started. An order as soon as possible (dine-in included)
 * waits from when it was placed. A scheduled order's clock starts `late_minutes` before its time (the
 * last moment the kitchen can start and still have it ready), or when it was placed if that is later:
 * it turns late exactly when its time passes unready.
 */
export function ticketAge(ticket: AgedTicket, now: Date, targets: TicketTargets): TicketAge | null {
  if (!WAITING.has(ticket.status)) return null;
  const placed = Date.parse(ticket.placed_at);
  const wanted = ticket.scheduled && ticket.pickup_time ? Date.parse(ticket.pickup_time) : NaN;
  const start = Number.isFinite(wanted) ? Math.max(placed, wanted - targets.late_minutes * 60_000) : placed;
  if (!Number.isFinite(start)) return null;
  // A scheduled order's clock that has not started yet shows nothing; an order placed "after" now is
  // a board whose clock reads the minute it last ticked (lib/clock.tsx), or a clock a little behind
  // the server's: it has just come in.
  if (now.getTime() < start && start > placed) return null;
  const minutes = Math.max(0, Math.floor((now.getTime() - start) / 60_000));
  const level: TicketAgeLevel = minutes >= targets.late_minutes ? 'late' : minutes >= targets.warning_minutes ? 'warning' : 'on_time';
  return { minutes, level };
}
