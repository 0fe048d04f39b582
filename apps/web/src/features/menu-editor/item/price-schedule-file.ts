/**
 * An item's price schedule (spec pricing.md 1.1) between the tenant file and the schedule form: the
 * file's 96 letters per weekday as time ranges per day ("11:00-16:00 A"; domain
 * price-schedule-ranges.ts), its `additional_prices` as dollars text per letter.
 */
import { SCHEDULE_DAYS, type PriceScheduleForm } from '@servery/contracts/forms';
import { centsToDecimalText, typedDollarsToCents } from '@servery/domain/money';
import { formatDayRanges, parseDayRanges } from '@servery/domain/price-schedule-ranges';
import { dollarsText, type FileItem } from '../menu-file';

/** The letters the form always offers; a file's other letters are shown too. */
const OFFERED_LETTERS = ['A', 'B', 'C', 'D'];

type Schedule = Partial<Record<(typeof SCHEDULE_DAYS)[number], string>>;
const scheduleOf = (item: FileItem): Schedule | null => {
  const schedule = item.price_schedule as Schedule | undefined;
  return schedule && SCHEDULE_DAYS.some((day) => typeof schedule[day] === 'string') ? schedule : null;
};

export function scheduleValues(item: FileItem): PriceScheduleForm {
  const schedule = scheduleOf(item);
  const prices = (item.additional_prices ?? {}) as Record<string, string | number>;
  const letters = [...new Set([...OFFERED_LETTERS, ...Object.keys(prices).map((letter) => letter.toUpperCase())])]
    .filter((letter) => /^[A-WYZ]$/.test(letter))
    .sort();
  return {
    scheduled: schedule !== null,
    prices: Object.fromEntries(letters.map((letter) => [letter, dollarsText(prices[letter] ?? prices[letter.toLowerCase()])])),
    // A weekday the file leaves out is not sold that day: no ranges.
    days: Object.fromEntries(SCHEDULE_DAYS.map((day) => [day, formatDayRanges(schedule?.[day] ?? '')])) as PriceScheduleForm['days'],
  };
}

/**
 * The item with the form's schedule (checked by the form's schema: every day parses, every letter
 * it uses has a price): all seven weekdays written, the prices of the letters given. Off: the item
 * has neither, and is sold at its price at all hours.
 */
export function applySchedule(item: FileItem, values: PriceScheduleForm): FileItem {
  const { price_schedule: _schedule, additional_prices: _prices, ...rest } = item;
  if (!values.scheduled) return rest;
  const additional: Record<string, string> = {};
  for (const [letter, text] of Object.entries(values.prices)) {
    const cents = text.trim() === '' ? null : typedDollarsToCents(text);
    if (cents !== null) additional[letter] = centsToDecimalText(cents);
  }
  const schedule = Object.fromEntries(SCHEDULE_DAYS.map((day) => [day, parseDayRanges(values.days[day]) ?? 'X'.repeat(96)]));
  return { ...rest, price_schedule: schedule, additional_prices: additional };
}

/** The schedule form's field for what follows the item's path in a refusal. */
export function scheduleFieldOf(suffix: string): string | undefined {
  const day = /^\.price_schedule\.(\w+)$/.exec(suffix)?.[1];
  if (day && (SCHEDULE_DAYS as readonly string[]).includes(day)) return `days.${day}`;
  if (suffix === '.price_schedule') return 'scheduled';
  const letter = /^\.additional_prices(?:\.([A-Za-z]))?$/.exec(suffix);
  if (letter) return `prices.${(letter[1] ?? 'A').toUpperCase()}`;
  return undefined;
}
