import type { StaffOrder } from '@servery/contracts/staff';
import { describe, expect, it } from 'vitest';
import { orderTicket } from './compose-kitchen-ticket';

const settings = { zone: 'America/Edmonton', locales: [] };
const NOW = new Date('2026-12-10T16:00:00Z');

/** An event-day suite order as the board reads it: stored as dine-in, at no table (decision 0130). */
function eventDayOrder(pickupTime: string | null): StaffOrder {
  return {
    number: 12,
    type: 'dine_in',
    tableNum: null,
    tableLocation: null,
    pickup_time: pickupTime,
    placed_at: '2026-12-10T16:00:00.000Z',
    contact: { full_name: 'Sam Guest' },
    suite: { kind: 'event_day', guestName: 'Sam Guest' },
    suite_place: { event: 'Tonight', suite: 'Suite 2 — Blue line', location: 'Level 2, north side' },
    lines: [],
    notes: '',
  } as unknown as StaffOrder;
}

describe("the kitchen's ticket of a suite's event-day order", () => {
  it.each([
    ['placed before the event: the suite and the event’s start', '2026-12-11T01:00:00.000Z', 'SUITE 19:00'],
    ['placed during the event: the suite, as soon as possible', null, 'SUITE ASAP'],
  ])('%s', (_case, pickupTime, heading) => {
    expect(orderTicket(eventDayOrder(pickupTime), settings, 'placed', NOW).heading).toBe(heading);
  });
});
