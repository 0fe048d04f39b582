/**
 * An item's or an option value's price schedule (spec pricing.md 1.1; the file's `ItemFields`, which
 * both share) between the tenant file and the schedule fields (price-schedule-fields.tsx): the
 * file's 96 letters per weekday as time ranges per day ("11:00-16:00 A"; domain
 * price-schedule-ranges.ts), its `additional_prices` as dollars text per letter.
 */
import { SCHEDULE_DAYS, type PriceScheduleForm } from '@servery/contracts/forms';
import type { ParseKeys } from 'i18next';
import { centsToDecimalText, typedDollarsToCents } from '@servery/domain/money';
import { formatDayRanges, parseDayRanges } from '@servery/domain/price-schedule-ranges';
import type { Locale } from '@servery/contracts/tenant-file';
import { dollarsText } from '../menu-file';

/** The letters the form always offers; a file's other letters are shown too. */
const OFFERED_LETTERS = ['A', 'B', 'C', 'D'];

type Schedule = Partial<Record<(typeof SCHEDULE_DAYS)[number], string>>;
/** What the schedule reads of an item or an option value. */
type Priced = { price_schedule?: unknown; additional_prices?: unknown };
const scheduleOf = (entry: Priced): Schedule | null => {
  const schedule = entry.price_schedule as Schedule | undefined;
  return schedule && SCHEDULE_DAYS.some((day) => typeof schedule[day] === 'string') ? schedule : null;
};

/** The schedule fields' values of an item or an option value (off, letters A-D empty, when it has none). */
export function scheduleValues(entry: object, locale: Locale = 'en-CA'): PriceScheduleForm {
  const schedule = scheduleOf(entry as Priced);
  const prices = ((entry as Priced).additional_prices ?? {}) as Record<string, string | number>;
  const letters = [...new Set([...OFFERED_LETTERS, ...Object.keys(prices).map((letter) => letter.toUpperCase())])]
    .filter((letter) => /^[A-WYZ]$/.test(letter))
    .sort();
  return {
    scheduled: schedule !== null,
    prices: Object.fromEntries(letters.map((letter) => [letter, dollarsText(prices[letter] ?? prices[letter.toLowerCase()], locale)])),
    // A weekday the file leaves out is not sold that day: no ranges.
    days: Object.fromEntries(SCHEDULE_DAYS.map((day) => [day, formatDayRanges(schedule?.[day] ?? '')])) as PriceScheduleForm['days'],
  };
}

/**
 * The item or option value with the form's schedule (checked by the form's schema: every day parses,
 * every letter it uses has a price): all seven weekdays written, the prices of the letters given.
 * Off: it has neither, and is sold at its price at all hours.
 */
export function applySchedule<T extends object>(entry: T, values: PriceScheduleForm): T {
  const { price_schedule: _schedule, additional_prices: _prices, ...rest } = entry as T & Priced;
  if (!values.scheduled) return rest as T;
  const additional: Record<string, string> = {};
  for (const [letter, text] of Object.entries(values.prices)) {
    const cents = text.trim() === '' ? null : typedDollarsToCents(text);
    if (cents !== null) additional[letter] = centsToDecimalText(cents);
  }
  const schedule = Object.fromEntries(SCHEDULE_DAYS.map((day) => [day, parseDayRanges(values.days[day]) ?? 'X'.repeat(96)]));
  return { ...rest, price_schedule: schedule, additional_prices: additional } as T;
}

/** The schedule fields' field for what follows the item's or value's path in a refusal (`.price_schedule.monday` → `days.monday`). */
export function scheduleFieldOf(suffix: string): string | undefined {
  const day = /^\.price_schedule\.(\w+)$/.exec(suffix)?.[1];
  if (day && (SCHEDULE_DAYS as readonly string[]).includes(day)) return `days.${day}`;
  if (suffix === '.price_schedule') return 'scheduled';
  const letter = /^\.additional_prices(?:\.([A-Za-z]))?$/.exec(suffix);
  if (letter) return `prices.${(letter[1] ?? 'A').toUpperCase()}`;
  return undefined;
}

/**
 * The schedule fields' own messages at `at` ("" or "values.2.schedule."): a day that does not parse,
 * a letter's price that does not (its letters and E, a file's letter shown too).
 */
export function scheduleMessages(at: string, letters: readonly string[]): Record<string, ParseKeys> {
  return {
    ...Object.fromEntries(SCHEDULE_DAYS.map((day) => [`${at}days.${day}`, 'menuEditorItemFields.dayInvalid'])),
    ...Object.fromEntries(
      [...new Set([...OFFERED_LETTERS, 'E', ...letters])].map((letter) => [
        `${at}prices.${letter}`,
        'menuEditorItemFields.letterPriceInvalid',
      ]),
    ),
  };
}
