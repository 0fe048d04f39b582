/**
 * What the order status screen (checkout-confirmation-screen.tsx) says first: a headline and one line
 * under it, from where the order stands, how it reaches the diner, the day it was placed and the
 * server's now. The receipt's "See your order's status" link opens that screen days later, so
 * "Order confirmed, thank you" only while the order is still waiting to be accepted; a cancelled
 * order never thanks the diner for placing it. The cases are the table in order-headline.test.ts.
 */
import type { OrderView } from '@servery/contracts/orders';
import { givenBack } from '@servery/domain/money-back';
import { chargesCard } from '@servery/domain/payment-method';
import { localDate } from '@servery/domain/school-days';
import { isOrderStatus, type OrderStatus } from '../../lib/order-status';

/** How the order reaches the diner: collected, brought somewhere, or served where they sit. */
export type HandOver = 'pickup' | 'delivery' | 'table';

export type HeadlineTitle =
  'placed' | 'accepted' | 'preparing' | `ready.${HandOver}` | `completed.${HandOver}` | 'cancelled' | 'refunded' | 'other';

export type HeadlineLead =
  'thanks' | 'thanksOn' | 'accepted' | 'preparing' | `ready.${HandOver}` | 'thankYou' | 'notPrepared' | 'refunded' | 'placedOn';

export interface Headline {
  /** Under checkout.confirmation.headline.title (but `placed`: checkout.confirmation.title). */
  title: HeadlineTitle;
  /** Under checkout.confirmation.headline.lead (but `thanks`: checkout.confirmation.thanks). */
  lead: HeadlineLead;
  /** The day the order was placed (yyyy-MM-dd, the restaurant's zone) when the lead names it, else null. */
  placedOn: string | null;
  /** The placed day is in another year than the server's today: the lead says the year. */
  withYear: boolean;
}

/**
 * Delivered (an address, a suite, a school's lunches brought on their day, a catering room), served at
 * a table, else picked up (a counter, a concourse).
 */
export function handOverOf(
  order: Pick<OrderView, 'delivery' | 'tableNum' | 'tableLocation'> & Partial<Pick<OrderView, 'suite' | 'school'>>,
): HandOver {
  if (order.delivery !== null || order.suite || order.school || order.tableLocation) return 'delivery';
  if (order.tableNum) return 'table';
  return 'pickup';
}

/**
 * The headline and first line. `placedAt` and `now` are instants (the order's placed_at, the server's
 * clock); "today" is the restaurant's calendar day in `zone`, as the receipt and the staff board count it.
 */
export function orderHeadline(status: string, handOver: HandOver, placedAt: Date, now: Date, zone: string): Headline {
  const placedDay = localDate(placedAt, zone);
  const today = localDate(now, zone);
  const past = placedDay !== today;
  const dated = (lead: HeadlineLead, title: HeadlineTitle): Headline => ({
    title,
    lead,
    placedOn: past ? placedDay : null,
    withYear: past && placedDay.slice(0, 4) !== today.slice(0, 4),
  });
  const plain = (title: HeadlineTitle, lead: HeadlineLead): Headline => ({ title, lead, placedOn: null, withYear: false });
  const known: OrderStatus | null = isOrderStatus(status) ? status : null;
  switch (known) {
    case 'placed':
      return past ? dated('thanksOn', 'placed') : plain('placed', 'thanks');
    case 'accepted':
      return plain('accepted', 'accepted');
    case 'preparing':
      return plain('preparing', 'preparing');
    case 'ready':
      return plain(`ready.${handOver}`, `ready.${handOver}`);
    case 'completed':
      return past ? dated('placedOn', `completed.${handOver}`) : plain(`completed.${handOver}`, 'thankYou');
    case 'cancelled':
      return past ? dated('placedOn', 'cancelled') : plain('cancelled', 'notPrepared');
    case 'refunded':
      return past ? dated('placedOn', 'refunded') : plain('refunded', 'refunded');
    default:
      // A status this build does not know: nothing it could claim, only when.
      return past ? dated('placedOn', 'other') : plain('other', 'thankYou');
  }
}

const PROGRESS: readonly OrderStatus[] = ['placed', 'accepted', 'preparing', 'ready'];

/**
 * One status for a hub checkout's vendor orders (one headline over them all): theirs when they agree;
 * else the least advanced of those still moving (the diner is still waiting for it); else, all done
 * but not alike, `completed` when any was handed over, `refunded` when none was but one was refunded.
 */
export function sharedStatus(statuses: readonly string[]): string {
  const first = statuses[0] ?? 'other';
  if (statuses.every((status) => status === first)) return first;
  const moving = PROGRESS.find((status) => statuses.includes(status));
  if (moving) return moving;
  if (statuses.includes('completed')) return 'completed';
  return statuses.includes('refunded') ? 'refunded' : 'cancelled';
}

/**
 * What went back to the card when the whole order was cancelled or refunded (staff/change-order-status.ts
 * refunds what is left of the capture, or voids a card only held): the cents, 0 when nothing had been
 * charged, null for any other order or when partial refunds (order-refunds.tsx lists them) already gave it all back.
 */
export function moneyBack(order: Pick<OrderView, 'status' | 'payment' | 'refundedAmount' | 'credited'>): number | null {
  if (order.status !== 'cancelled' && order.status !== 'refunded') return null;
  // Cancelled for account credit: the card's charge stands (useOrderHeadline says where the money went).
  if (order.credited) return null;
  const { method, amount, captured } = order.payment;
  if (!chargesCard(method) || captured === false || amount === 0) return 0;
  const left = amount - (order.refundedAmount ?? 0);
  return left > 0 ? left : null;
}

/**
 * All the card gave for a cancelled or refunded order, now back on it (partial refunds included): the
 * cents its facts list under "Total charged", so that total never reads as money still spent; null
 * when nothing had been charged (a card only held, a bill, the counter), the order still stands, or it
 * was cancelled for account credit (`credited`, listed apart; domain money-back.ts).
 */
export function refundedInFull(order: Pick<OrderView, 'status' | 'payment' | 'credited'>): number | null {
  if (order.status !== 'cancelled' && order.status !== 'refunded') return null;
  const { card } = givenBack(order);
  return card > 0 ? card : null;
}
