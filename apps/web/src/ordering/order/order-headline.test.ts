import type { OrderView } from '@servery/contracts/orders';
import { describe, expect, it } from 'vitest';
import { handOverOf, moneyBack, orderHeadline, sharedStatus, type HandOver, type Headline } from './order-headline';

const ZONE = 'America/Toronto';
/** The server's now: Wednesday, October 14, 2026, 2 PM in Toronto. */
const NOW = new Date('2026-10-14T18:00:00Z');
const TODAY = new Date('2026-10-14T13:00:00Z');
const MONDAY = new Date('2026-10-12T20:00:00Z');
const LAST_YEAR = new Date('2025-12-30T20:00:00Z');

const h = (title: Headline['title'], lead: Headline['lead'], placedOn: string | null = null, withYear = false): Headline => ({
  title,
  lead,
  placedOn,
  withYear,
});

describe('orderHeadline: the status screen’s headline and first line', () => {
  const cases: Array<[status: string, handOver: HandOver, placedAt: Date, expected: Headline]> = [
    // Just placed: the confirmation as it always was; still waiting days later, it says since when.
    ['placed', 'pickup', TODAY, h('placed', 'thanks')],
    ['placed', 'delivery', MONDAY, h('placed', 'thanksOn', '2026-10-12')],
    // Moving: what it is now, whenever it was placed (its pickup time is among the facts).
    ['accepted', 'pickup', TODAY, h('accepted', 'accepted')],
    ['preparing', 'table', MONDAY, h('preparing', 'preparing')],
    ['ready', 'pickup', TODAY, h('ready.pickup', 'ready.pickup')],
    ['ready', 'delivery', TODAY, h('ready.delivery', 'ready.delivery')],
    ['ready', 'table', TODAY, h('ready.table', 'ready.table')],
    // Done: by how it reached the diner, with the day it was placed when that is not today.
    ['completed', 'pickup', TODAY, h('completed.pickup', 'thankYou')],
    ['completed', 'delivery', MONDAY, h('completed.delivery', 'placedOn', '2026-10-12')],
    ['completed', 'table', LAST_YEAR, h('completed.table', 'placedOn', '2025-12-30', true)],
    // Cancelled or refunded: never a thank-you for placing it.
    ['cancelled', 'pickup', TODAY, h('cancelled', 'notPrepared')],
    ['cancelled', 'delivery', MONDAY, h('cancelled', 'placedOn', '2026-10-12')],
    ['refunded', 'table', TODAY, h('refunded', 'refunded')],
    ['refunded', 'pickup', LAST_YEAR, h('refunded', 'placedOn', '2025-12-30', true)],
    // A status a newer server sends: no claim, only when.
    ['on_hold', 'pickup', TODAY, h('other', 'thankYou')],
    ['on_hold', 'pickup', MONDAY, h('other', 'placedOn', '2026-10-12')],
  ];
  it.each(cases)('%s, %s, placed %s', (status, handOver, placedAt, expected) => {
    expect(orderHeadline(status, handOver, placedAt, NOW, ZONE)).toEqual(expected);
  });

  it('counts "today" as the restaurant’s day by the server’s clock, not UTC’s', () => {
    // 10 PM in Toronto on the 13th is the 14th in UTC: placed yesterday for the restaurant.
    const lateEvening = new Date('2026-10-14T02:00:00Z');
    expect(orderHeadline('completed', 'pickup', lateEvening, NOW, ZONE)).toEqual(h('completed.pickup', 'placedOn', '2026-10-13'));
    // 10:30 PM in Toronto on the 14th (the 15th in UTC): an order placed that afternoon is today's.
    expect(orderHeadline('cancelled', 'pickup', TODAY, new Date('2026-10-15T02:30:00Z'), ZONE)).toEqual(h('cancelled', 'notPrepared'));
    // The next morning it is not.
    expect(orderHeadline('cancelled', 'pickup', TODAY, new Date('2026-10-15T12:00:00Z'), ZONE)).toEqual(
      h('cancelled', 'placedOn', '2026-10-14'),
    );
  });
});

describe('handOverOf', () => {
  const base = { delivery: null, tableNum: null, tableLocation: null } satisfies Pick<OrderView, 'delivery' | 'tableNum' | 'tableLocation'>;
  it.each<[string, Parameters<typeof handOverOf>[0], HandOver]>([
    ['a counter pickup', base, 'pickup'],
    ['a table’s order', { ...base, tableNum: '12' }, 'table'],
    ['a delivery', { ...base, delivery: { type: 'default', address: '1 King St' } as unknown as OrderView['delivery'] }, 'delivery'],
    ['a catering room', { ...base, tableLocation: 'Salle Champlain 2' }, 'delivery'],
    ['a suite’s order', { ...base, suite: {} as NonNullable<OrderView['suite']> }, 'delivery'],
    ['a school lunch', { ...base, school: {} as NonNullable<OrderView['school']> }, 'delivery'],
  ])('%s', (_name, order, expected) => {
    expect(handOverOf(order)).toBe(expected);
  });
});

describe('sharedStatus: one headline over a hub checkout’s vendor orders', () => {
  it.each<[string[], string]>([
    [['ready', 'ready'], 'ready'],
    [['ready', 'preparing', 'completed'], 'preparing'],
    [['completed', 'cancelled'], 'completed'],
    [['cancelled', 'refunded'], 'refunded'],
  ])('%j → %s', (statuses, expected) => {
    expect(sharedStatus(statuses)).toBe(expected);
  });
});

describe('moneyBack: what went back to the card', () => {
  const card = { method: 'credit_card', brand: 'VISA', last4: '4242', reference: null, amount: 1211 } as const;
  it.each<[string, Pick<OrderView, 'status' | 'payment' | 'refundedAmount' | 'credited'>, number | null]>([
    ['a cancelled card order: all of it', { status: 'cancelled', payment: card }, 1211],
    ['cancelled for account credit: nothing went to the card', { status: 'cancelled', payment: card, credited: 1211 }, null],
    ['a refunded one after a partial refund: what was left', { status: 'refunded', payment: card, refundedAmount: 411 }, 800],
    ['partial refunds gave it all back already: nothing more to say', { status: 'cancelled', payment: card, refundedAmount: 1211 }, null],
    ['a card only held (a suite’s tab): nothing was charged', { status: 'cancelled', payment: { ...card, captured: false } }, 0],
    ['paid at the counter: nothing was charged', { status: 'cancelled', payment: { ...card, method: 'pay_on_premise' } }, 0],
    ['a completed order: nothing to say', { status: 'completed', payment: card }, null],
  ])('%s', (_name, order, expected) => {
    expect(moneyBack(order)).toBe(expected);
  });
});
