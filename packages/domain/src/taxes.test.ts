import { describe, expect, it } from 'vitest';
import {
  bracketKeys,
  effectiveTaxRates,
  isProvince,
  overrideTaxRates,
  PROVINCE_TAXES,
  PROVINCES,
  restaurantTaxRates,
  TAX_LABELS,
  type Province,
  type TaxKey,
} from './taxes';

describe('province brackets', () => {
  it.each<[Province, Array<[TaxKey, string]>]>([
    ['ON', [['HST', '0.13']]],
    ['NB', [['HST', '0.15']]],
    ['NL', [['HST', '0.15']]],
    ['PE', [['HST', '0.15']]],
    ['NS', [['HST', '0.14']]],
    [
      'QC',
      [
        ['GST', '0.05'],
        ['QST', '0.09975'],
      ],
    ],
    [
      'BC',
      [
        ['GST', '0.05'],
        ['PST', '0.07'],
      ],
    ],
    [
      'SK',
      [
        ['GST', '0.05'],
        ['PST', '0.06'],
      ],
    ],
    [
      'MB',
      [
        ['GST', '0.05'],
        ['PST', '0.07'],
      ],
    ],
    ['AB', [['GST', '0.05']]],
    ['NT', [['GST', '0.05']]],
    ['NU', [['GST', '0.05']]],
    ['YT', [['GST', '0.05']]],
  ])('%s has %j', (province, brackets) => {
    expect(PROVINCE_TAXES[province].map((bracket) => [bracket.key, bracket.rate])).toEqual(brackets);
    expect(bracketKeys(province)).toEqual(brackets.map(([key]) => key));
  });

  it('covers every province and territory', () => {
    expect(Object.keys(PROVINCE_TAXES).sort()).toEqual([...PROVINCES].sort());
    expect(isProvince('QC')).toBe(true);
    expect(isProvince('XX')).toBe(false);
    expect(isProvince(13)).toBe(false);
  });

  it('labels every bracket in both languages', () => {
    expect(TAX_LABELS).toEqual({
      GST: { 'en-CA': 'GST', 'fr-CA': 'TPS' },
      HST: { 'en-CA': 'HST', 'fr-CA': 'TVH' },
      QST: { 'en-CA': 'QST', 'fr-CA': 'TVQ' },
      PST: { 'en-CA': 'PST', 'fr-CA': 'TVP' },
    });
  });
});

describe('tax rate overrides', () => {
  it('a bracket the restaurant leaves unset is 0', () => {
    expect(restaurantTaxRates({ tax1: '0.13' })).toEqual({ tax1: '0.13', tax2: '0' });
    expect(restaurantTaxRates({ tax1: '0.05', tax2: null })).toEqual({ tax1: '0.05', tax2: '0' });
    expect(restaurantTaxRates(undefined)).toEqual({ tax1: '0', tax2: '0' });
  });

  it('overrides bracket by bracket: set values win, absent and null inherit', () => {
    const base = { tax1: '0.05', tax2: '0.07' };
    expect(overrideTaxRates(base, { tax2: '0' })).toEqual({ tax1: '0.05', tax2: '0' });
    expect(overrideTaxRates(base, { tax1: null, tax2: '0.1' })).toEqual({ tax1: '0.05', tax2: '0.1' });
    expect(overrideTaxRates(base, {})).toEqual(base);
    expect(overrideTaxRates(base, undefined)).toEqual(base);
  });

  it('goes down restaurant -> menu -> section -> item -> value', () => {
    // BC: the menu exempts PST, a section puts it back at 0.07, the item zero-rates GST,
    // and a value sets PST to 0.1 while keeping the item's GST.
    const restaurant = { tax1: '0.05', tax2: '0.07' };
    const menu = { tax2: '0' };
    const section = { tax2: '0.07' };
    const item = { tax1: '0' };
    expect(effectiveTaxRates(restaurant, menu)).toEqual({ tax1: '0.05', tax2: '0' });
    expect(effectiveTaxRates(restaurant, menu, section)).toEqual({ tax1: '0.05', tax2: '0.07' });
    expect(effectiveTaxRates(restaurant, menu, section, item)).toEqual({ tax1: '0', tax2: '0.07' });
    expect(effectiveTaxRates(restaurant, menu, section, item, { tax2: '0.1' })).toEqual({ tax1: '0', tax2: '0.1' });
    // An item directly in a menu has no section; a value without a rate inherits the item's.
    expect(effectiveTaxRates(restaurant, menu, undefined, item, undefined)).toEqual({ tax1: '0', tax2: '0' });
  });
});
