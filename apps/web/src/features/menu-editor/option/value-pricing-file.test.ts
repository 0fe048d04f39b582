import { OptionValue } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import type { PromoTake } from '../item/item-promos-file';
import type { FileOptionValue } from '../option-file';
import { applyValuePricing, valuePricingFieldOf, valuePricingMessages, valuePricingValues } from './value-pricing-file';

const PROMOS: PromoTake[] = [
  { id: 1902, cents: 100 },
  { id: 1903, percent: '10' },
];
const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const day = (...runs: Array<[letter: string, count: number]>) => runs.map(([letter, count]) => letter.repeat(count)).join('');
/** 2,00 $ on weekdays from 11:00 to 14:00, 3,00 $ at every other time. */
const LUNCH = day(['B', 44], ['A', 12], ['B', 40]);
const ALL_DAY_B = 'B'.repeat(96);
const lunchWeek = Object.fromEntries(WEEK.map((name) => [name, name === 'sunday' || name === 'saturday' ? ALL_DAY_B : LUNCH]));

const bacon: FileOptionValue = { id: 30, name: 'Bacon', price: '2.50' };
const priced: FileOptionValue = {
  id: 31,
  name: 'Cheese',
  price: '1.00',
  price_schedule: lunchWeek,
  additional_prices: { A: '2.00', B: 3 },
  tax_rate: { tax1: '0.05' },
  promos: [1903],
  allergens: 'Dairy',
};

type Change = (values: ReturnType<typeof valuePricingValues>) => void;

describe('an option value’s pricing between the file and its choice in the group form', () => {
  it('reads a value without any as off, empty and unchecked, and a priced one as the item’s fields read it', () => {
    expect(valuePricingValues(bacon, PROMOS)).toEqual({
      schedule: {
        scheduled: false,
        prices: { A: '', B: '', C: '', D: '' },
        days: Object.fromEntries(WEEK.map((name) => [name, ''])),
      },
      tax1: '',
      tax2: '',
      promos: { p1902: false, p1903: false },
    });
    const values = valuePricingValues(priced, PROMOS);
    expect(values.schedule.scheduled).toBe(true);
    expect(values.schedule.prices).toEqual({ A: '2.00', B: '3.00', C: '', D: '' });
    expect(values.schedule.days.monday).toBe('00:00-11:00 B, 11:00-14:00 A, 14:00-24:00 B');
    expect(values.schedule.days.sunday).toBe('00:00-24:00 B');
    expect(values).toMatchObject({ tax1: '5', tax2: '', promos: { p1902: false, p1903: true } });
  });

  it.each<{ case: string; value: FileOptionValue; change: Change; expected: FileOptionValue }>([
    {
      case: 'nothing changed on a value without any: the value as it was',
      value: bacon,
      change: () => {},
      expected: bacon,
    },
    {
      case: 'nothing changed on a priced value: the same, its prices as dollars text',
      value: priced,
      change: () => {},
      expected: { ...priced, additional_prices: { A: '2.00', B: '3.00' } },
    },
    {
      case: '2,00 $ on weekdays 11:00-14:00, 3,00 $ otherwise (typed the French way)',
      value: bacon,
      change: (values) => {
        values.schedule.scheduled = true;
        values.schedule.prices = { A: '2,00', B: '3', C: '', D: '' };
        for (const name of WEEK)
          values.schedule.days[name] =
            name === 'sunday' || name === 'saturday' ? '00:00-24:00 B' : '00:00-11:00 B, 11:00-14:00 A, 14:00-24:00 B';
      },
      expected: { ...bacon, price_schedule: lunchWeek, additional_prices: { A: '2.00', B: '3.00' } },
    },
    {
      case: 'its own tax rates as the file’s fractions',
      value: bacon,
      change: (values) => {
        values.tax1 = '5';
        values.tax2 = '9,975';
      },
      expected: { ...bacon, tax_rate: { tax1: '0.05', tax2: '0.09975' } },
    },
    {
      case: 'promo 1903 checked: the value names it',
      value: bacon,
      change: (values) => {
        values.promos.p1903 = true;
      },
      expected: { ...bacon, promos: [1903] },
    },
    {
      case: 'all taken off: no schedule, no prices, no tax rate, no promos, the rest kept',
      value: priced,
      change: (values) => {
        values.schedule.scheduled = false;
        values.tax1 = '';
        values.promos.p1903 = false;
      },
      expected: { id: 31, name: 'Cheese', price: '1.00', allergens: 'Dairy' },
    },
    {
      case: 'a promo the file does not list is kept, for the file’s rule to name',
      value: { ...bacon, promos: [77] },
      change: (values) => {
        values.promos.p1902 = true;
      },
      expected: { ...bacon, promos: [77, 1902] },
    },
  ])('$case', ({ value, change, expected }) => {
    const values = valuePricingValues(value, PROMOS);
    change(values);
    expect(applyValuePricing(value, values, PROMOS)).toEqual(expected);
  });

  it('writes what the tenant file takes for an option value', () => {
    const values = valuePricingValues(bacon, PROMOS);
    values.schedule = valuePricingValues(priced, PROMOS).schedule;
    values.tax2 = '9.975';
    values.promos.p1902 = true;
    const written = applyValuePricing(bacon, values, PROMOS);
    const parsed = OptionValue.safeParse(written);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ price_schedule: lunchWeek, tax_rate: { tax2: '0.09975' }, promos: [1902] });
  });
});

describe('the server’s refusals and the form’s messages on a choice’s pricing', () => {
  it.each([
    ['.price_schedule.friday', 'schedule.days.friday'],
    ['.price_schedule', 'schedule.scheduled'],
    ['.additional_prices', 'schedule.prices.A'],
    ['.additional_prices.b', 'schedule.prices.B'],
    ['.tax_rate', 'tax1'],
    ['.tax_rate.tax2', 'tax2'],
    ['.promos', 'promos'],
    ['.promos[1]', 'promos'],
    ['.diets', undefined],
    ['.price', undefined],
    ['.options[0].name', undefined],
  ])('%s is the choice’s field %s', (suffix, field) => expect(valuePricingFieldOf(suffix)).toBe(field));

  it('gives each of the choice’s days, letters and taxes its message, at its place in the group form', () => {
    const messages = valuePricingMessages('values.2.', ['F']);
    expect(messages['values.2.schedule.days.monday']).toBe('menuEditorItemFields.dayInvalid');
    expect(messages['values.2.schedule.prices.A']).toBe('menuEditorItemFields.letterPriceInvalid');
    expect(messages['values.2.schedule.prices.F']).toBe('menuEditorItemFields.letterPriceInvalid');
    expect(messages['values.2.tax1']).toBe('menuEditorItemFields.taxInvalid');
    expect(messages['values.2.tax2']).toBe('menuEditorItemFields.taxInvalid');
  });
});
