import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateTime, prepareTimeZone, priceAt, slotIndex, WEEKDAYS, zonedInstant, type Scheduled, type Weekday } from './price-schedule';

const TORONTO = 'America/Toronto';
const EDMONTON = 'America/Edmonton';
const ST_JOHNS = 'America/St_Johns';

/** A 96-letter day: `fill` everywhere, `letter` from slot `from` to slot `to` (inclusive). */
function day(fill: string, ranges: Array<[from: number, to: number, letter: string]> = []): string {
  const slots = Array.from({ length: 96 }, () => fill);
  for (const [from, to, letter] of ranges) for (let slot = from; slot <= to; slot++) slots[slot] = letter;
  return slots.join('');
}
const week = (text: string): Record<Weekday, string> =>
  Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, text])) as Record<Weekday, string>;
const at = (iso: string) => new Date(iso);

describe('slotIndex', () => {
  it.each([
    // Toronto, EST (UTC-5) in winter, EDT (UTC-4) in summer.
    ['2026-01-15T05:00:00Z', TORONTO, 'thursday', 0],
    ['2026-01-15T04:59:00Z', TORONTO, 'wednesday', 95],
    ['2026-01-15T17:14:59Z', TORONTO, 'thursday', 48],
    ['2026-01-15T17:15:00Z', TORONTO, 'thursday', 49],
    // Local midnight is not UTC midnight: both instants are June 13 in UTC, but Friday then Saturday in Toronto.
    ['2026-06-13T03:59:00Z', TORONTO, 'friday', 95],
    ['2026-06-13T04:00:00Z', TORONTO, 'saturday', 0],
    // Edmonton, MST (UTC-7).
    ['2026-01-15T06:59:00Z', EDMONTON, 'wednesday', 95],
    ['2026-01-15T07:00:00Z', EDMONTON, 'thursday', 0],
    // St. John's, NST (UTC-3:30): the half-hour offset moves the slot boundaries by half an hour.
    ['2026-01-15T03:29:00Z', ST_JOHNS, 'wednesday', 95],
    ['2026-01-15T03:30:00Z', ST_JOHNS, 'thursday', 0],
    ['2026-01-15T12:00:00Z', ST_JOHNS, 'thursday', 34],
    ['2026-07-15T12:00:00Z', ST_JOHNS, 'wednesday', 38],
  ] as const)('%s in %s is %s slot %i', (iso, zone, weekday, slot) => {
    expect(slotIndex(at(iso), zone)).toEqual({ weekday, slot });
  });

  it('skips the slots of 02:00-03:00 on the spring-forward day (Toronto, 2026-03-08)', () => {
    expect(slotIndex(at('2026-03-08T06:59:00Z'), TORONTO)).toEqual({ weekday: 'sunday', slot: 7 });
    expect(slotIndex(at('2026-03-08T07:00:00Z'), TORONTO)).toEqual({ weekday: 'sunday', slot: 12 });
    const seen = new Set<number>();
    for (let minute = 0; minute < 24 * 60; minute++) {
      const now = new Date(Date.parse('2026-03-08T05:00:00Z') + minute * 60_000);
      const { weekday, slot } = slotIndex(now, TORONTO);
      if (weekday === 'sunday') seen.add(slot);
    }
    expect([8, 9, 10, 11].filter((slot) => seen.has(slot))).toEqual([]);
    expect(seen.size).toBe(92);
  });

  it('repeats the slots of 01:00-02:00 on the fall-back day (Toronto, 2026-11-01)', () => {
    expect(slotIndex(at('2026-11-01T05:30:00Z'), TORONTO)).toEqual({ weekday: 'sunday', slot: 6 }); // 01:30 EDT
    expect(slotIndex(at('2026-11-01T06:30:00Z'), TORONTO)).toEqual({ weekday: 'sunday', slot: 6 }); // 01:30 EST
    expect(slotIndex(at('2026-11-01T07:00:00Z'), TORONTO)).toEqual({ weekday: 'sunday', slot: 8 }); // 02:00 EST
  });

  it('follows the DST changes in St. John’s too (same dates, half-hour offset)', () => {
    expect(slotIndex(at('2026-03-08T05:29:00Z'), ST_JOHNS)).toEqual({ weekday: 'sunday', slot: 7 }); // 01:59 NST
    expect(slotIndex(at('2026-03-08T05:30:00Z'), ST_JOHNS)).toEqual({ weekday: 'sunday', slot: 12 }); // 03:00 NDT
  });

  it('always gives a slot 0..95 (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (now) => {
        for (const zone of [TORONTO, EDMONTON, ST_JOHNS, 'UTC', 'Asia/Kolkata']) {
          const { slot, weekday } = slotIndex(now, zone);
          expect(Number.isInteger(slot) && slot >= 0 && slot < 96).toBe(true);
          expect(WEEKDAYS).toContain(weekday);
        }
      }),
    );
  });

  it('throws a RangeError for an unknown zone', () => {
    expect(() => slotIndex(at('2026-01-15T12:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('prepareTimeZone', () => {
  it.each([
    [TORONTO, true],
    [ST_JOHNS, true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('%s: %s, without throwing', (zone, known) => {
    expect(prepareTimeZone(zone, at('2026-06-13T03:59:00Z'))).toBe(known);
  });
});

describe('localDateTime and zonedInstant', () => {
  it('reads the local wall clock', () => {
    expect(localDateTime(at('2026-06-13T03:59:00Z'), TORONTO)).toEqual({
      year: 2026,
      month: 6,
      day: 12,
      weekday: 'friday',
      hour: 23,
      minute: 59,
    });
  });
  it.each([
    [TORONTO, [2026, 1, 15, 12, 0], '2026-01-15T17:00:00.000Z'],
    [TORONTO, [2026, 3, 8, 2, 30], '2026-03-08T07:30:00.000Z'], // does not exist: 03:30 EDT
    [TORONTO, [2026, 11, 1, 1, 30], '2026-11-01T05:30:00.000Z'], // twice: the first (EDT)
    [TORONTO, [2026, 1, 32, 0, 0], '2026-02-01T05:00:00.000Z'], // day overflow
    [ST_JOHNS, [2026, 1, 15, 0, 0], '2026-01-15T03:30:00.000Z'],
    [EDMONTON, [2026, 7, 1, 9, 0], '2026-07-01T15:00:00.000Z'],
  ] as const)('%s %j is %s', (zone, [year, month, dayOfMonth, hour, minute], iso) => {
    expect(zonedInstant(zone, year, month, dayOfMonth, hour, minute).toISOString()).toBe(iso);
  });
  it('answers a repeated question the same, with a Date of its own each time', () => {
    const first = zonedInstant(TORONTO, 2026, 3, 8, 2, 30);
    first.setTime(0);
    const second = zonedInstant(TORONTO, 2026, 3, 8, 2, 30);
    expect(second.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(second).not.toBe(zonedInstant(TORONTO, 2026, 3, 8, 2, 30));
    expect(() => zonedInstant('Not/A_Zone', 2026, 1, 1, 0, 0)).toThrow(RangeError);
    expect(() => zonedInstant('Not/A_Zone', 2026, 1, 1, 0, 0)).toThrow(RangeError);
  });
  it('keeps its last reading per zone and instant, and hands out a copy of it', () => {
    const now = at('2026-06-13T03:59:00Z');
    const first = localDateTime(now, TORONTO);
    first.hour = 5;
    expect(localDateTime(now, TORONTO).hour).toBe(23);
    // Same instant, another zone; same zone, the next minute: each read afresh.
    expect(localDateTime(now, EDMONTON).hour).toBe(21);
    expect(localDateTime(at('2026-06-13T04:00:00Z'), TORONTO)).toMatchObject({ day: 13, weekday: 'saturday', hour: 0, minute: 0 });
    expect(() => localDateTime(now, 'Not/A_Zone')).toThrow(RangeError);
    expect(localDateTime(now, TORONTO).hour).toBe(23);
  });
  it('round-trips any instant that is not in a repeated hour (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (now) => {
        for (const zone of [TORONTO, EDMONTON, ST_JOHNS]) {
          const local = localDateTime(now, zone);
          const back = zonedInstant(zone, local.year, local.month, local.day, local.hour, local.minute);
          const minute = Math.floor(now.getTime() / 60_000) * 60_000;
          // In the repeated hour the wall clock names two instants; zonedInstant picks the first.
          expect([0, 3_600_000]).toContain(minute - back.getTime());
        }
      }),
    );
  });
});

describe('priceAt', () => {
  const happyHour: Scheduled = {
    price: 850,
    price_schedule: week(
      day('X', [
        [44, 59, 'A'],
        [60, 71, 'B'],
        [72, 87, 'A'],
      ]),
    ), // 11:00-15:00 A, 15:00-18:00 B, 18:00-22:00 A
    additional_prices: { A: 850, B: 600 },
  };

  it.each([
    ['no schedule', { price: 1200 }, '2026-01-15T17:00:00Z', { available: true, price: 1200 }],
    ['an empty schedule is no schedule', { price: 1200, price_schedule: {} }, '2026-01-15T17:00:00Z', { available: true, price: 1200 }],
    ['schedule, A slot', happyHour, '2026-01-15T17:00:00Z', { available: true, price: 850 }], // 12:00 EST
    ['schedule, B slot', happyHour, '2026-01-15T20:00:00Z', { available: true, price: 600 }], // 15:00 EST
    ['schedule, last B slot', happyHour, '2026-01-15T22:59:59Z', { available: true, price: 600 }], // 17:59:59
    ['schedule, back to A', happyHour, '2026-01-15T23:00:00Z', { available: true, price: 850 }], // 18:00
    ['schedule, X slot', happyHour, '2026-01-15T14:00:00Z', { available: false }], // 09:00
    ['schedule, closing X', happyHour, '2026-01-16T03:00:00Z', { available: false }], // 22:00
    [
      'lower-case x is unavailable',
      { price: 100, price_schedule: week(day('x')), additional_prices: { x: 100 } },
      '2026-01-15T17:00:00Z',
      { available: false },
    ],
    [
      'a letter without an additional price is unavailable',
      { price: 100, price_schedule: week(day('E')), additional_prices: { A: 100 } },
      '2026-01-15T17:00:00Z',
      { available: false },
    ],
    [
      'a schedule without additional prices is unavailable',
      { price: 100, price_schedule: week(day('A')) },
      '2026-01-15T17:00:00Z',
      { available: false },
    ],
    [
      'letters match in either case',
      { price: 100, price_schedule: week(day('a')), additional_prices: { A: 450 } },
      '2026-01-15T17:00:00Z',
      { available: true, price: 450 },
    ],
    [
      'the exact letter wins over the other case',
      { price: 100, price_schedule: week(day('b')), additional_prices: { B: 450, b: 300 } },
      '2026-01-15T17:00:00Z',
      { available: true, price: 300 },
    ],
    [
      'an additional price of 0 is free, not unavailable',
      { price: 100, price_schedule: week(day('A')), additional_prices: { A: 0 } },
      '2026-01-15T17:00:00Z',
      { available: true, price: 0 },
    ],
    [
      'a weekday missing from the schedule is unavailable',
      { price: 100, price_schedule: { monday: day('A') }, additional_prices: { A: 100 } },
      '2026-01-15T17:00:00Z', // Thursday
      { available: false },
    ],
    [
      'a short day string is unavailable past its end',
      { price: 100, price_schedule: week('AAAA'), additional_prices: { A: 100 } },
      '2026-01-15T17:00:00Z',
      { available: false },
    ],
  ] as Array<[string, Scheduled, string, ReturnType<typeof priceAt>]>)('%s', (_name, entity, iso, expected) => {
    expect(priceAt(entity, at(iso), TORONTO)).toEqual(expected);
  });

  it('uses the local weekday across local midnight (23:59 Friday vs 00:00 Saturday, same UTC date)', () => {
    const fridayOnly: Scheduled = { price: 500, price_schedule: { friday: day('A') }, additional_prices: { A: 500 } };
    expect(priceAt(fridayOnly, at('2026-06-13T03:59:00Z'), TORONTO)).toEqual({ available: true, price: 500 });
    expect(priceAt(fridayOnly, at('2026-06-13T04:00:00Z'), TORONTO)).toEqual({ available: false });
  });

  it('never charges the price of the skipped 02:00-03:00 slots on 2026-03-08 (Toronto)', () => {
    const entity: Scheduled = { price: 100, price_schedule: week(day('A', [[8, 11, 'B']])), additional_prices: { A: 100, B: 999 } };
    for (let minute = 0; minute < 4 * 60; minute++) {
      const now = new Date(Date.parse('2026-03-08T05:00:00Z') + minute * 60_000);
      expect(priceAt(entity, now, TORONTO)).toEqual({ available: true, price: 100 });
    }
  });

  it('charges the 01:00-02:00 slot price for both repeated hours on 2026-11-01 (Toronto)', () => {
    const entity: Scheduled = { price: 100, price_schedule: week(day('A', [[4, 7, 'B']])), additional_prices: { A: 100, B: 250 } };
    expect(priceAt(entity, at('2026-11-01T04:59:00Z'), TORONTO)).toEqual({ available: true, price: 100 }); // 00:59 EDT
    expect(priceAt(entity, at('2026-11-01T05:00:00Z'), TORONTO)).toEqual({ available: true, price: 250 }); // 01:00 EDT
    expect(priceAt(entity, at('2026-11-01T06:59:00Z'), TORONTO)).toEqual({ available: true, price: 250 }); // 01:59 EST
    expect(priceAt(entity, at('2026-11-01T07:00:00Z'), TORONTO)).toEqual({ available: true, price: 100 }); // 02:00 EST
  });

  it('reads the schedule in the restaurant zone, not UTC (Edmonton and St. John’s)', () => {
    // 08:00-09:00 local only.
    const breakfast: Scheduled = { price: 100, price_schedule: week(day('X', [[32, 35, 'A']])), additional_prices: { A: 300 } };
    expect(priceAt(breakfast, at('2026-01-15T15:00:00Z'), EDMONTON)).toEqual({ available: true, price: 300 }); // 08:00 MST
    expect(priceAt(breakfast, at('2026-01-15T14:59:00Z'), EDMONTON)).toEqual({ available: false });
    expect(priceAt(breakfast, at('2026-01-15T11:30:00Z'), ST_JOHNS)).toEqual({ available: true, price: 300 }); // 08:00 NST
    expect(priceAt(breakfast, at('2026-01-15T11:29:00Z'), ST_JOHNS)).toEqual({ available: false });
    expect(priceAt(breakfast, at('2026-01-15T12:29:00Z'), ST_JOHNS)).toEqual({ available: true, price: 300 }); // 08:59 NST
    expect(priceAt(breakfast, at('2026-01-15T12:30:00Z'), ST_JOHNS)).toEqual({ available: false });
  });

  it('gives the item price or an additional price, never anything else (property)', () => {
    const letters = fc.constantFrom('A', 'B', 'X', 'x', 'E');
    fc.assert(
      fc.property(
        fc.array(letters, { minLength: 96, maxLength: 96 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (slots, now) => {
          const entity: Scheduled = { price: 1, price_schedule: week(slots.join('')), additional_prices: { A: 200, B: 300 } };
          const result = priceAt(entity, now, TORONTO);
          const letter = slots[slotIndex(now, TORONTO).slot];
          if (letter === 'A') expect(result).toEqual({ available: true, price: 200 });
          else if (letter === 'B') expect(result).toEqual({ available: true, price: 300 });
          else expect(result).toEqual({ available: false });
        },
      ),
    );
  });
});
