import { describe, expect, it } from 'vitest';
import { PriceScheduleForm } from '@servery/contracts/forms';
import type { FileItem } from '../menu-file';
import { applySchedule, scheduleFieldOf, scheduleValues } from './price-schedule-file';

const day = (...runs: Array<[letter: string, count: number]>) => runs.map(([letter, count]) => letter.repeat(count)).join('');
const happyHour = day(['X', 44], ['A', 16], ['B', 12], ['A', 16], ['X', 8]);
const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const lager: FileItem = {
  id: 1141,
  name: 'Draught lager',
  price: '8.50',
  price_schedule: Object.fromEntries(WEEK.map((name) => [name, name === 'sunday' ? 'X'.repeat(96) : happyHour])),
  additional_prices: { A: '8.50', B: 6 },
};

describe('an item’s price schedule between the file and its form', () => {
  it('reads each weekday as ranges and each letter’s price as dollars text, A to D always offered', () => {
    const values = scheduleValues(lager);
    expect(values.scheduled).toBe(true);
    expect(values.prices).toEqual({ A: '8.50', B: '6.00', C: '', D: '' });
    expect(values.days.monday).toBe('11:00-15:00 A, 15:00-18:00 B, 18:00-22:00 A');
    expect(values.days.sunday).toBe('');
    expect(scheduleValues({ id: 1, name: 'Tea', price: '2' })).toMatchObject({ scheduled: false, days: { friday: '' } });
  });

  it('writes back what it read, unchanged but for the prices as dollars text', () => {
    expect(applySchedule(lager, scheduleValues(lager))).toEqual({ ...lager, additional_prices: { A: '8.50', B: '6.00' } });
  });

  it.each([
    {
      case: 'a schedule made from nothing: seven days, the prices given',
      item: { id: 1, name: 'Tea', price: '2' },
      change: { scheduled: true, prices: { A: '2.50', B: '', C: '', D: '' }, days: { monday: '08:00-11:00 A' } },
      check: (next: FileItem) => {
        expect(Object.keys(next.price_schedule as object)).toEqual([...WEEK]);
        expect((next.price_schedule as Record<string, string>).monday).toBe(day(['X', 32], ['A', 12], ['X', 52]));
        expect((next.price_schedule as Record<string, string>).friday).toBe('X'.repeat(96));
        expect(next.additional_prices).toEqual({ A: '2.50' });
      },
    },
    {
      case: 'turned off: neither field left',
      item: lager,
      change: { scheduled: false },
      check: (next: FileItem) => expect(next).toEqual({ id: 1141, name: 'Draught lager', price: '8.50' }),
    },
  ])('$case', ({ item, change, check }) => {
    const values = scheduleValues(item);
    check(applySchedule(item, { ...values, ...change, days: { ...values.days, ...(change.days ?? {}) } }));
  });

  it.each([
    ['a day that does not parse', { days: { monday: '11:00-lunch A' } }, ['days.monday']],
    ['a letter without a price', { days: { tuesday: '11:00-12:00 C' } }, ['days.tuesday']],
    ['no price at all', { prices: { A: '', B: '', C: '', D: '' }, days: { monday: '' } }, ['prices.A', 'days.tuesday']],
    ['a malformed price', { prices: { A: '-1', B: '6', C: '', D: '' } }, ['prices.A']],
  ] as Array<[string, Partial<PriceScheduleForm> & { days?: Record<string, string> }, string[]]>)(
    'the form refuses %s on its field',
    (_case, change, fields) => {
      const values = scheduleValues(lager);
      const typed = { ...values, ...change, days: { ...values.days, ...(change.days ?? {}) } };
      const result = PriceScheduleForm.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(fields));
    },
  );

  it('takes a schedule that is off whatever its days say, and names the field of a server refusal', () => {
    expect(
      PriceScheduleForm.safeParse({ ...scheduleValues(lager), scheduled: false, days: { ...scheduleValues(lager).days, monday: '??' } })
        .success,
    ).toBe(true);
    expect(['.price_schedule.monday', '.additional_prices', '.additional_prices.b', '.price'].map(scheduleFieldOf)).toEqual([
      'days.monday',
      'prices.A',
      'prices.B',
      undefined,
    ]);
  });
});
