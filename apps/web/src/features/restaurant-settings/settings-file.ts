/**
 * The restaurant's settings in the tenant file (packages/contracts/src/tenant-file.ts) and the settings
 * forms' values (contracts/settings-forms.ts), both ways, as pure functions: a form shows what the
 * file says, and what it sends changes only its own keys of the file, which the draft's save checks
 * whole. And back from a refused file's paths to the form's fields.
 */
import type { OpeningHoursForm, OrderingSettingsForm, ChargeForm } from '@servery/contracts/settings-forms';
import { WEEKDAYS } from '@servery/contracts/tenant-file';

type Weekday = (typeof WEEKDAYS)[number];
export { WEEKDAYS };

/** The file as the settings read it: only the keys they change are typed; the rest passes through. */
export interface SettingsFile {
  zone?: string;
  hours?: Array<{ day: Weekday; start_time: string; end_time: string }>;
  holiday_hours?: Array<{ date: string; full_day?: boolean; start_time?: string | null; end_time?: string | null }>;
  tipConfig?: {
    type?: 'percentage' | 'dollar';
    default_values?: Array<string | number>;
    default_value_selected?: number | null;
    [key: string]: unknown;
  } | null;
  serviceCharge?: { value: string | number; [key: string]: unknown } | null;
  delivery?: { delivery_charge?: string | number | null; [key: string]: unknown } | null;
  maxItemsPerCart?: number | null;
  maxMealsPerCart?: number | null;
  minMealsPerCart?: number | null;
  orders_paused_message?: Partial<Record<'en-CA' | 'fr-CA', string>>;
  [key: string]: unknown;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A range the file writes with its end at or before its start runs past midnight (domain/opening-hours.ts). */
const overnight = (start: string | null | undefined, end: string | null | undefined) =>
  Boolean(start && end && TIME.test(start) && TIME.test(end) && end <= start);

export function hoursValues(file: SettingsFile): OpeningHoursForm {
  const hours = file.hours ?? [];
  return {
    days: WEEKDAYS.map((day) => ({
      ranges: hours
        .filter((range) => range.day === day)
        .map((range) => ({ start: range.start_time, end: range.end_time, overnight: overnight(range.start_time, range.end_time) })),
    })),
    holidays: (file.holiday_hours ?? []).map((holiday) => ({
      date: holiday.date,
      closed: holiday.full_day === true,
      start: holiday.start_time ?? '',
      end: holiday.end_time ?? '',
      overnight: overnight(holiday.start_time, holiday.end_time),
    })),
  };
}

/** The file with the form's week (in weekday order, each day's ranges in the form's order) and holidays. */
export function applyHours(file: SettingsFile, values: OpeningHoursForm): SettingsFile {
  return {
    ...file,
    hours: values.days.flatMap((day, index) =>
      day.ranges.map((range) => ({ day: WEEKDAYS[index]!, start_time: range.start.trim(), end_time: range.end.trim() })),
    ),
    holiday_hours: values.holidays.map((holiday) =>
      holiday.closed
        ? { date: holiday.date.trim(), full_day: true, start_time: null, end_time: null }
        : { date: holiday.date.trim(), full_day: false, start_time: holiday.start.trim(), end_time: holiday.end.trim() },
    ),
  };
}

const HOURS_FIELD: Readonly<Record<string, string>> = { start_time: 'start', end_time: 'end', day: 'start' };

/**
 * The hours form's field for a refused file's path: `$.hours[3].end_time` is the end of the range
 * that `applyHours` wrote fourth, `$.holiday_hours[1].date` the second holiday's date; a rule of a
 * whole entry (a holiday without its times) lands on its first time.
 */
export function hoursFieldOf(values: OpeningHoursForm): (path: string) => string | undefined {
  const places = values.days.flatMap((day, d) => day.ranges.map((_, r) => `days.${d}.ranges.${r}`));
  return (path) => {
    const hours = /^\$\.hours\[(\d+)\](?:\.(\w+))?$/.exec(path);
    if (hours) {
      const place = places[Number(hours[1])];
      return place && `${place}.${HOURS_FIELD[hours[2] ?? 'start_time'] ?? 'start'}`;
    }
    const holiday = /^\$\.holiday_hours\[(\d+)\](?:\.(\w+))?$/.exec(path);
    if (!holiday || Number(holiday[1]) >= values.holidays.length) return undefined;
    const key = holiday[2] === 'date' ? 'date' : (HOURS_FIELD[holiday[2] ?? 'start_time'] ?? 'start');
    return `holidays.${holiday[1]}.${key}`;
  };
}

function chargeValues(value: string | number | null | undefined): ChargeForm {
  if (value === null || value === undefined || String(value).trim() === '') return { kind: 'none', value: '' };
  const text = String(value).trim();
  return text.endsWith('$') ? { kind: 'dollar', value: text.slice(0, -1) } : { kind: 'percentage', value: text };
}

const chargeText = (charge: ChargeForm): string | null =>
  charge.kind === 'none' ? null : charge.kind === 'dollar' ? `${charge.value.trim()}$` : charge.value.trim();

const countText = (count: number | null | undefined) => (count == null ? '' : String(count));
const countOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export const TIP_SLOTS = 5;

export function orderingValues(file: SettingsFile): OrderingSettingsForm {
  const tips = (file.tipConfig?.default_values ?? []).map(String);
  const selected = file.tipConfig?.default_value_selected;
  return {
    tips_offered: file.tipConfig != null,
    tips: [...tips, ...Array<string>(Math.max(0, TIP_SLOTS - tips.length)).fill('')].slice(0, TIP_SLOTS),
    tip_default: selected == null ? '' : String(selected),
    service_charge: chargeValues(file.serviceCharge?.value),
    max_items: countText(file.maxItemsPerCart),
    max_meals: countText(file.maxMealsPerCart),
    min_meals: countText(file.minMealsPerCart),
    pause_en: file.orders_paused_message?.['en-CA'] ?? '',
    pause_fr: file.orders_paused_message?.['fr-CA'] ?? '',
  };
}

/**
 * The file with the form's tips, service charge, limits and pause message. Tips not offered: no tip
 * config; a charge of "none": none. The delivery charge is the Delivery form's (features/restaurant-delivery).
 * Whatever else these entries hold (labels, their French) is kept.
 */
export function applyOrdering(file: SettingsFile, values: OrderingSettingsForm): SettingsFile {
  const offered = values.tips.map((tip) => tip.trim()).filter((tip) => tip !== '');
  const service = chargeText(values.service_charge);
  const message: Partial<Record<'en-CA' | 'fr-CA', string>> = {};
  if (values.pause_en.trim()) message['en-CA'] = values.pause_en.trim();
  if (values.pause_fr.trim()) message['fr-CA'] = values.pause_fr.trim();
  return {
    ...file,
    tipConfig: values.tips_offered
      ? {
          ...(file.tipConfig ?? { type: 'percentage' as const }),
          default_values: offered,
          default_value_selected: values.tip_default === '' ? null : Number(values.tip_default),
        }
      : null,
    serviceCharge: service === null ? null : { ...(file.serviceCharge ?? {}), value: service },
    maxItemsPerCart: countOf(values.max_items),
    maxMealsPerCart: countOf(values.max_meals),
    minMealsPerCart: countOf(values.min_meals),
    orders_paused_message: message,
  };
}

const ORDERING_FIELD: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^\$\.tipConfig\.default_values\[(\d+)\]$/, (match) => `tips.${match[1]}`],
  [/^\$\.tipConfig\.default_value_selected$/, () => 'tip_default'],
  [/^\$\.serviceCharge(\.value)?$/, () => 'service_charge.value'],
  [/^\$\.maxItemsPerCart$/, () => 'max_items'],
  [/^\$\.maxMealsPerCart$/, () => 'max_meals'],
  [/^\$\.minMealsPerCart$/, () => 'min_meals'],
  [/^\$\.orders_paused_message\["en-CA"\]$/, () => 'pause_en'],
  [/^\$\.orders_paused_message\["fr-CA"\]$/, () => 'pause_fr'],
];

/** The tips, charges and limits form's field for a refused file's path (undefined: not one of its fields). */
export function orderingFieldOf(path: string): string | undefined {
  for (const [pattern, field] of ORDERING_FIELD) {
    const match = pattern.exec(path);
    if (match) return field(match);
  }
  return undefined;
}
