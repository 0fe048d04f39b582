import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLastCall, openState, type HolidayHours, type HoursRange, type OpenState } from './opening-hours';
import { WEEKDAYS, type Weekday } from './price-schedule';

const TORONTO = 'America/Toronto';
const at = (iso: string) => new Date(iso);
const range = (day: Weekday, start_time: string, end_time: string): HoursRange => ({ day, start_time, end_time });
const everyDay = (start: string, end: string) => WEEKDAYS.map((day) => range(day, start, end));
const closedOn = (date: string): HolidayHours => ({ date, full_day: true, start_time: null, end_time: null });
const reducedOn = (date: string, start_time: string, end_time: string): HolidayHours => ({ date, full_day: false, start_time, end_time });
const open = (closesAt: string | null, lastCallAt: string | null = null): OpenState => ({
  open: true,
  closesAt: closesAt === null ? null : at(closesAt),
  lastCallAt: lastCallAt === null ? null : at(lastCallAt),
});
const closed = (nextOpening: string | null): OpenState => ({ open: false, nextOpening: nextOpening === null ? null : at(nextOpening) });

// The Maple Bistro demo tenant: late on Friday and Saturday, reduced hours on Christmas Eve.
const bistroHours: HoursRange[] = [
  range('sunday', '10:00', '21:00'),
  range('monday', '11:00', '22:00'),
  range('tuesday', '11:00', '22:00'),
  range('wednesday', '11:00', '22:00'),
  range('thursday', '11:00', '22:00'),
  range('friday', '11:00', '01:00'),
  range('saturday', '10:00', '01:00'),
];
const bistroHolidays: HolidayHours[] = [reducedOn('2026-12-24', '11:00', '16:00'), closedOn('2026-12-25'), closedOn('2027-01-01')];

describe('openState', () => {
  it('is always open without any hours', () => {
    expect(openState([], [], at('2026-01-14T08:00:00Z'), TORONTO, 30)).toEqual(open(null));
  });

  it.each([
    // 2026-01-14 is a Wednesday; Toronto is UTC-5 in January.
    ['Wednesday 12:00: open until 22:00', '2026-01-14T17:00:00Z', open('2026-01-15T03:00:00Z')],
    ['Wednesday 10:59: opens at 11:00', '2026-01-14T15:59:00Z', closed('2026-01-14T16:00:00Z')],
    ['Wednesday 11:00: open (start is inclusive)', '2026-01-14T16:00:00Z', open('2026-01-15T03:00:00Z')],
    ['Wednesday 22:00: closed (end is exclusive), opens Thursday 11:00', '2026-01-15T03:00:00Z', closed('2026-01-15T16:00:00Z')],
    ['Friday 23:00: open until Saturday 01:00', '2026-01-17T04:00:00Z', open('2026-01-17T06:00:00Z')],
    ['Saturday 00:30: still open from Friday', '2026-01-17T05:30:00Z', open('2026-01-17T06:00:00Z')],
    ['Saturday 01:30: closed, opens at 10:00', '2026-01-17T06:30:00Z', closed('2026-01-17T15:00:00Z')],
    ['Sunday 00:30: still open from Saturday', '2026-01-18T05:30:00Z', open('2026-01-18T06:00:00Z')],
    ['Monday 00:30: Sunday closed at 21:00', '2026-01-19T05:30:00Z', closed('2026-01-19T16:00:00Z')],
    ['Christmas Eve 10:00: opens at the holiday time 11:00', '2026-12-24T15:00:00Z', closed('2026-12-24T16:00:00Z')],
    ['Christmas Eve 15:00: closes at 16:00, not 22:00', '2026-12-24T20:00:00Z', open('2026-12-24T21:00:00Z')],
    ['Christmas Eve 16:30: closed, Christmas too, opens Saturday 10:00', '2026-12-24T21:30:00Z', closed('2026-12-26T15:00:00Z')],
    ['Christmas Day noon: closed', '2026-12-25T17:00:00Z', closed('2026-12-26T15:00:00Z')],
    // New Year's Day 2027 is a Friday holiday: Thursday's hours are unchanged.
    ['December 31 21:00: open until 22:00', '2027-01-01T02:00:00Z', open('2027-01-01T03:00:00Z')],
    ['New Year’s Day: closed, opens Saturday 10:00', '2027-01-01T17:00:00Z', closed('2027-01-02T15:00:00Z')],
  ])('%s', (_name, iso, expected) => {
    expect(openState(bistroHours, bistroHolidays, at(iso), TORONTO)).toEqual(expected);
  });

  it('keeps a range that runs past midnight into a holiday: it belongs to the day it starts', () => {
    const holidays = [closedOn('2026-01-17')]; // Saturday
    expect(openState(bistroHours, holidays, at('2026-01-17T05:30:00Z'), TORONTO)).toEqual(open('2026-01-17T06:00:00Z'));
    expect(openState(bistroHours, holidays, at('2026-01-17T06:30:00Z'), TORONTO)).toEqual(closed('2026-01-18T15:00:00Z'));
  });

  it('lets a holiday range run past midnight too', () => {
    const holidays = [reducedOn('2026-12-31', '18:00', '02:00')]; // New Year's Eve party
    expect(openState(bistroHours, holidays, at('2027-01-01T06:30:00Z'), TORONTO)).toEqual(open('2027-01-01T07:00:00Z'));
    expect(openState(bistroHours, holidays, at('2026-12-31T20:00:00Z'), TORONTO)).toEqual(closed('2026-12-31T23:00:00Z'));
  });

  it('is closed on a date when any of its holiday entries is full_day, else open in each range', () => {
    const split = [reducedOn('2026-01-14', '08:00', '10:00'), reducedOn('2026-01-14', '16:00', '18:00')];
    expect(openState(bistroHours, split, at('2026-01-14T14:00:00Z'), TORONTO)).toEqual(open('2026-01-14T15:00:00Z'));
    expect(openState(bistroHours, split, at('2026-01-14T17:00:00Z'), TORONTO)).toEqual(closed('2026-01-14T21:00:00Z'));
    const both = [...split, closedOn('2026-01-14')];
    expect(openState(bistroHours, both, at('2026-01-14T14:00:00Z'), TORONTO)).toEqual(closed('2026-01-15T16:00:00Z'));
  });

  it('treats a holiday without times as closed, and ignores a malformed holiday date', () => {
    const holidays: HolidayHours[] = [
      { date: '2026-01-14', full_day: false, start_time: null, end_time: null },
      { date: '2026-13-01', full_day: true, start_time: null, end_time: null },
    ];
    expect(openState(bistroHours, holidays, at('2026-01-14T17:00:00Z'), TORONTO)).toEqual(closed('2026-01-15T16:00:00Z'));
  });

  it('is open around the clock with holidays only', () => {
    const holidays = [closedOn('2026-12-25')];
    expect(openState([], holidays, at('2026-12-24T17:00:00Z'), TORONTO)).toEqual(open('2026-12-25T05:00:00Z'));
    expect(openState([], holidays, at('2026-12-25T17:00:00Z'), TORONTO)).toEqual(closed('2026-12-26T05:00:00Z'));
    expect(openState([], holidays, at('2026-01-14T17:00:00Z'), TORONTO)).toEqual(open(null));
  });

  it('merges ranges that touch across midnight', () => {
    const hours = [range('friday', '18:00', '00:00'), range('saturday', '00:00', '02:00')];
    expect(openState(hours, [], at('2026-01-17T01:00:00Z'), TORONTO)).toEqual(open('2026-01-17T07:00:00Z'));
  });

  it('reads 11:00-11:00 as 24 hours and 00:00-00:00 every day as always open', () => {
    expect(openState([range('monday', '11:00', '11:00')], [], at('2026-01-13T15:00:00Z'), TORONTO)).toEqual(
      open('2026-01-13T16:00:00Z'), // Tuesday 10:00, closes 11:00
    );
    expect(openState(everyDay('00:00', '00:00'), [], at('2026-01-14T17:00:00Z'), TORONTO, 30)).toEqual(open(null));
  });

  it('says null when there is no opening in the next 14 days', () => {
    const mondays = [closedOn('2026-01-19'), closedOn('2026-01-26')];
    // Wednesday January 14: Mondays 19 and 26 are closed, Monday February 2 is 19 days away.
    expect(openState([range('monday', '11:00', '22:00')], mondays, at('2026-01-14T17:00:00Z'), TORONTO)).toEqual(closed(null));
    expect(openState([range('monday', '11:00', '22:00')], mondays.slice(0, 1), at('2026-01-14T17:00:00Z'), TORONTO)).toEqual(
      closed('2026-01-26T16:00:00Z'),
    );
  });

  it('ignores ranges with malformed times', () => {
    const hours = [range('wednesday', '9:00', '22:00'), range('wednesday', '11:00', '24:00'), range('wednesday', '12:00', '13:00')];
    expect(openState(hours, [], at('2026-01-14T17:30:00Z'), TORONTO)).toEqual(open('2026-01-14T18:00:00Z'));
    expect(openState(hours, [], at('2026-01-14T15:00:00Z'), TORONTO)).toEqual(closed('2026-01-14T17:00:00Z'));
  });

  describe('daylight saving time (Toronto, 2026)', () => {
    it('closes Saturday 01:00 EST before the spring-forward change', () => {
      expect(openState(bistroHours, [], at('2026-03-08T05:30:00Z'), TORONTO)).toEqual(open('2026-03-08T06:00:00Z'));
    });
    it('opens a range that starts at the skipped 02:30 at 03:30 EDT', () => {
      const hours = [range('sunday', '02:30', '04:00')];
      expect(openState(hours, [], at('2026-03-08T06:30:00Z'), TORONTO)).toEqual(closed('2026-03-08T07:30:00Z'));
      expect(openState(hours, [], at('2026-03-08T07:45:00Z'), TORONTO)).toEqual(open('2026-03-08T08:00:00Z'));
    });
    it('is open one real hour less through the spring-forward night', () => {
      const hours = [range('saturday', '22:00', '06:00')];
      const state = openState(hours, [], at('2026-03-08T04:00:00Z'), TORONTO); // Saturday 23:00 EST
      expect(state).toEqual(open('2026-03-08T10:00:00Z')); // 06:00 EDT: 7 hours after 22:00 EST
    });
    it('closes at the first 01:00 on the fall-back night', () => {
      expect(openState(bistroHours, [], at('2026-11-01T04:59:00Z'), TORONTO)).toEqual(open('2026-11-01T05:00:00Z')); // 00:59 EDT
      expect(openState(bistroHours, [], at('2026-11-01T05:30:00Z'), TORONTO)).toEqual(closed('2026-11-01T15:00:00Z')); // 01:30 EDT
      expect(openState(bistroHours, [], at('2026-11-01T06:30:00Z'), TORONTO)).toEqual(closed('2026-11-01T15:00:00Z')); // 01:30 EST
    });
    it('is open one real hour more through the fall-back night', () => {
      const hours = [range('saturday', '22:00', '03:00')];
      expect(openState(hours, [], at('2026-11-01T06:30:00Z'), TORONTO)).toEqual(open('2026-11-01T08:00:00Z')); // 03:00 EST
    });
    it('opens Sunday at 10:00 EDT before and 10:00 EST after the change', () => {
      expect(openState(bistroHours, [], at('2026-03-08T12:00:00Z'), TORONTO)).toEqual(closed('2026-03-08T14:00:00Z'));
      expect(openState(bistroHours, [], at('2026-11-01T12:00:00Z'), TORONTO)).toEqual(closed('2026-11-01T15:00:00Z'));
    });
  });

  it('works in Edmonton and St. John’s', () => {
    const arena = everyDay('09:00', '23:30');
    expect(openState(arena, [], at('2026-01-15T06:00:00Z'), 'America/Edmonton')).toEqual(open('2026-01-15T06:30:00Z')); // 23:00 MST
    expect(openState(arena, [], at('2026-01-15T06:30:00Z'), 'America/Edmonton')).toEqual(closed('2026-01-15T16:00:00Z'));
    const office = everyDay('09:00', '17:00');
    expect(openState(office, [], at('2026-01-15T12:29:00Z'), 'America/St_Johns')).toEqual(closed('2026-01-15T12:30:00Z')); // 08:59 NST
    expect(openState(office, [], at('2026-01-15T12:30:00Z'), 'America/St_Johns')).toEqual(open('2026-01-15T20:30:00Z'));
  });

  it.each([
    [30, '2026-01-15T02:30:00Z'],
    [0, null],
    [-5, null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('last call %s minutes before 22:00 is %s', (minutes, lastCallAt) => {
    expect(openState(bistroHours, [], at('2026-01-14T17:00:00Z'), TORONTO, minutes)).toEqual(open('2026-01-15T03:00:00Z', lastCallAt));
  });
});

describe('isLastCall', () => {
  const state = openState(bistroHours, [], at('2026-01-14T17:00:00Z'), TORONTO, 30);
  it.each([
    ['before last call', state, '2026-01-15T02:29:59Z', false],
    ['at last call', state, '2026-01-15T02:30:00Z', true],
    ['after last call', state, '2026-01-15T02:45:00Z', true],
    ['without a last call', open('2026-01-15T03:00:00Z'), '2026-01-15T02:59:00Z', false],
    ['always open', open(null), '2026-01-15T02:59:00Z', false],
    ['closed', closed('2026-01-15T16:00:00Z'), '2026-01-15T03:30:00Z', false],
  ])('%s: %s', (_name, openState, iso, expected) => {
    expect(isLastCall(openState, at(iso))).toBe(expected);
  });
});

describe('openState properties', () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
    .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const hoursArb = fc.array(fc.record({ day: fc.constantFrom(...WEEKDAYS), start_time: time, end_time: time }), {
    minLength: 1,
    maxLength: 8,
  });
  const nowArb = fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true });
  const zoneArb = fc.constantFrom(TORONTO, 'America/Edmonton', 'America/St_Johns');

  it('is consistent: closed at closesAt, open at nextOpening, and last call never after closing', () => {
    fc.assert(
      fc.property(hoursArb, nowArb, zoneArb, fc.integer({ min: 1, max: 120 }), (hours, now, zone, lastCall) => {
        const state = openState(hours, [], now, zone, lastCall);
        if (state.open) {
          if (state.closesAt === null) return;
          expect(state.closesAt.getTime()).toBeGreaterThan(now.getTime());
          expect(state.lastCallAt?.getTime()).toBe(state.closesAt.getTime() - lastCall * 60_000);
          expect(openState(hours, [], state.closesAt, zone).open).toBe(false);
          const justBefore = openState(hours, [], new Date(state.closesAt.getTime() - 1), zone);
          expect(justBefore).toMatchObject({ open: true, closesAt: state.closesAt });
        } else if (state.nextOpening !== null) {
          expect(state.nextOpening.getTime()).toBeGreaterThan(now.getTime());
          expect(openState(hours, [], state.nextOpening, zone).open).toBe(true);
          expect(openState(hours, [], new Date(state.nextOpening.getTime() - 1), zone)).toEqual(state);
        }
      }),
    );
  });
});
