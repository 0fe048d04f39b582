import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayRange, formatMoney, formatPercent, formatTime, rateToPercentText } from './format';

/** Intl separates with no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it.each([
    [1250, '$12.50', '12,50 $'],
    [0, '$0.00', '0,00 $'],
    [5, '$0.05', '0,05 $'],
    [123456, '$1,234.56', '1 234,56 $'],
    [-1250, '-$12.50', '-12,50 $'],
  ])('%i cents is %s / %s', (cents, english, french) => {
    expect(formatMoney(cents, 'en-CA')).toBe(english);
    expect(plain(formatMoney(cents, 'fr-CA'))).toBe(french);
  });

  it('keeps the French amount and its sign together', () => {
    expect(formatMoney(1250, 'fr-CA')).toBe('12,50\u00a0$');
  });
});

describe('formatDate', () => {
  it('is dd/MM/yyyy in the restaurant time zone', () => {
    expect(formatDate('2026-03-05T18:05:00Z', 'America/Toronto')).toBe('05/03/2026');
    expect(formatDate('2026-03-06T02:30:00Z', 'America/Vancouver')).toBe('05/03/2026');
    expect(formatDate('2026-03-06T05:30:00Z', 'America/Toronto')).toBe('06/03/2026');
    expect(formatDate(new Date(Date.UTC(2026, 11, 31, 12)), 'America/Toronto')).toBe('31/12/2026');
  });

  it('defaults to Toronto', () => {
    expect(formatDate('2026-07-01T03:59:00Z')).toBe('30/06/2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it.each([
    ['2026-03-05T18:05:00Z', '1:05 PM', '13 h 05'],
    ['2026-03-05T05:00:00Z', '12:00 AM', '0 h 00'],
    ['2026-03-05T17:00:00Z', '12:00 PM', '12 h 00'],
    ['2026-03-05T14:30:00Z', '9:30 AM', '9 h 30'],
    ['2026-03-06T04:59:00Z', '11:59 PM', '23 h 59'],
  ])('%s in Toronto is %s in English and %s in French', (instant, english, french) => {
    expect(formatTime(instant, 'en-CA', 'America/Toronto')).toBe(english);
    expect(plain(formatTime(instant, 'fr-CA', 'America/Toronto'))).toBe(french);
  });

  it('follows the time zone, including daylight saving time', () => {
    expect(formatTime('2026-07-05T18:05:00Z', 'en-CA', 'America/Toronto')).toBe('2:05 PM');
    expect(formatTime('2026-07-05T18:05:00Z', 'en-CA', 'America/Vancouver')).toBe('11:05 AM');
    expect(plain(formatTime('2026-07-05T18:05:00Z', 'fr-CA', 'America/Halifax'))).toBe('15 h 05');
  });
});

describe('formatDateTime', () => {
  it('joins the date and the time', () => {
    expect(formatDateTime('2026-03-05T18:05:00Z', 'en-CA', 'America/Toronto')).toBe('05/03/2026 1:05 PM');
    expect(plain(formatDateTime('2026-03-05T18:05:00Z', 'fr-CA', 'America/Toronto'))).toBe('05/03/2026 13 h 05');
  });
});

describe('formatPercent', () => {
  it.each([
    ['18', '18 %', '18 %'],
    ['12.50', '12.5 %', '12,5 %'],
    ['9.975', '9.975 %', '9,975 %'],
    ['007', '7 %', '7 %'],
    ['0', '0 %', '0 %'],
  ])('%s is %s / %s, the sign kept with its number', (value, english, french) => {
    expect(formatPercent(value, 'en-CA')).toBe(english.replace(' ', '\u00a0'));
    expect(formatPercent(value, 'fr-CA')).toBe(french.replace(' ', '\u00a0'));
  });
});

describe('rateToPercentText', () => {
  it.each([
    ['0.13', '13'],
    ['0.05', '5'],
    ['0.09975', '9.975'],
    ['0.15', '15'],
    ['0.075', '7.5'],
    ['1', '100'],
    ['0', '0'],
  ])('%s is %s percent, by moving the decimal point', (rate, percent) => {
    expect(rateToPercentText(rate)).toBe(percent);
  });
});

describe('formatDayRange (the server and the browser spell a school week alike, issue 25 item 1)', () => {
  const noon = (date: string) => new Date(`${date}T12:00:00Z`);
  it.each([
    ['en-CA', '2026-11-30', '2026-12-04', 'Nov 30\u2009–\u2009Dec 4, 2026'],
    ['fr-CA', '2026-11-30', '2026-12-04', '30 nov.\u2009–\u20094 déc. 2026'],
    ['en-CA', '2026-11-23', '2026-11-27', 'Nov 23\u2009–\u200927, 2026'],
    ['fr-CA', '2026-11-23', '2026-11-27', '23\u2009–\u200927 nov. 2026'],
  ] as const)('%s %s to %s: "%s", a thin space each side of the dash whatever the ICU', (locale, start, end, expected) => {
    expect(formatDayRange(noon(start), noon(end), locale)).toBe(expected);
  });
});
