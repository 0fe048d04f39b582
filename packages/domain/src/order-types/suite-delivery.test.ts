import { describe, expect, it } from 'vitest';
import type { SuiteDeliveryPreference } from '../event-suites';
import { eventDayDelivery, type EventDayDelivery, followMovedEvent, type SuiteOrderDelivery } from './suite-delivery';

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

describe('a suite order when its event moves (decision 0130, amendments)', () => {
  // The game as it was: 7 p.m. to 9:30 p.m. (half-time 8:15 p.m., before the event 6:30 p.m.).
  const iso = (wall: string) => at(wall).toISOString();
  const eventDay = (preference: SuiteDeliveryPreference | null, wall: string | null): SuiteOrderDelivery => ({
    kind: 'event_day',
    status: 'placed',
    deliverAt: wall === null ? null : iso(wall),
    deliveryPreference: preference,
  });
  const preOrder = (preference: SuiteDeliveryPreference, wall: string): SuiteOrderDelivery => ({
    ...eventDay(preference, wall),
    kind: 'pre_order',
  });
  const atStart = eventDay('event_start', '19:00');
  const moved = (start: string, end: string | null) => ({
    starts_at: `2026-12-12T${start}:00-06:00`,
    ends_at: end === null ? null : `2026-12-12T${end}:00-06:00`,
  });
  const hourLater = moved('20:00', '22:30');
  const follows = (wall: string, preference: SuiteDeliveryPreference) => ({ deliverAt: at(wall), preference });
  it.each<[string, SuiteOrderDelivery, ReturnType<typeof moved>, string, ReturnType<typeof followMovedEvent>]>([
    // Event day, at the start (the first amendment).
    ['event day at the start, moved an hour later', atStart, hourLater, '12:00', follows('20:00', 'event_start')],
    ['event day at the start, moved earlier', atStart, moved('18:00', '20:30'), '12:00', follows('18:00', 'event_start')],
    ['accepted by the kitchen', { ...atStart, status: 'accepted' }, hourLater, '12:00', follows('20:00', 'event_start')],
    ['event day, moved to a start already past', atStart, moved('11:00', '13:30'), '12:00', { deliverAt: null, preference: null }],
    ['the same instant written otherwise', atStart, { starts_at: '2026-12-13T01:00:00Z', ends_at: game.ends_at }, '12:00', null],
    // Half-time follows the start and the end (the second amendment).
    ['event day at half-time, moved an hour later', eventDay('half_time', '20:15'), hourLater, '12:00', follows('21:15', 'half_time')],
    ['half-time when only the end moves', eventDay('half_time', '20:15'), moved('19:00', '22:00'), '12:00', follows('20:30', 'half_time')],
    ['at the start when only the end moves', atStart, moved('19:00', '22:00'), '12:00', null],
    [
      'half-time of a new event without an end (3 hours)',
      eventDay('half_time', '20:15'),
      moved('19:00', null),
      '12:00',
      follows('20:30', 'half_time'),
    ],
    ['event day before the event', eventDay('before_event', '18:30'), hourLater, '12:00', follows('19:30', 'before_event')],
    // Pre-orders.
    ['pre-order at the start', preOrder('event_start', '19:00'), hourLater, '12:00', follows('20:00', 'event_start')],
    ['pre-order before the event', preOrder('before_event', '18:30'), hourLater, '12:00', follows('19:30', 'before_event')],
    ['pre-order at half-time', preOrder('half_time', '20:15'), hourLater, '12:00', follows('21:15', 'half_time')],
    [
      'pre-order accepted',
      { ...preOrder('event_start', '19:00'), status: 'accepted' },
      hourLater,
      '12:00',
      follows('20:00', 'event_start'),
    ],
    // A pre-order is stored with a time: moved to a moment already past, it is due now, not "as soon as possible".
    [
      'pre-order moved to a start already past',
      preOrder('event_start', '19:00'),
      moved('11:00', '13:30'),
      '12:00',
      follows('11:00', 'event_start'),
    ],
    // Already being made, or made: made for the old time, the kitchen decides.
    ['being prepared', { ...atStart, status: 'preparing' }, hourLater, '12:00', null],
    ['ready, not yet brought', { ...atStart, status: 'ready' }, hourLater, '12:00', null],
    ['pre-order ready', { ...preOrder('event_start', '19:00'), status: 'ready' }, hourLater, '12:00', null],
    // Done or gone.
    ['completed', { ...atStart, status: 'completed' }, hourLater, '12:00', null],
    ['cancelled', { ...atStart, status: 'cancelled' }, hourLater, '12:00', null],
    ['refunded', { ...preOrder('event_start', '19:00'), status: 'refunded' }, hourLater, '12:00', null],
    // Its moment has come: on its way (the clock at 7:05 p.m., the game delayed to 8 p.m.).
    ['at the start, the start already come', atStart, hourLater, '19:05', null],
    ['half-time still ahead when the start has come', eventDay('half_time', '20:15'), hourLater, '19:05', follows('21:15', 'half_time')],
    // Not read from the event's times.
    ['as soon as possible (placed during the event)', eventDay(null, null), hourLater, '12:00', null],
    // A chosen clock time: the diner's hour while the event still covers it, else its place in the event.
    ['at a chosen time still inside the moved event', eventDay('custom', '20:00'), hourLater, '12:00', null],
    ['pre-order at a chosen time still inside', preOrder('custom', '21:00'), moved('19:30', '22:00'), '12:00', null],
    ['at a chosen time now before the moved event', eventDay('custom', '19:45'), hourLater, '12:00', follows('20:45', 'custom')],
    [
      'pre-order at a chosen time now after the moved event',
      preOrder('custom', '21:00'),
      moved('18:00', '20:30'),
      '12:00',
      follows('20:00', 'custom'),
    ],
    ['at a chosen time past a shortened end', eventDay('custom', '21:15'), moved('19:00', '20:45'), '12:00', follows('20:45', 'custom')],
    [
      'at a chosen time, the event moved to a day later',
      preOrder('custom', '20:30'),
      { starts_at: '2026-12-13T19:00:00-06:00', ends_at: '2026-12-13T21:30:00-06:00' },
      '12:00',
      { deliverAt: new Date('2026-12-13T20:30:00-06:00'), preference: 'custom' },
    ],
    ['at a chosen time whose moment has come', eventDay('custom', '19:45'), hourLater, '19:50', null],
    [
      'event day at a chosen time moved to a moment already past',
      eventDay('custom', '19:45'),
      moved('11:00', '13:30'),
      '12:00',
      { deliverAt: null, preference: null },
    ],
    ['at the start of an earlier edit, not this one', eventDay('event_start', '18:30'), hourLater, '12:00', null],
  ])('%s', (_case, order, to, now, expected) => {
    expect(followMovedEvent(order, game, to, at(now))).toEqual(expected);
  });
});
