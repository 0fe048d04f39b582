import { describe, expect, it } from 'vitest';
import type { SuiteDeliveryPreference } from '../event-suites';
import { type EventDayOrderDelivery, eventDayDelivery, type EventDayDelivery, followEventStart } from './suite-delivery';

// Tonight's game at the demo arena: 7 p.m. to 9:30 p.m. in Edmonton (UTC-6 under the 2026 rules).
const game = { starts_at: '2026-12-12T19:00:00-06:00', ends_at: '2026-12-12T21:30:00-06:00' };
const at = (wall: string) => new Date(`2026-12-12T${wall}:00-06:00`);
const asap: EventDayDelivery = { ok: true, deliverAt: null, preference: null };
const when = (wall: string, preference: SuiteDeliveryPreference | null): EventDayDelivery => ({
  ok: true,
  deliverAt: at(wall),
  preference,
});
type Chosen = { preference: SuiteDeliveryPreference | null; time: string | null };
const none: Chosen = { preference: null, time: null };

describe('when an event-day suite order is brought (decision 0130)', () => {
  it.each<[string, string, Chosen, EventDayDelivery]>([
    // Reading 1: before the start, at the start.
    ['placed at noon, seven hours before the start', '12:00', none, when('19:00', 'event_start')],
    ['placed one minute before the start', '18:59', none, when('19:00', 'event_start')],
    // Reading 2: from the start on, as soon as possible.
    ['placed at the start', '19:00', none, asap],
    ['placed during the event', '20:15', none, asap],
    // Reading 3: a named preference still ahead is kept; one already past is as soon as possible.
    ['half-time chosen before the game', '12:00', { preference: 'half_time', time: null }, when('20:15', 'half_time')],
    ['half-time chosen at 8 p.m.', '20:00', { preference: 'half_time', time: null }, when('20:15', 'half_time')],
    ['half-time chosen after half-time', '20:30', { preference: 'half_time', time: null }, asap],
    ['before the event, chosen at noon', '12:00', { preference: 'before_event', time: null }, when('18:30', 'before_event')],
    ['before the event, chosen during it', '19:10', { preference: 'before_event', time: null }, asap],
    ['a chosen time still ahead', '20:00', { preference: 'custom', time: '2026-12-12T21:00:00-06:00' }, when('21:00', 'custom')],
    ['a chosen time just past', '20:00', { preference: 'custom', time: '2026-12-12T19:45:00-06:00' }, asap],
    // Reading 4: refused whatever the clock says.
    [
      'a chosen time after the event',
      '12:00',
      { preference: 'custom', time: '2026-12-12T22:00:00-06:00' },
      { ok: false, error: 'SUITE_DELIVERY_TIME_INVALID', field: 'deliveryTime' },
    ],
    [
      'a chosen time without a time',
      '20:00',
      { preference: 'custom', time: null },
      { ok: false, error: 'SUITE_DELIVERY_TIME_INVALID', field: 'deliveryTime' },
    ],
  ])('%s', (_case, now, chosen, expected) => {
    expect(eventDayDelivery(game, at(now), chosen)).toEqual(expected);
  });

  it('takes an event without an end to last three hours (half-time at 8:30 p.m.)', () => {
    expect(eventDayDelivery({ starts_at: game.starts_at }, at('12:00'), { preference: 'half_time', time: null })).toEqual(
      when('20:30', 'half_time'),
    );
  });

  it('never keeps an instant at or before the moment it was placed', () => {
    const preferences: (SuiteDeliveryPreference | null)[] = [null, 'before_event', 'event_start', 'half_time'];
    for (let minute = 11 * 60; minute <= 22 * 60; minute += 5) {
      const now = new Date(at('00:00').getTime() + minute * 60_000);
      for (const preference of preferences) {
        const result = eventDayDelivery(game, now, { preference, time: null });
        if (result.ok && result.deliverAt) expect(result.deliverAt.getTime()).toBeGreaterThan(now.getTime());
      }
    }
  });
});

describe('an event-day order when its event starts at another time (decision 0130, amendment)', () => {
  const atStart: EventDayOrderDelivery = { status: 'placed', deliverAt: '2026-12-13T01:00:00.000Z', deliveryPreference: 'event_start' };
  const later = '2026-12-12T20:00:00-06:00';
  it.each<[string, EventDayOrderDelivery, string, string, ReturnType<typeof followEventStart>]>([
    ['at the start, moved an hour later', atStart, later, '12:00', { deliverAt: at('20:00'), preference: 'event_start' }],
    ['at the start, moved earlier', atStart, '2026-12-12T18:00:00-06:00', '12:00', { deliverAt: at('18:00'), preference: 'event_start' }],
    ['accepted by the kitchen', { ...atStart, status: 'accepted' }, later, '12:00', { deliverAt: at('20:00'), preference: 'event_start' }],
    ['ready, not yet brought', { ...atStart, status: 'ready' }, later, '12:00', { deliverAt: at('20:00'), preference: 'event_start' }],
    ['moved to a start already past', atStart, '2026-12-12T11:00:00-06:00', '12:00', { deliverAt: null, preference: null }],
    ['the same instant written otherwise', atStart, '2026-12-12T19:00:00-06:00', '12:00', null],
    ['completed', { ...atStart, status: 'completed' }, later, '12:00', null],
    ['cancelled', { ...atStart, status: 'cancelled' }, later, '12:00', null],
    ['refunded', { ...atStart, status: 'refunded' }, later, '12:00', null],
    [
      'as soon as possible (placed during the event)',
      { status: 'placed', deliverAt: null, deliveryPreference: null },
      later,
      '12:00',
      null,
    ],
    ['at half-time', { status: 'placed', deliverAt: at('20:15').toISOString(), deliveryPreference: 'half_time' }, later, '12:00', null],
    ['at a chosen time', { status: 'placed', deliverAt: at('19:00').toISOString(), deliveryPreference: 'custom' }, later, '12:00', null],
    ['at the start of an earlier edit, not this one', { ...atStart, deliverAt: at('18:30').toISOString() }, later, '12:00', null],
  ])('%s', (_case, order, to, now, expected) => {
    expect(followEventStart(order, '2026-12-12T19:00:00-06:00', to, at(now))).toEqual(expected);
  });
});
