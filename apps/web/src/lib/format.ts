import type { Locale } from '../i18n/locales';

/** Restaurants without a zone are in Toronto (spec accounts-and-suites.md section 9). */
export const DEFAULT_TIME_ZONE = 'America/Toronto';

type DateInput = Date | string | number;

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/** Integer cents to CAD for a person: en-CA "$12.50", fr-CA "12,50 $" (with a no-break space). */
export function formatMoney(cents: number, locale: Locale): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(locale, format);
  }
  // Cents are integers; dividing by 100 only for display is exact enough for two decimals.
  return format.format(cents / 100);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per language, zone and shape, made once: building an Intl.DateTimeFormat costs far
 * more than using one, and a busy staff board formats a date and a time on each of 200 cards.
 */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** dd/MM/yyyy in the restaurant's time zone, the same in both languages (spec default date format). */
export function formatDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = partsOf(value, dateTimeFormat('en-CA', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }));
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/**
 * Clock time in the restaurant's time zone: 12-hour in English ("1:05 PM"), 24-hour in French
 * ("13 h 05", what Intl gives for fr-CA with hourCycle h23). English is built from parts because
 * en-CA data says "p.m." in some engines and "PM" in others.
 */
export function formatTime(value: DateInput, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (locale === 'fr-CA') {
    return dateTimeFormat('fr-CA', { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(toDate(value));
  }
  const parts = partsOf(value, dateTimeFormat('en-CA', { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }));
  const hour = Number(parts.hour) % 24;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${parts.minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "05/03/2026 1:05 PM" / "05/03/2026 13 h 05". */
export function formatDateTime(value: DateInput, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `${formatDate(value, timeZone)} ${formatTime(value, locale, timeZone)}`;
}

/** A day as a person names it, in the venue's zone: "Sat, Dec 12" / "sam. 12 déc." (a suite's event, issue 31 defect 5). */
export function formatEventDay(value: DateInput, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(toDate(value));
}

/**
 * Two calendar days as a range, "Nov 30 – Dec 4, 2026" / "30 nov. – 4 déc. 2026" (each a UTC-noon
 * instant of its date). The spacing around the dash is ICU's own and differs between versions: Node
 * 20's puts thin spaces where Chromium's puts plain ones (or none), so the server's page and the
 * browser's render would differ and React would throw away the hydrated part (error 418, a French
 * school week did). One spacing for every engine: a thin space each side.
 */
export function formatDayRange(start: Date, end: Date, locale: Locale): string {
  const format = dateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(start, end).replace(/\s*[–-]\s*/u, '\u2009–\u2009');
}

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

function partsOf(value: DateInput, format: Intl.DateTimeFormat): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(toDate(value))) parts[part.type] = part.value;
  return parts;
}

export type DayRelation = 'today' | 'tomorrow' | 'this-week' | 'later';

/**
 * How a coming moment relates to now, by the restaurant's calendar: today, tomorrow, within the
 * next six days (say the weekday) or later (say the date). `day` is the weekday or the date to show.
 */
export function relativeDay(
  value: Date,
  now: Date,
  locale: Locale,
  timeZone: string = DEFAULT_TIME_ZONE,
): { relation: DayRelation; day: string } {
  const dayOf = (date: Date) => formatDate(date, timeZone);
  const target = dayOf(value);
  if (target === dayOf(now)) return { relation: 'today', day: target };
  const DAY = 24 * 60 * 60 * 1000;
  if (target === dayOf(new Date(now.getTime() + DAY))) return { relation: 'tomorrow', day: target };
  for (let days = 2; days < 7; days++) {
    if (target === dayOf(new Date(now.getTime() + days * DAY))) {
      return { relation: 'this-week', day: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone }).format(value) };
    }
  }
  return { relation: 'later', day: target };
}

/** "$12.00" for a single price, "$12.00–$18.00" for a range (en dash, no spaces). */
export function formatMoneyRange(min: number, max: number, locale: Locale): string {
  return min === max ? formatMoney(min, locale) : `${formatMoney(min, locale)}–${formatMoney(max, locale)}`;
}

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * A percentage kept as exact decimal text ("18", "12.50", "9.975") for a person: "18 %", "12.5 %",
 * "9,975 %" in French. The sign follows a no-break space in both languages, so it never wraps alone.
 * Text that is not a decimal is shown as given.
 */
export function formatPercent(value: string, locale: Locale): string {
  const match = DECIMAL_TEXT.exec(value.trim());
  if (!match) return `${value}\u00a0%`;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const separator = locale === 'fr-CA' ? ',' : '.';
  return `${whole}${fraction ? `${separator}${fraction}` : ''}\u00a0%`;
}

/** A tax rate as a fraction in decimal text ("0.13", "0.09975") to its percentage text ("13", "9.975"), by moving the point: no float. */
export function rateToPercentText(rate: string): string {
  const match = DECIMAL_TEXT.exec(rate.trim());
  if (!match) return rate;
  const whole = match[1] ?? '0';
  const digits = `${whole}${(match[2] ?? '').padEnd(2, '0')}`;
  const integer = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(whole.length + 2).replace(/0+$/, '');
  return fraction ? `${integer}.${fraction}` : integer;
}

/** "Monday, November 23" / "lundi 23 novembre": a calendar date (yyyy-MM-dd), whatever the browser's zone (a day cart's, a school day's). */
export function formatDay(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
