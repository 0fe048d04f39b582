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

describe("the ticket's footer says why it printed again", () => {
  const french = { zone: 'America/Edmonton', locales: [{ locale_short: 'fr', locale_long: 'fr-CA', label: 'Français', is_default: true }] };
  it.each([
    ['its first print', settings, 'placed', []],
    ['a reprint staff asked for', settings, 'reprint', ['REPRINT']],
    ['the order at its moved time', settings, 'rescheduled', ['NEW TIME']],
    ['the order at its moved time, in a French kitchen', french, 'rescheduled', ['NOUVELLE HEURE']],
  ] as const)('%s', (_case, kitchen, reason, footer) => {
    const ticket = orderTicket(eventDayOrder('2026-12-11T01:30:00.000Z'), kitchen as typeof settings, reason, NOW);
    expect(ticket.footer).toEqual(footer);
    expect(ticket.heading).toMatch(/19:30|19 h 30/);
  });
});

/** A delivered order as the board reads it: delivered where `delivery` says, for its contact. */
function deliveredOrder(type: string, delivery: StaffOrder['delivery']): StaffOrder {
  return {
    number: 31,
    type,
    tableNum: null,
    tableLocation: null,
    pickup_time: '2026-12-10T18:30:00.000Z',
    placed_at: '2026-12-10T16:00:00.000Z',
    contact: { full_name: 'Élise Tremblay' },
    delivery,
    lines: [],
    notes: '',
  } as unknown as StaffOrder;
}

const french = { ...settings, locales: [{ locale_short: 'fr', locale_long: 'fr-CA', label: 'Français', is_default: true }] };

describe('the kitchen’s ticket of a delivered order says where it goes, in the kitchen’s language', () => {
  it.each([
    [
      'a listed location and the room, floor or suite in it (en)',
      settings,
      deliveredOrder('generic_catering', { type: 'custom_location', location: 'Marché Bonsecours', detail: 'Salle 3' }),
      'Deliver to: Marché Bonsecours, Salle 3',
    ],
    [
      'a listed location and the room, floor or suite in it (fr)',
      french,
      deliveredOrder('generic_catering', { type: 'custom_location', location: 'Centre PHI', detail: 'Étage 12' }),
      'Livrer à : Centre PHI, Étage 12',
    ],
    [
      'a street address and its postal code (en)',
      settings,
      deliveredOrder('takeout', { type: 'default_address', address: '355 Rue Saint-Paul E', postalCode: 'H2Y 1H2' }),
      'Deliver to: 355 Rue Saint-Paul E, H2Y 1H2',
    ],
    [
      'a school’s child and class (fr)',
      french,
      deliveredOrder('school', { type: 'school', student: 'Léa', school: 'École Érable', grade: '3', classroom: '12' }),
      'Livrer à : Léa, École Érable, 3, 12',
    ],
  ] as const)('%s', (_case, kitchen, order, fact) => {
    const ticket = orderTicket(order, kitchen as typeof settings, 'placed', NOW);
    expect(ticket.facts[0]).toBe(fact);
  });

  it('says no place for an order that is not delivered', () => {
    const ticket = orderTicket(deliveredOrder('takeout', null), settings, 'placed', NOW);
    expect(ticket.facts.join(' ')).not.toMatch(/Deliver to/);
  });
});
