import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('kept Intl formatters', () => {
  const at = new Date('2026-11-27T18:30:00Z');

  it('answers the same language and options with the same formatter, and formats as a new one would', () => {
    const options = { timeZone: 'America/Toronto', hour: 'numeric', minute: '2-digit' } as const;
    expect(dateTimeFormat('fr-CA', options)).toBe(dateTimeFormat('fr-CA', { ...options }));
    expect(dateTimeFormat('fr-CA', options).format(at)).toBe(new Intl.DateTimeFormat('fr-CA', options).format(at));
  });

  it.each([
    ['another zone', 'en-CA', { timeZone: 'America/Vancouver', hour: 'numeric' }],
    ['another language', 'fr-CA', { timeZone: 'America/Toronto', hour: 'numeric' }],
  ] as const)('keeps %s apart', (_case, locale, options) => {
    const toronto = dateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: 'numeric' });
    expect(dateTimeFormat(locale, options)).not.toBe(toronto);
    expect(dateTimeFormat(locale, options).format(at)).toBe(new Intl.DateTimeFormat(locale, options).format(at));
  });

  it('keeps number formats by their options too', () => {
    const cad = numberFormat('fr-CA', { style: 'currency', currency: 'CAD' });
    expect(numberFormat('fr-CA', { style: 'currency', currency: 'CAD' })).toBe(cad);
    expect(cad.format(12.5)).toBe(new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(12.5));
    expect(numberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(12.5)).toBe('$12.50');
  });
});
