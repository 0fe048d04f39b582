import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openState, type HolidayHours, type HoursRange } from './opening-hours';
import { localDateTime, WEEKDAYS, type Weekday } from './price-schedule';
import {
  asapOption,
  checkSlot,
  combineMenuTimings,
  defaultPickupTime,
  isSlotStillAvailable,
  schedulingRestrictions,
  slotKey,
  prepTimeLabel,
  splitPrepTime,
  type BookedCounts,
  type MenuTimings,
  type SchedulingDay,
  type SchedulingInput,
  type SchedulingRestaurant,
} from './scheduling';

const TORONTO = 'America/Toronto';
const at = (iso: string) => new Date(iso);
const range = (day: Weekday, start_time: string, end_time: string): HoursRange => ({ day, start_time, end_time });
const everyDay = (start: string, end: string) => WEEKDAYS.map((day) => range(day, start, end));
const closedOn = (date: string): HolidayHours => ({ date, full_day: true, start_time: null, end_time: null });
const reducedOn = (date: string, start_time: string, end_time: string): HolidayHours => ({ date, full_day: false, start_time, end_time });

/** The Maple Bistro brunch menu's timings. */
const brunch: MenuTimings = {
  required_notice: 30,
  estimated_prep_time: 10,
  last_call_time: 30,
  ordering_interval: 15,
  max_orders_per_interval: 3,
};
const plain: MenuTimings = { ordering_interval: 15 };

interface Overrides {
  restaurant?: Partial<SchedulingRestaurant>;
  menus?: MenuTimings[];
  config?: Partial<SchedulingInput['config']>;
  booked?: BookedCounts;
}

function input(overrides: Overrides = {}): SchedulingInput {
  return {
    restaurant: {
      zone: TORONTO,
      hours: everyDay('11:00', '22:00'),
      holiday_hours: [],
      maxAdvancedOrderDays: 2,
      noTakeoutTimeslot: false,
      orders_paused: false,
      ...overrides.restaurant,
    },
    menus: overrides.menus ?? [brunch],
    config: { takeoutDateRange: null, takeoutSpecificDates: null, ...overrides.config },
    booked: overrides.booked ?? new Map(),
  };
}

const dates = (days: SchedulingDay[]) => days.map((day) => day.date);
const times = (day: SchedulingDay | undefined) => day?.slots.map((slot) => slot.startTime) ?? [];
const quarterTimes = (from: string, count: number) => {
  const [hour, minute] = from.split(':').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const total = hour * 60 + minute + index * 15;
    return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  });
};

describe('prepTimeLabel', () => {
  it.each([
    [{ hours: 0, minutes: 45 }, '45 min', '45 min'],
    [{ hours: 0, minutes: 60 }, '1 h', '1 h'],
    [{ hours: 1, minutes: 30 }, '1 h 30 min', '1 h 30 min'],
    [{ hours: 2, minutes: 0 }, '2 h', '2 h'],
    [{ hours: 23, minutes: 59 }, '23 h 59 min', '23 h 59 min'],
    [{ hours: 24, minutes: 0 }, '1 day', '1 jour'],
    [{ hours: 49, minutes: 0 }, '2 days 1 h', '2 jours 1 h'],
    [{ hours: 72, minutes: 20 }, '3 days', '3 jours'],
    [{ hours: 47, minutes: 45 }, '2 days', '2 jours'],
  ])('%o reads %s and %s', (prep, english, french) => {
    expect(prepTimeLabel(prep, 'en-CA')).toBe(english);
    expect(prepTimeLabel(prep, 'fr-CA')).toBe(french);
  });
});

describe('splitPrepTime', () => {
  it.each([
    [0, 0, 0],
    [10, 0, 10],
    [40, 0, 40],
    [60, 0, 60],
    [61, 1, 1],
    [90, 1, 30],
    [120, 2, 0],
    [1440, 24, 0],
    [12.2, 0, 13],
    [-5, 0, 0],
    [Number.NaN, 0, 0],
    [Number.POSITIVE_INFINITY, 0, 0],
  ])('%s minutes -> %s h %s min', (minutes, hours, rest) => {
    expect(splitPrepTime(minutes)).toEqual({ hours, minutes: rest });
  });

  it('keeps every minute: hours x 60 + minutes is the input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (minutes) => {
        const split = splitPrepTime(minutes);
        expect(split.hours * 60 + split.minutes).toBe(minutes);
        expect(split.minutes).toBeLessThan(minutes > 60 ? 60 : 61);
      }),
    );
  });
});

describe('defaultPickupTime', () => {
  it.each([
    ['2026-01-15', TORONTO, '2026-01-15T17:00:00.000Z'],
    ['2026-03-08', TORONTO, '2026-03-08T16:00:00.000Z'],
    ['2026-11-01', TORONTO, '2026-11-01T17:00:00.000Z'],
    ['2026-07-01', 'America/Vancouver', '2026-07-01T19:00:00.000Z'],
  ])('%s in %s is noon local', (date, zone, expected) => {
    expect(defaultPickupTime(date, zone)?.toISOString()).toBe(expected);
  });

  it.each(['2026-02-30', '2026-1-5', '', 'tomorrow'])('%j is not a date', (date) => {
    expect(defaultPickupTime(date, TORONTO)).toBeNull();
  });
});

describe('combineMenuTimings', () => {
  it.each<[string, MenuTimings[], ReturnType<typeof combineMenuTimings>]>([
    ['no menus: 15-minute slots, nothing else', [], { requiredNotice: 0, prepTime: 0, lastCall: 0, interval: 15, capacity: null }],
    ['one menu', [brunch], { requiredNotice: 30, prepTime: 10, lastCall: 30, interval: 15, capacity: 3 }],
    [
      'the strictest of several',
      [brunch, { required_notice: 5, estimated_prep_time: 20, last_call_time: 10, ordering_interval: 30, max_orders_per_interval: 2 }],
      { requiredNotice: 30, prepTime: 20, lastCall: 30, interval: 30, capacity: 2 },
    ],
    [
      '0 and null capacities are unlimited',
      [{ max_orders_per_interval: 0 }, { max_orders_per_interval: null }, { max_orders_per_interval: 4 }],
      { requiredNotice: 0, prepTime: 0, lastCall: 0, interval: 15, capacity: 4 },
    ],
    [
      'bad values count as unset; fractions of minutes round up, of a capacity down',
      [{ required_notice: -5, estimated_prep_time: 2.5, ordering_interval: 0, max_orders_per_interval: 2.7, last_call_time: Number.NaN }],
      { requiredNotice: 0, prepTime: 3, lastCall: 0, interval: 15, capacity: 2 },
    ],
    [
      'last call is capped at a day',
      [{ last_call_time: 5000, required_notice: 4320 }],
      { requiredNotice: 4320, prepTime: 0, lastCall: 1440, interval: 15, capacity: null },
    ],
  ])('%s', (_name, menus, expected) => {
    expect(combineMenuTimings(menus)).toEqual(expected);
  });
});

describe('schedulingRestrictions', () => {
  // 2026-01-14 is a Wednesday; Toronto is UTC-5 in January.
  it('offers slots every interval inside the hours, after the lead time and before last call', () => {
    const result = schedulingRestrictions(input(), at('2026-01-14T15:00:00Z')); // 10:00
    expect(dates(result.days)).toEqual(['2026-01-14', '2026-01-15', '2026-01-16']);
    const today = result.days[0];
    expect(times(today)).toEqual(quarterTimes('11:00', 42)); // 11:00 to 21:15: 21:30 is last call
    expect(today?.slots[0]).toEqual({
      start: at('2026-01-14T16:00:00Z'),
      end: at('2026-01-14T16:15:00Z'),
      startTime: '11:00',
      endTime: '11:15',
      label: '11:00-11:15',
      remaining: 3,
    });
    expect(result.asap).toEqual({ available: false, readyAt: null, prepTime: { hours: 0, minutes: 40 }, reason: 'CLOSED' });
    expect(result).toMatchObject({ zone: TORONTO, timeslots: true, interval: 15, reason: null });
  });

  it('starts today after now + required notice + prep time, and offers ASAP while open', () => {
    const result = schedulingRestrictions(input(), at('2026-01-14T17:00:00Z')); // 12:00, lead 40
    expect(times(result.days[0])[0]).toBe('12:45');
    expect(result.asap).toEqual({
      available: true,
      readyAt: at('2026-01-14T17:40:00Z'),
      prepTime: { hours: 0, minutes: 40 },
      reason: null,
    });
  });

  it.each([
    ['12:40 is offered at exactly now + lead', '2026-01-14T17:05:00Z', '12:45'],
    ['a slot already started is not offered', '2026-01-14T17:06:00Z', '13:00'],
  ])('%s', (_name, now, first) => {
    const result = schedulingRestrictions(input(), at(now));
    expect(times(result.days[0])[0]).toBe(first);
  });

  it.each([
    ['21:25: ready at 22:05, after closing', '2026-01-15T02:25:00Z', 'NOT_READY_BEFORE_CLOSING'],
    ['21:30: last call', '2026-01-15T02:30:00Z', 'LAST_CALL'],
    ['22:00: closed', '2026-01-15T03:00:00Z', 'CLOSED'],
  ])('ASAP at %s', (_name, now, reason) => {
    const result = schedulingRestrictions(input(), at(now));
    expect(result.asap).toMatchObject({ available: false, readyAt: null, reason });
    expect(dates(result.days)[0]).toBe('2026-01-15');
  });

  it('shows a lead over 60 minutes as hours and minutes', () => {
    const result = schedulingRestrictions(
      input({ menus: [{ required_notice: 1440, estimated_prep_time: 20 }] }),
      at('2026-01-14T17:00:00Z'),
    );
    expect(result.asap).toMatchObject({ available: false, reason: 'NOT_READY_BEFORE_CLOSING', prepTime: { hours: 24, minutes: 20 } });
    expect(dates(result.days)).toEqual(['2026-01-15', '2026-01-16']);
    expect(times(result.days[0])[0]).toBe('12:30'); // ready 12:20, next slot on the grid
  });

  it('lists slots past midnight under the date they start on', () => {
    // Friday 2026-01-16 18:00 to Saturday 02:00, Saturday 10:00-14:00.
    const hours = [range('friday', '18:00', '02:00'), range('saturday', '10:00', '14:00')];
    const menus = [{ ordering_interval: 15, last_call_time: 30 }];
    const result = schedulingRestrictions(input({ restaurant: { hours, maxAdvancedOrderDays: 1 }, menus }), at('2026-01-16T17:00:00Z'));
    expect(dates(result.days)).toEqual(['2026-01-16', '2026-01-17']);
    expect(times(result.days[0])).toEqual(quarterTimes('18:00', 24));
    expect(times(result.days[1])).toEqual([...quarterTimes('00:00', 6), ...quarterTimes('10:00', 14)]);
    expect(result.days[1]?.slots[0]?.start).toEqual(at('2026-01-17T05:00:00Z'));
    expect(result.days[0]?.slots.at(-1)).toMatchObject({ startTime: '23:45', endTime: '00:00' });
  });

  it('steps a 45-minute interval from the opening, ends the last slot at closing, and restarts at midnight', () => {
    const hours = [range('wednesday', '11:00', '22:00'), range('friday', '18:00', '02:00')];
    const result = schedulingRestrictions(
      input({ restaurant: { hours, maxAdvancedOrderDays: 3 }, menus: [{ ordering_interval: 45 }] }),
      at('2026-01-14T15:00:00Z'),
    );
    expect(result.interval).toBe(45);
    expect(dates(result.days)).toEqual(['2026-01-14', '2026-01-16', '2026-01-17']);
    const wednesday = times(result.days[0]);
    expect(wednesday).toHaveLength(15);
    expect(wednesday.slice(0, 3)).toEqual(['11:00', '11:45', '12:30']);
    expect(result.days[0]?.slots.at(-1)).toMatchObject({ startTime: '21:30', endTime: '22:00' });
    expect(times(result.days[1])).toEqual(['18:00', '18:45', '19:30', '20:15', '21:00', '21:45', '22:30', '23:15']);
    expect(result.days[2]?.slots.map((slot) => slot.label)).toEqual(['00:00-00:45', '00:45-01:30', '01:30-02:00']);
  });

  it('has 12 quarter-hour slots in 00:00-04:00 on the spring-forward day (2026-03-08)', () => {
    const hours = [range('sunday', '00:00', '04:00')];
    const result = schedulingRestrictions(
      input({ restaurant: { hours, maxAdvancedOrderDays: 1 }, menus: [plain] }),
      at('2026-03-07T17:00:00Z'),
    );
    expect(dates(result.days)).toEqual(['2026-03-08']);
    const slots = result.days[0]?.slots ?? [];
    expect(slots.map((slot) => slot.startTime)).toEqual([...quarterTimes('00:00', 8), ...quarterTimes('03:00', 4)]);
    expect(slots[7]).toMatchObject({ start: at('2026-03-08T06:45:00Z'), end: at('2026-03-08T07:00:00Z'), label: '01:45-03:00' });
    expect(slots[8]?.start).toEqual(at('2026-03-08T07:00:00Z'));
    expect(slots.at(-1)?.end).toEqual(at('2026-03-08T08:00:00Z'));
  });

  it('has 20 quarter-hour slots in 00:00-04:00 on the fall-back day (2026-11-01), the repeated hour twice', () => {
    const hours = [range('sunday', '00:00', '04:00')];
    const result = schedulingRestrictions(
      input({ restaurant: { hours, maxAdvancedOrderDays: 1 }, menus: [plain] }),
      at('2026-10-31T16:00:00Z'),
    );
    const slots = result.days[0]?.slots ?? [];
    expect(slots.map((slot) => slot.startTime)).toEqual([...quarterTimes('00:00', 8), ...quarterTimes('01:00', 12)]);
    expect(slots[0]?.start).toEqual(at('2026-11-01T04:00:00Z'));
    slots.slice(1).forEach((slot, index) => expect(slot.start.getTime() - (slots[index]?.start.getTime() ?? 0)).toBe(15 * 60_000));
    expect(new Set(slots.map((slot) => slotKey(slot.start))).size).toBe(20);
    expect(slots.at(-1)?.end).toEqual(at('2026-11-01T09:00:00Z'));
  });

  it.each([
    ['spring forward', '2026-03-07T14:00:00Z', ['2026-03-07T16:00:00.000Z', '2026-03-08T15:00:00.000Z']],
    ['fall back', '2026-10-31T13:00:00Z', ['2026-10-31T15:00:00.000Z', '2026-11-01T16:00:00.000Z']],
  ])('keeps 11:00 local on both sides of %s', (_name, now, firstStarts) => {
    const result = schedulingRestrictions(input({ restaurant: { maxAdvancedOrderDays: 1 } }), at(now));
    expect(result.days.map((day) => day.slots[0]?.start.toISOString())).toEqual(firstStarts);
    expect(result.days.map((day) => day.slots.length)).toEqual([42, 42]);
  });

  it('follows holiday hours: closed days are absent, reduced days use the holiday range', () => {
    const holidays = [reducedOn('2026-12-24', '11:00', '16:00'), closedOn('2026-12-25')];
    const result = schedulingRestrictions(
      input({ restaurant: { holiday_hours: holidays, maxAdvancedOrderDays: 3 } }),
      at('2026-12-23T15:00:00Z'),
    );
    expect(dates(result.days)).toEqual(['2026-12-23', '2026-12-24', '2026-12-26']);
    expect(times(result.days[1])).toEqual(quarterTimes('11:00', 18)); // to 15:15: 15:30 is last call before 16:00
  });

  it('keeps a holiday range past midnight into a closed holiday: the range belongs to the day it starts', () => {
    const holidays = [reducedOn('2026-12-31', '18:00', '02:00'), closedOn('2027-01-01')];
    const result = schedulingRestrictions(
      input({ restaurant: { holiday_hours: holidays, maxAdvancedOrderDays: 2 }, menus: [plain] }),
      at('2026-12-31T15:00:00Z'),
    );
    expect(dates(result.days)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
    expect(times(result.days[0])).toEqual(quarterTimes('18:00', 24));
    expect(times(result.days[1])).toEqual(quarterTimes('00:00', 8));
  });

  it('is open around the clock without any hours', () => {
    const result = schedulingRestrictions(
      input({ restaurant: { hours: [], maxAdvancedOrderDays: 0 }, menus: [plain] }),
      at('2026-01-14T08:00:00Z'), // 03:00
    );
    expect(result.asap).toMatchObject({ available: true, readyAt: at('2026-01-14T08:00:00Z') });
    expect(times(result.days[0])).toEqual(quarterTimes('03:00', 84));
  });

  describe('capacity', () => {
    const now = at('2026-01-14T15:00:00Z');

    it('does not offer full slots and tells what is left of the others', () => {
      const booked = new Map([
        [slotKey(at('2026-01-14T16:00:00Z')), 3],
        [slotKey(at('2026-01-14T16:15:00Z')), 2],
        [slotKey(at('2026-01-14T16:30:00Z')), 7],
      ]);
      const today = schedulingRestrictions(input({ booked }), now).days[0];
      expect(today?.slots.slice(0, 2).map((slot) => [slot.startTime, slot.remaining])).toEqual([
        ['11:15', 1],
        ['11:45', 3],
      ]);
    });

    it('takes counts from a function too', () => {
      const booked = (start: Date) => (start.getTime() < at('2026-01-14T20:00:00Z').getTime() ? 3 : 0);
      expect(times(schedulingRestrictions(input({ booked }), now).days[0])[0]).toBe('15:00');
    });

    it('is unlimited without a capacity', () => {
      const result = schedulingRestrictions(input({ menus: [{ ...brunch, max_orders_per_interval: 0 }], booked: () => 1000 }), now);
      expect(result.days[0]?.slots[0]).toMatchObject({ startTime: '11:00', remaining: null });
    });

    it('says FULLY_BOOKED when every slot is full and ASAP is not available', () => {
      expect(schedulingRestrictions(input({ booked: () => 3 }), now)).toMatchObject({ days: [], reason: 'FULLY_BOOKED' });
    });

    it('does not limit ASAP', () => {
      const result = schedulingRestrictions(input({ booked: () => 3 }), at('2026-01-14T17:00:00Z'));
      expect(result).toMatchObject({ days: [], reason: null, asap: { available: true } });
    });
  });

  describe('dates', () => {
    const now = at('2026-01-14T17:00:00Z');

    it.each<[string, number | null, number]>([
      ['0 is today only', 0, 1],
      ['20 is today and the next 20 days', 20, 21],
      ['null is the default 14 days ahead', null, 15],
    ])('maxAdvancedOrderDays %s', (_name, maxAdvancedOrderDays, count) => {
      const result = schedulingRestrictions(input({ restaurant: { maxAdvancedOrderDays } }), now);
      expect(result.days).toHaveLength(count);
      expect(result.days[0]?.date).toBe('2026-01-14');
    });

    it('limits the dates to takeoutDateRange, and ASAP to a range that includes today', () => {
      const result = schedulingRestrictions(input({ config: { takeoutDateRange: { start: '2026-01-15', end: '2026-01-20' } } }), now);
      expect(dates(result.days)).toEqual(['2026-01-15', '2026-01-16']);
      expect(result.asap).toMatchObject({ available: false, reason: 'OUTSIDE_ORDERING_DATES' });
    });

    it('limits the dates to takeoutSpecificDates inside the window', () => {
      const result = schedulingRestrictions(input({ config: { takeoutSpecificDates: ['2026-01-10', '2026-01-14', '2026-01-20'] } }), now);
      expect(dates(result.days)).toEqual(['2026-01-14']);
      expect(result.asap.available).toBe(true);
    });

    it('uses both when both are given', () => {
      const config = { takeoutDateRange: { start: '2026-01-15', end: '2026-01-16' }, takeoutSpecificDates: ['2026-01-14', '2026-01-16'] };
      expect(dates(schedulingRestrictions(input({ config }), now).days)).toEqual(['2026-01-16']);
    });

    it('says OUTSIDE_ORDERING_DATES when the link names no date in the window', () => {
      const result = schedulingRestrictions(input({ config: { takeoutDateRange: { start: '2026-02-01', end: '2026-02-05' } } }), now);
      expect(result).toMatchObject({ days: [], reason: 'OUTSIDE_ORDERING_DATES' });
    });
  });

  it('offers only ASAP with noTakeoutTimeslot', () => {
    const restaurant = { noTakeoutTimeslot: true };
    expect(schedulingRestrictions(input({ restaurant }), at('2026-01-14T17:00:00Z'))).toMatchObject({
      timeslots: false,
      days: [],
      reason: null,
      asap: { available: true },
    });
    expect(schedulingRestrictions(input({ restaurant }), at('2026-01-15T04:00:00Z'))).toMatchObject({ days: [], reason: 'CLOSED' });
    const config = { takeoutSpecificDates: ['2026-01-15'] };
    expect(schedulingRestrictions(input({ restaurant, config }), at('2026-01-14T17:00:00Z'))).toMatchObject({
      reason: 'OUTSIDE_ORDERING_DATES',
    });
  });

  it('offers nothing while orders are paused', () => {
    expect(schedulingRestrictions(input({ restaurant: { orders_paused: true } }), at('2026-01-14T17:00:00Z'))).toEqual({
      zone: TORONTO,
      asap: { available: false, readyAt: null, prepTime: { hours: 0, minutes: 40 }, reason: 'ORDERS_PAUSED' },
      timeslots: false,
      interval: 15,
      days: [],
      reason: 'ORDERS_PAUSED',
    });
  });

  it('offers the slots but not ASAP while only ASAP is paused', () => {
    const result = schedulingRestrictions(input({ restaurant: { asap_paused: true } }), at('2026-01-14T17:00:00Z'));
    expect(result.asap).toMatchObject({ available: false, reason: 'ORDERS_PAUSED' });
    expect(result.reason).toBeNull();
    expect(result.days.length).toBeGreaterThan(0);
  });

  it('says CLOSED when there are no hours in the window', () => {
    const hours = [range('monday', '11:00', '14:00')];
    const result = schedulingRestrictions(input({ restaurant: { hours } }), at('2026-01-14T17:00:00Z'));
    expect(result).toMatchObject({ days: [], reason: 'CLOSED', asap: { reason: 'CLOSED' } });
  });
});

describe('the kitchen queue in the lead (decision 0131)', () => {
  const now = at('2026-01-14T17:00:00Z'); // Wednesday 12:00; brunch's notice and prep: 40 min
  const withQueue = (queueMinutes: number | undefined, menus: MenuTimings[] = [brunch]) => ({ ...input({ menus }), queueMinutes });

  it.each<[string, number | undefined, MenuTimings[], string, { hours: number; minutes: number }]>([
    ['no queue kept: the menus lead', undefined, [brunch], '2026-01-14T17:40:00Z', { hours: 0, minutes: 40 }],
    ['an empty queue shorter than the lead: the menus lead', 4, [brunch], '2026-01-14T17:40:00Z', { hours: 0, minutes: 40 }],
    ['a queue as long as the lead: the same time', 40, [brunch], '2026-01-14T17:40:00Z', { hours: 0, minutes: 40 }],
    ['a queue longer than the lead: the queue decides', 52, [brunch], '2026-01-14T17:52:00Z', { hours: 0, minutes: 52 }],
    ['a menu without notice: the queue alone', 24, [plain], '2026-01-14T17:24:00Z', { hours: 0, minutes: 24 }],
    ['a bad queue value counts as none', Number.NaN, [plain], '2026-01-14T17:00:00Z', { hours: 0, minutes: 0 }],
    ['a negative queue value counts as none', -10, [brunch], '2026-01-14T17:40:00Z', { hours: 0, minutes: 40 }],
  ])('%s', (_name, queueMinutes, menus, readyAt, prepTime) => {
    expect(asapOption(withQueue(queueMinutes, menus), now)).toEqual({ available: true, readyAt: at(readyAt), prepTime, reason: null });
  });

  it('leaves the slots to their own capacity: a long queue moves ASAP, not the times a diner may choose', () => {
    const result = schedulingRestrictions(withQueue(52), now);
    expect(result.asap.readyAt).toEqual(at('2026-01-14T17:52:00Z'));
    expect(times(result.days[0])[0]).toBe('12:45'); // the menus' 40 minutes, as without a queue
    expect(checkSlot(at('2026-01-14T17:45:00Z'), withQueue(52), now).ok).toBe(true);
    expect(checkSlot(at('2026-01-14T17:30:00Z'), withQueue(52), now)).toEqual({ ok: false, error: 'TIMESLOT_UNAVAILABLE' });
  });

  it('refuses ASAP when the queue would finish it after closing', () => {
    const late = at('2026-01-15T02:00:00Z'); // 21:00, closes at 22:00, last call 21:30
    expect(asapOption(withQueue(20), late).available).toBe(true);
    expect(asapOption(withQueue(61), late)).toMatchObject({ available: false, reason: 'NOT_READY_BEFORE_CLOSING' });
  });
});

describe('checkSlot', () => {
  const now = at('2026-01-14T17:00:00Z'); // Wednesday 12:00, lead 40
  const booked = new Map([
    [slotKey(at('2026-01-14T18:00:00Z')), 3],
    [slotKey(at('2026-01-14T18:15:00Z')), 2],
  ]);

  it.each<[string, string, Overrides, ReturnType<typeof checkSlot>['ok'] | string]>([
    ['an offered slot', '2026-01-14T17:45:00Z', {}, true],
    ['a slot with one place left', '2026-01-14T18:15:00Z', { booked }, true],
    ['a full slot', '2026-01-14T18:00:00Z', { booked }, 'TIMESLOT_FULL'],
    ['a slot inside the lead time', '2026-01-14T17:30:00Z', {}, 'TIMESLOT_UNAVAILABLE'],
    ['a time off the grid', '2026-01-14T17:50:00Z', {}, 'TIMESLOT_UNAVAILABLE'],
    ['a slot in last call', '2026-01-15T02:30:00Z', {}, 'TIMESLOT_UNAVAILABLE'],
    ['a slot before opening', '2026-01-15T15:45:00Z', {}, 'TIMESLOT_UNAVAILABLE'],
    ['the last day of the window', '2026-01-16T16:00:00Z', {}, true],
    ['a day past maxAdvancedOrderDays', '2026-01-17T16:00:00Z', {}, 'TIMESLOT_UNAVAILABLE'],
    [
      'a date outside takeoutSpecificDates',
      '2026-01-15T16:00:00Z',
      { config: { takeoutSpecificDates: ['2026-01-16'] } },
      'TIMESLOT_UNAVAILABLE',
    ],
    ['any slot with noTakeoutTimeslot', '2026-01-15T16:00:00Z', { restaurant: { noTakeoutTimeslot: true } }, 'TIMESLOT_UNAVAILABLE'],
    ['any slot while paused', '2026-01-15T16:00:00Z', { restaurant: { orders_paused: true } }, 'ORDERS_PAUSED'],
    ['a slot while only ASAP is paused', '2026-01-15T16:00:00Z', { restaurant: { asap_paused: true } }, true],
    ['an invalid date', 'not a date', {}, 'TIMESLOT_UNAVAILABLE'],
  ])('%s', (_name, start, overrides, expected) => {
    const check = checkSlot(at(start), input(overrides), now);
    if (expected === true) expect(check.ok).toBe(true);
    else expect(check).toEqual({ ok: false, error: expected });
    expect(isSlotStillAvailable(at(start), input(overrides), now)).toBe(expected === true);
  });

  it('returns the slot with what is left of it', () => {
    expect(checkSlot(at('2026-01-14T18:15:00Z'), input({ booked }), now)).toEqual({
      ok: true,
      slot: {
        start: at('2026-01-14T18:15:00Z'),
        end: at('2026-01-14T18:30:00Z'),
        startTime: '13:15',
        endTime: '13:30',
        label: '13:15-13:30',
        remaining: 1,
      },
    });
  });

  it('rechecks a slot past midnight after midnight', () => {
    const hours = [range('friday', '18:00', '02:00')];
    const slot = at('2026-01-17T06:00:00Z'); // Saturday 01:00
    const rechecked = input({ restaurant: { hours }, menus: [plain] });
    expect(checkSlot(slot, rechecked, at('2026-01-16T23:00:00Z')).ok).toBe(true);
    expect(checkSlot(slot, rechecked, at('2026-01-17T05:30:00Z')).ok).toBe(true);
    expect(checkSlot(slot, rechecked, at('2026-01-17T06:01:00Z')).ok).toBe(false);
  });
});

describe('scheduling properties', () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
    .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const hoursArb = fc.array(fc.record({ day: fc.constantFrom(...WEEKDAYS), start_time: time, end_time: time }), { maxLength: 8 });
  // Two weeks around each 2026 DST change in Toronto, with holidays on those dates.
  const windowDates = [...dayList('2026-03-01', 18), ...dayList('2026-10-25', 18)];
  const holidaysArb = fc.array(
    fc.record({ date: fc.constantFrom(...windowDates), full_day: fc.boolean(), start_time: fc.option(time), end_time: fc.option(time) }),
    { maxLength: 4 },
  );
  const nowArb = fc.oneof(
    fc.date({ min: at('2026-03-02T00:00:00Z'), max: at('2026-03-12T00:00:00Z'), noInvalidDate: true }),
    fc.date({ min: at('2026-10-26T00:00:00Z'), max: at('2026-11-05T00:00:00Z'), noInvalidDate: true }),
  );
  const zoneArb = fc.constantFrom(TORONTO, 'America/Edmonton', 'America/St_Johns');
  const menuArb = fc.record({
    required_notice: fc.integer({ min: 0, max: 90 }),
    estimated_prep_time: fc.integer({ min: 0, max: 30 }),
    last_call_time: fc.integer({ min: 0, max: 60 }),
    ordering_interval: fc.constantFrom(5, 15, 20, 30, 45),
    max_orders_per_interval: fc.integer({ min: 0, max: 3 }),
  });
  const restaurantArb = fc.record({
    zone: zoneArb,
    hours: hoursArb,
    holiday_hours: holidaysArb,
    maxAdvancedOrderDays: fc.integer({ min: 0, max: 2 }),
    noTakeoutTimeslot: fc.constant(false),
    orders_paused: fc.constant(false),
  });
  const bookedArb = fc.func(fc.integer({ min: 0, max: 4 }));
  const toInput = (restaurant: SchedulingRestaurant, menu: MenuTimings, booked: (start: Date) => number): SchedulingInput => ({
    restaurant,
    menus: [menu],
    config: { takeoutDateRange: null, takeoutSpecificDates: null },
    booked: (start) => booked(new Date(start.getTime())),
  });

  it('offers ASAP exactly when openState says open, before last call, with time to be ready', () => {
    fc.assert(
      fc.property(restaurantArb, menuArb, nowArb, (restaurant, menu, now) => {
        const timings = combineMenuTimings([menu]);
        const lead = (timings.requiredNotice + timings.prepTime) * 60_000;
        const state = openState([...restaurant.hours], [...restaurant.holiday_hours], now, restaurant.zone, timings.lastCall);
        const expected =
          state.open &&
          (state.closesAt === null ||
            (now.getTime() < state.closesAt.getTime() - timings.lastCall * 60_000 && now.getTime() + lead <= state.closesAt.getTime()));
        const asap = asapOption(
          toInput(restaurant, menu, () => 0),
          now,
        );
        expect(asap.available).toBe(expected);
        expect(asap.readyAt).toEqual(expected ? new Date(now.getTime() + lead) : null);
      }),
    );
  });

  it('offers only slots inside the hours, after the lead, before last call, not full; each passes checkSlot', () => {
    fc.assert(
      fc.property(
        restaurantArb,
        menuArb,
        nowArb,
        bookedArb,
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        (restaurant, menu, now, booked, picks) => {
          const scheduling = toInput(restaurant, menu, booked);
          const timings = combineMenuTimings([menu]);
          const result = schedulingRestrictions(scheduling, now);
          const all = result.days.flatMap((day) => day.slots.map((slot) => ({ day, slot })));
          let previous = -Infinity;
          for (const { day, slot } of all) {
            const start = slot.start.getTime();
            expect(start).toBeGreaterThan(previous);
            previous = start;
            expect(start).toBeGreaterThanOrEqual(now.getTime() + (timings.requiredNotice + timings.prepTime) * 60_000);
            expect(slot.end.getTime()).toBeGreaterThan(start);
            expect(slot.end.getTime() - start).toBeLessThanOrEqual(timings.interval * 60_000);
            const local = localDateTime(slot.start, restaurant.zone);
            expect(day.date).toBe(`${local.year}-${pad(local.month)}-${pad(local.day)}`);
            expect(slot.startTime).toBe(`${pad(local.hour)}:${pad(local.minute)}`);
            if (timings.capacity !== null) expect(slot.remaining).toBe(timings.capacity - booked(slot.start));
          }
          for (const pick of all.length > 0 ? picks : []) {
            const { slot } = all[pick % all.length] ?? {};
            if (!slot) continue;
            const state = openState([...restaurant.hours], [...restaurant.holiday_hours], slot.start, restaurant.zone);
            expect(state.open).toBe(true);
            if (state.open && state.closesAt) {
              expect(slot.start.getTime()).toBeLessThan(state.closesAt.getTime() - timings.lastCall * 60_000);
              expect(slot.end.getTime()).toBeLessThanOrEqual(state.closesAt.getTime());
            }
            expect(checkSlot(slot.start, scheduling, now)).toEqual({ ok: true, slot });
          }
        },
      ),
    );
  });

  it('offers every quarter hour that is open, after the lead and before last call, with 15-minute slots', () => {
    fc.assert(
      fc.property(
        restaurantArb,
        menuArb,
        nowArb,
        fc.array(fc.nat({ max: 3 * 96 }), { minLength: 6, maxLength: 6 }),
        (restaurant, base, now, ks) => {
          const menu = { ...base, ordering_interval: 15, max_orders_per_interval: 0 };
          const timings = combineMenuTimings([menu]);
          const scheduling = toInput(restaurant, menu, () => 0);
          const result = schedulingRestrictions(scheduling, now);
          const offered = new Set(result.days.flatMap((day) => day.slots.map((slot) => slot.start.getTime())));
          const quarter = 15 * 60_000;
          const lastDate = dateAfter(localDateTime(now, restaurant.zone), restaurant.maxAdvancedOrderDays);
          for (const k of ks) {
            const t = Math.ceil(now.getTime() / quarter) * quarter + k * quarter;
            const local = localDateTime(new Date(t), restaurant.zone);
            const inWindow = `${local.year}-${pad(local.month)}-${pad(local.day)}` <= lastDate;
            const state = openState([...restaurant.hours], [...restaurant.holiday_hours], new Date(t), restaurant.zone);
            const expected =
              inWindow &&
              t >= now.getTime() + (timings.requiredNotice + timings.prepTime) * 60_000 &&
              state.open &&
              (state.closesAt === null || t < state.closesAt.getTime() - timings.lastCall * 60_000);
            expect(offered.has(t)).toBe(expected);
            expect(isSlotStillAvailable(new Date(t), scheduling, now)).toBe(expected);
          }
        },
      ),
    );
  });
});

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function dayList(first: string, count: number): string[] {
  const start = at(`${first}T12:00:00Z`).getTime();
  return Array.from({ length: count }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10));
}

function dateAfter(local: { year: number; month: number; day: number }, days: number): string {
  return new Date(Date.UTC(local.year, local.month - 1, local.day + days)).toISOString().slice(0, 10);
}
