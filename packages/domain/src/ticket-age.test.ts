import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-lifecycle';
import { DEFAULT_TICKET_TARGETS, ticketAge, type AgedTicket, type TicketAge } from './ticket-age';

const NOW = new Date('2026-11-29T18:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const asap = (placedMinutesAgo: number, status: AgedTicket['status'] = 'accepted'): AgedTicket => ({
  status,
  placed_at: ago(placedMinutesAgo),
  pickup_time: null,
  scheduled: false,
});
const scheduledFor = (pickup: string, placedMinutesAgo = 120): AgedTicket => ({
  status: 'accepted',
  placed_at: ago(placedMinutesAgo),
  pickup_time: pickup,
  scheduled: true,
});

// Targets 10 (running long) and 20 (late) minutes: the defaults.
const CASES: Array<[string, AgedTicket, TicketAge | null]> = [
  ['just placed', asap(0, 'placed'), { minutes: 0, level: 'on_time' }],
  [
    '9 min 59 s: still on time',
    { ...asap(0), placed_at: new Date(NOW.getTime() - 599_000).toISOString() },
    { minutes: 9, level: 'on_time' },
  ],
  ['10 min: running long', asap(10), { minutes: 10, level: 'warning' }],
  ['19 min, preparing: running long', asap(19, 'preparing'), { minutes: 19, level: 'warning' }],
  ['20 min: late', asap(20), { minutes: 20, level: 'late' }],
  ['an hour: late', asap(60, 'placed'), { minutes: 60, level: 'late' }],
  ['ready: the clock stopped', asap(60, 'ready'), null],
  ['completed', asap(60, 'completed'), null],
  ['cancelled', asap(60, 'cancelled'), null],
  [
    'ASAP takeout with its estimated time: from when it was placed',
    { ...asap(12), pickup_time: later(5) },
    { minutes: 12, level: 'warning' },
  ],
  ['scheduled in an hour: not started', scheduledFor(later(60)), null],
  ['scheduled in 21 min: not started', scheduledFor(later(21)), null],
  ['scheduled in 20 min: starts now', scheduledFor(later(20)), { minutes: 0, level: 'on_time' }],
  ['scheduled in 10 min: running long', scheduledFor(later(10)), { minutes: 10, level: 'warning' }],
  ['scheduled for now, unready: late', scheduledFor(NOW.toISOString()), { minutes: 20, level: 'late' }],
  ['scheduled 5 min ago: late by 25', scheduledFor(ago(5)), { minutes: 25, level: 'late' }],
  ['scheduled in 5 min but placed 2 min ago: from its placing', scheduledFor(later(5), 2), { minutes: 2, level: 'on_time' }],
  ['placed "after" now (a board clock that ticks each minute, or a little behind): just in', asap(-1), { minutes: 0, level: 'on_time' }],
  ['scheduled, placed "after" now: just in', scheduledFor(later(10), -1), { minutes: 0, level: 'on_time' }],
];

describe('ticketAge', () => {
  it.each(CASES)('%s', (_name, ticket, expected) => {
    expect(ticketAge(ticket, NOW, DEFAULT_TICKET_TARGETS)).toEqual(expected);
  });

  it("follows the restaurant's own targets", () => {
    const targets = { warning_minutes: 5, late_minutes: 8 };
    expect(ticketAge(asap(4), NOW, targets)?.level).toBe('on_time');
    expect(ticketAge(asap(5), NOW, targets)?.level).toBe('warning');
    expect(ticketAge(asap(8), NOW, targets)?.level).toBe('late');
    expect(ticketAge(scheduledFor(later(8)), NOW, targets)).toEqual({ minutes: 0, level: 'on_time' });
  });

  it('gives an age only while the kitchen owes the order', () => {
    const aged = ORDER_STATUSES.filter((status) => ticketAge(asap(3, status), NOW, DEFAULT_TICKET_TARGETS) !== null);
    expect(aged).toEqual(['placed', 'accepted', 'preparing']);
  });
});
