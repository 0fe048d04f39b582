import { DiscountCodesForm } from '@servery/contracts/discount-codes-form';
import { TenantFile } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import { fieldProblemErrorMap, problemOf } from '../../components/ui/form/field-problem';
import {
  applyCodes,
  codesFieldOf,
  codesValues,
  codesWording,
  instantOf,
  wallClockOf,
  type FileDiscountCode,
  type OffersFile,
} from './codes-file';

// maple-bistro's codes, as its file writes them.
const BISTRO: OffersFile = {
  zone: 'America/Toronto',
  hasDiscounts: true,
  discount_codes: [
    { code: 'WELCOME10', type: 'percentage', value: '10' },
    { code: 'FIVEOFF', type: 'dollar', value: '5' },
    { code: 'SUMMER25', type: 'percentage', value: '25', starts_at: '2026-06-01T00:00:00-04:00', ends_at: '2026-08-31T23:59:59-04:00' },
    { code: 'LAUNCH15', type: 'percentage', value: '15', starts_at: '2026-01-01T00:00:00-05:00', max_uses: 100 },
  ],
  menu_groups: [],
};

const parses = (file: OffersFile) =>
  TenantFile.safeParse({ id: 1, slug: 'bistro', name: 'Bistro', province: 'ON', tax_rate: {}, ...file }).error?.issues ?? [];

type Values = ReturnType<typeof codesValues>;
const NEW = {
  file_index: -1,
  code: '',
  type: 'percentage' as 'percentage' | 'dollar',
  value: '',
  starts_at: '',
  ends_at: '',
  max_uses: '',
};

describe('the wall clock of the restaurant and the file’s instants', () => {
  it.each([
    ['2026-06-01T00:00:00-04:00', 'America/Toronto', '2026-06-01T00:00'],
    ['2026-08-31T23:59:59-04:00', 'America/Toronto', '2026-08-31T23:59'],
    ['2026-01-01T05:00:00Z', 'America/Toronto', '2026-01-01T00:00'],
    ['2026-07-01T12:00:00Z', 'America/Vancouver', '2026-07-01T05:00'],
    [null, 'America/Toronto', ''],
    ['not a date', 'America/Toronto', ''],
  ])('%s in %s reads %s', (iso, zone, wall) => {
    expect(wallClockOf(iso, zone)).toBe(wall);
  });

  it.each([
    ['2026-06-01T00:00', 'America/Toronto', '2026-06-01T00:00:00-04:00'],
    ['2026-12-24T17:30', 'America/Toronto', '2026-12-24T17:30:00-05:00'],
    ['2026-07-01T05:00', 'America/Vancouver', '2026-07-01T05:00:00-07:00'],
    ['2026-01-10T09:00', 'America/St_Johns', '2026-01-10T09:00:00-03:30'],
    // 02:30 is skipped on the spring-forward day: it moves forward by the gap.
    ['2026-03-08T02:30', 'America/Toronto', '2026-03-08T03:30:00-04:00'],
  ])('%s in %s is %s', (wall, zone, iso) => {
    expect(instantOf(wall, zone)).toBe(iso);
    expect(Date.parse(iso)).not.toBeNaN();
  });
});

describe('the codes form and the file', () => {
  it.each<[string, OffersFile]>([
    ['maple-bistro’s four codes (seconds and offsets kept)', BISTRO],
    ['no codes, none offered', { zone: 'America/Toronto', hasDiscounts: false, discount_codes: [] }],
    ['a value written as a number', { hasDiscounts: true, discount_codes: [{ code: 'TWO', type: 'dollar', value: 2 }] }],
  ])('gives back the same file, unchanged: %s', (_, file) => {
    const back = applyCodes(file, codesValues(file));
    expect(back).toEqual({
      ...file,
      discount_codes: (file.discount_codes ?? []).map((code) => ({ ...code, value: String(code.value) })),
    });
  });

  it('reads each code’s window as the restaurant’s wall clock, and an empty field for none', () => {
    expect(codesValues(BISTRO).codes.slice(2)).toEqual([
      {
        file_index: 2,
        code: 'SUMMER25',
        type: 'percentage',
        value: '25',
        starts_at: '2026-06-01T00:00',
        ends_at: '2026-08-31T23:59',
        max_uses: '',
      },
      { file_index: 3, code: 'LAUNCH15', type: 'percentage', value: '15', starts_at: '2026-01-01T00:00', ends_at: '', max_uses: '100' },
    ]);
    expect(codesValues(BISTRO).offered).toBe(true);
  });

  it.each<[string, (values: Values) => void, (codes: FileDiscountCode[], file: OffersFile) => void]>([
    [
      'a new code, trimmed, 10 % with no window',
      (values) => values.codes.push({ ...NEW, code: ' LUNCH10 ', value: '10' }),
      (codes) => expect(codes[4]).toEqual({ code: 'LUNCH10', type: 'percentage', value: '10' }),
    ],
    [
      'a new code in dollars with a window and a limit',
      (values) =>
        values.codes.push({
          ...NEW,
          code: 'NOEL',
          type: 'dollar',
          value: '2.50',
          starts_at: '2026-12-20T11:00',
          ends_at: '2026-12-26T00:00',
          max_uses: '50',
        }),
      (codes) =>
        expect(codes[4]).toEqual({
          code: 'NOEL',
          type: 'dollar',
          value: '2.5',
          starts_at: '2026-12-20T11:00:00-05:00',
          ends_at: '2026-12-26T00:00:00-05:00',
          max_uses: 50,
        }),
    ],
    [
      'the summer’s end moved: the new end in the zone, the start kept as written',
      (values) => (values.codes[2]!.ends_at = '2026-09-07T22:00'),
      (codes) => expect(codes[2]).toMatchObject({ starts_at: '2026-06-01T00:00:00-04:00', ends_at: '2026-09-07T22:00:00-04:00' }),
    ],
    [
      'a window and a limit emptied',
      (values) => Object.assign(values.codes[3]!, { starts_at: '', max_uses: '' }),
      (codes) => expect(codes[3]).toEqual({ code: 'LAUNCH15', type: 'percentage', value: '15' }),
    ],
    [
      'one removed',
      (values) => values.codes.splice(1, 1),
      (codes) => expect(codes.map((c) => c.code)).toEqual(['WELCOME10', 'SUMMER25', 'LAUNCH15']),
    ],
    [
      'a code renamed and made dollars off',
      (values) => Object.assign(values.codes[0]!, { code: 'WELCOME5', type: 'dollar', value: '5.00' }),
      (codes) => expect(codes[0]).toEqual({ code: 'WELCOME5', type: 'dollar', value: '5' }),
    ],
    [
      'a value with a decimal comma, as French writes it',
      (values) => values.codes.push({ ...NEW, code: 'NOEL', type: 'dollar', value: '2,5' }),
      (codes) => expect(codes[4]).toEqual({ code: 'NOEL', type: 'dollar', value: '2.5' }),
    ],
    ['the cart’s field turned off', (values) => (values.offered = false), (_, file) => expect(file.hasDiscounts).toBe(false)],
  ])('%s', (_, change, expected) => {
    const values = codesValues(BISTRO);
    change(values);
    const file = applyCodes(BISTRO, values);
    expected(file.discount_codes ?? [], file);
    expect(file.menu_groups).toBe(BISTRO.menu_groups);
    expect(parses(file)).toEqual([]);
  });
});

describe('the codes form checks', () => {
  const problems = (change: (values: Values) => void) => {
    const values = codesValues(BISTRO);
    change(values);
    const result = DiscountCodesForm.safeParse(values);
    return result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join('.'), (issue as { params?: { messageKey?: string } }).params?.messageKey]);
  };
  const add = (code: Partial<typeof NEW>) => (values: Values) => values.codes.push({ ...NEW, code: 'LUNCH10', value: '10', ...code });

  it.each<[string, (values: Values) => void, Array<[string, string]>]>([
    ['nothing wrong', add({}), []],
    ['100 %', add({ value: '100' }), []],
    ['a percentage over 100', add({ value: '110' }), [['codes.4.value', 'staffOffers.error.percentOver']]],
    ['150 dollars off is a value', add({ type: 'dollar', value: '150' }), []],
    ['a negative value', add({ value: '-5' }), [['codes.4.value', 'staffOffers.error.negative']]],
    ['a malformed percentage', add({ value: '10%' }), [['codes.4.value', 'staffOffers.error.percent']]],
    ['a malformed amount', add({ type: 'dollar', value: '2.50$' }), [['codes.4.value', 'staffOffers.error.dollars']]],
    ['a decimal comma', add({ type: 'dollar', value: '2,50' }), []],
    ['three decimals', add({ type: 'dollar', value: '2.505' }), [['codes.4.value', 'staffOffers.error.dollars']]],
    ['an empty value', add({ value: '' }), [['codes.4.value', 'staffOffers.error.percent']]],
    ['nothing off', add({ value: '0' }), [['codes.4.value', 'staffOffers.error.zero']]],
    ['an empty code', add({ code: '   ' }), [['codes.4.code', 'staffOffers.error.codeEmpty']]],
    ['a control character', add({ code: 'LUNCH\u000710' }), [['codes.4.code', 'staffOffers.error.controlCharacters']]],
    ['a code too long', add({ code: 'L'.repeat(41) }), [['codes.4.code', 'staffOffers.error.codeTooLong']]],
    ['the same code in another case', add({ code: ' welcome10' }), [['codes.4.code', 'staffOffers.error.duplicateCode']]],
    [
      'an end before the start',
      add({ starts_at: '2026-12-02T11:00', ends_at: '2026-12-01T11:00' }),
      [['codes.4.ends_at', 'staffOffers.error.endBeforeStart']],
    ],
    [
      'an end at the start',
      add({ starts_at: '2026-12-02T11:00', ends_at: '2026-12-02T11:00' }),
      [['codes.4.ends_at', 'staffOffers.error.endBeforeStart']],
    ],
    ['an end alone', add({ ends_at: '2026-12-02T11:00' }), []],
    ['a window that does not read', add({ starts_at: '2026-13-02T11:00' }), [['codes.4.starts_at', 'staffOffers.error.dateTime']]],
    ['no uses', add({ max_uses: '0' }), [['codes.4.max_uses', 'staffOffers.error.uses']]],
    ['uses not whole', add({ max_uses: '2.5' }), [['codes.4.max_uses', 'staffOffers.error.uses']]],
  ])('%s', (_, change, expected) => {
    expect(problems(change)).toEqual(expected);
  });

  it('words its message in the person’s language (a catalogue key, not English text)', () => {
    const values = codesValues(BISTRO);
    values.codes[0]!.value = '101';
    const issue = DiscountCodesForm.safeParse(values, { error: fieldProblemErrorMap }).error!.issues[0]!;
    expect(problemOf({ type: issue.code, message: issue.message })).toEqual({ key: 'message', name: 'staffOffers.error.percentOver' });
  });

  it.each([
    ['$.discount_codes[1].code', 'codes.1.code'],
    ['$.discount_codes[0].value', 'codes.0.value'],
    ['$.discount_codes[2].ends_at', 'codes.2.ends_at'],
    ['$.discount_codes[3].max_uses', 'codes.3.max_uses'],
    ['$.discount_codes[3]', 'codes.3.code'],
    ['$.hasDiscounts', 'offered'],
    ['$.promos[0].percent', undefined],
  ])('%s is the field %s', (path, field) => {
    expect(codesFieldOf(path)).toBe(field);
  });

  it.each([
    ['discount code lunch10 is already at $.discount_codes[0] (codes are matched in any case)', 'staffOffers.error.duplicateCode'],
    ['must not be empty', 'staffOffers.error.codeEmpty'],
    ['a percentage is at most 100', 'staffOffers.error.percentOver'],
    ['must be after starts_at', 'staffOffers.error.endBeforeStart'],
    ['must be a decimal number of at least 0 (got "-5")', 'staffOffers.error.number'],
  ])('the file’s “%s” is worded %s', (message, key) => {
    expect(codesWording(message)).toEqual({ key: 'message', name: key });
  });
});
