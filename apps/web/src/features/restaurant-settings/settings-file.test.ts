import { OpeningHoursForm, OrderingSettingsForm } from '@servery/contracts/settings-forms';
import { TenantFile } from '@servery/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import { fieldProblemErrorMap, problemOf } from '../../components/ui/form/field-problem';
import { applyHours, applyOrdering, hoursFieldOf, hoursValues, orderingFieldOf, orderingValues, type SettingsFile } from './settings-file';

const BISTRO: SettingsFile = {
  zone: 'America/Toronto',
  hours: [
    { day: 'tuesday', start_time: '11:00', end_time: '14:00' },
    { day: 'monday', start_time: '11:00', end_time: '22:00' },
    { day: 'tuesday', start_time: '17:00', end_time: '22:00' },
    { day: 'friday', start_time: '11:00', end_time: '01:00' },
  ],
  holiday_hours: [
    { date: '2026-12-24', full_day: false, start_time: '11:00', end_time: '16:00' },
    { date: '2026-12-25', full_day: true },
  ],
  tipConfig: { type: 'percentage', default_values: ['15', '18', '20'], default_value_selected: 1, total_summary_title: 'Tip' },
  serviceCharge: { value: '5$', label: 'Service' },
  delivery: { radius_km: 5, delivery_charge: '12' },
  maxItemsPerCart: 30,
  orders_paused_message: { 'en-CA': 'Back soon' },
  menu_groups: [],
};

describe('the hours form from the file', () => {
  it('groups the ranges by weekday in the file order, marks a range past midnight, and reads the holidays', () => {
    const values = hoursValues(BISTRO);
    expect(values.days[2]!.ranges).toEqual([
      { start: '11:00', end: '14:00', overnight: false },
      { start: '17:00', end: '22:00', overnight: false },
    ]);
    expect(values.days[5]!.ranges).toEqual([{ start: '11:00', end: '01:00', overnight: true }]);
    expect(values.days[0]!.ranges).toEqual([]);
    expect(values.holidays).toEqual([
      { date: '2026-12-24', closed: false, start: '11:00', end: '16:00', overnight: false },
      { date: '2026-12-25', closed: true, start: '', end: '', overnight: false },
    ]);
  });

  it('writes back the same ranges in weekday order, and a closed holiday without times', () => {
    const file = applyHours(BISTRO, hoursValues(BISTRO));
    expect(file.hours).toEqual([
      { day: 'monday', start_time: '11:00', end_time: '22:00' },
      { day: 'tuesday', start_time: '11:00', end_time: '14:00' },
      { day: 'tuesday', start_time: '17:00', end_time: '22:00' },
      { day: 'friday', start_time: '11:00', end_time: '01:00' },
    ]);
    expect(file.holiday_hours![1]).toEqual({ date: '2026-12-25', full_day: true, start_time: null, end_time: null });
    expect(file.menu_groups).toBe(BISTRO.menu_groups);
  });

  it('finds the field of a refused path by the order it wrote the ranges in', () => {
    const fieldOf = hoursFieldOf(hoursValues(BISTRO));
    expect.soft(fieldOf('$.hours[0].start_time')).toBe('days.1.ranges.0.start');
    expect.soft(fieldOf('$.hours[2].end_time')).toBe('days.2.ranges.1.end');
    expect.soft(fieldOf('$.hours[3]')).toBe('days.5.ranges.0.start');
    expect.soft(fieldOf('$.hours[9].end_time')).toBeUndefined();
    expect.soft(fieldOf('$.holiday_hours[1].date')).toBe('holidays.1.date');
    expect.soft(fieldOf('$.holiday_hours[0]')).toBe('holidays.0.start');
    expect.soft(fieldOf('$.menu_groups[0].name')).toBeUndefined();
  });
});

describe('the hours form checks', () => {
  const week = (ranges: Array<{ start: string; end: string; overnight?: boolean }>) => ({
    days: Array.from({ length: 7 }, (_, day) => ({ ranges: day === 2 ? ranges.map((range) => ({ overnight: false, ...range })) : [] })),
    holidays: [],
  });
  const problems = (values: unknown) => {
    const result = OpeningHoursForm.safeParse(values);
    return result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join('.'), (issue as { params?: { messageKey?: string } }).params?.messageKey]);
  };

  it.each([
    [
      'two ranges that touch',
      [
        { start: '11:00', end: '14:00' },
        { start: '14:00', end: '22:00' },
      ],
      [],
    ],
    ['a range past midnight, ticked', [{ start: '18:00', end: '02:00', overnight: true }], []],
    ['a malformed time', [{ start: '9:30', end: '14:00' }], [['days.2.ranges.0.start', 'staffSettings.error.time']]],
    ['a time past 23:59', [{ start: '09:00', end: '24:00' }], [['days.2.ranges.0.end', 'staffSettings.error.time']]],
    ['an end before its start', [{ start: '14:00', end: '11:00' }], [['days.2.ranges.0.end', 'staffSettings.error.endBeforeStart']]],
    ['an end equal to its start', [{ start: '11:00', end: '11:00' }], [['days.2.ranges.0.end', 'staffSettings.error.endBeforeStart']]],
    [
      'past midnight yet ending later',
      [{ start: '11:00', end: '14:00', overnight: true }],
      [['days.2.ranges.0.end', 'staffSettings.error.overnightEnd']],
    ],
    [
      'two ranges that overlap',
      [
        { start: '11:00', end: '15:00' },
        { start: '14:00', end: '22:00' },
      ],
      [['days.2.ranges.1.start', 'staffSettings.error.overlap']],
    ],
    [
      'a late range overlapping one past midnight',
      [
        { start: '18:00', end: '02:00', overnight: true },
        { start: '22:00', end: '23:00' },
      ],
      [['days.2.ranges.1.start', 'staffSettings.error.overlap']],
    ],
  ])('%s', (_, ranges, expected) => {
    expect(problems(week(ranges))).toEqual(expected);
  });

  it('words its message in the person’s language through the form mechanism (a catalogue key, not English text)', () => {
    const result = OpeningHoursForm.safeParse(week([{ start: '14:00', end: '11:00' }]), { error: fieldProblemErrorMap });
    const issue = result.error!.issues[0]!;
    expect(problemOf({ type: issue.code, message: issue.message })).toEqual({ key: 'message', name: 'staffSettings.error.endBeforeStart' });
  });

  it('names a malformed holiday date, a second holiday on the same date, and an open holiday without its times', () => {
    const holidays = [
      { date: '2026-12-24', closed: true, start: '', end: '', overnight: false },
      { date: '2026-12-24', closed: false, start: '', end: '16:00', overnight: false },
      { date: '24/12/2026', closed: true, start: '', end: '', overnight: false },
    ];
    expect(problems({ ...week([]), holidays })).toEqual([
      ['holidays.1.start', 'staffSettings.error.time'],
      ['holidays.2.date', 'staffSettings.error.date'],
      ['holidays.1.date', 'staffSettings.error.sameDate'],
    ]);
  });
});

describe('the tips, charges, limits and pause message form', () => {
  it('reads the file: five tip slots, the charges by kind, the limits and the message', () => {
    expect(orderingValues(BISTRO)).toEqual({
      tips_offered: true,
      tips: ['15', '18', '20', '', ''],
      tip_default: '1',
      service_charge: { kind: 'dollar', value: '5' },
      max_items: '30',
      max_meals: '',
      min_meals: '',
      pause_en: 'Back soon',
      pause_fr: '',
    });
    expect(orderingValues({}).service_charge).toEqual({ kind: 'none', value: '' });
    expect(orderingValues({}).tips_offered).toBe(false);
  });

  it.each<[string, Partial<ReturnType<typeof orderingValues>>, Partial<SettingsFile>]>([
    ['nothing changed', {}, { tipConfig: BISTRO.tipConfig, serviceCharge: BISTRO.serviceCharge, maxItemsPerCart: 30 }],
    [
      'a tip added, chosen first, blanks left out',
      { tips: ['15', '', '18', '22', ''], tip_default: '2' },
      { tipConfig: { ...BISTRO.tipConfig, default_values: ['15', '18', '22'], default_value_selected: 2 } },
    ],
    ['tips no longer asked for', { tips_offered: false }, { tipConfig: null }],
    [
      'a service charge as a percentage',
      { service_charge: { kind: 'percentage', value: '18' } },
      { serviceCharge: { value: '18', label: 'Service' } },
    ],
    ['no service charge', { service_charge: { kind: 'none', value: '5' } }, { serviceCharge: null }],
    ['limits cleared and set', { max_items: '', min_meals: '2' }, { maxItemsPerCart: null, minMealsPerCart: 2, maxMealsPerCart: null }],
    [
      'the pause message in both languages',
      { pause_en: ' Back at 5 ', pause_fr: 'De retour à 17 h' },
      { orders_paused_message: { 'en-CA': 'Back at 5', 'fr-CA': 'De retour à 17 h' } },
    ],
  ])('%s', (_, change, expected) => {
    const file = applyOrdering(BISTRO, { ...orderingValues(BISTRO), ...change });
    expect(file).toMatchObject(expected);
    expect(file.hours).toBe(BISTRO.hours);
  });

  it('leaves delivery, its charge included, to the Delivery form', () => {
    expect(applyOrdering(BISTRO, orderingValues(BISTRO)).delivery).toBe(BISTRO.delivery);
    expect(applyOrdering({}, orderingValues({}))).not.toHaveProperty('delivery');
  });

  it('gives a file the tenant file schema takes, for maple-bistro-like settings', () => {
    const file = applyOrdering(applyHours(BISTRO, hoursValues(BISTRO)), orderingValues(BISTRO));
    const parsed = TenantFile.safeParse({ id: 1, slug: 'bistro', name: 'Bistro', province: 'ON', tax_rate: {}, ...file });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it.each([
    ['tips.1', { tips: ['15', '101', '', '', ''] }, 'staffSettings.error.percent'],
    ['tip_default', { tips: ['15', '', '', '', ''], tip_default: '1' }, 'staffSettings.error.tipDefault'],
    ['service_charge.value', { service_charge: { kind: 'dollar', value: '-5' } }, 'staffSettings.error.dollars'],
    ['max_items', { max_items: '0' }, 'staffSettings.error.whole'],
    ['min_meals', { min_meals: '5', max_meals: '3' }, 'staffSettings.error.minAboveMax'],
  ])('refuses %s', (path, change, key) => {
    const result = OrderingSettingsForm.safeParse({ ...orderingValues(BISTRO), ...change });
    expect(
      result.error?.issues.map((issue) => [issue.path.join('.'), (issue as { params?: { messageKey?: string } }).params?.messageKey]),
    ).toEqual([[path, key]]);
  });

  it.each([
    ['$.tipConfig.default_values[2]', 'tips.2'],
    ['$.tipConfig.default_value_selected', 'tip_default'],
    ['$.serviceCharge.value', 'service_charge.value'],
    ['$.delivery.delivery_charge', undefined],
    ['$.maxItemsPerCart', 'max_items'],
    ['$.orders_paused_message["fr-CA"]', 'pause_fr'],
    ['$.hours[0].day', undefined],
  ])('%s is the field %s', (path, field) => {
    expect(orderingFieldOf(path)).toBe(field);
  });
});
