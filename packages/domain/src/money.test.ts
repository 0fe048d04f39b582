import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDecimalText, dollarsToCents, normaliseDecimal, typedDollarsToCents } from './money';

describe('dollarsToCents', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.07', 7],
    ['-3.10', -310],
    [12.5, 1250],
    [0.1, 10],
    [19.99, 1999],
  ])('reads %s as %i cents', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each(['12.505', 'abc', '', '1e3', '12,50', ' ', '.5'])('refuses %j', (input) => {
    expect(dollarsToCents(input)).toBeNull();
  });

  it('refuses numbers with more than two decimals or in exponent form', () => {
    expect(dollarsToCents(1.005)).toBeNull();
    expect(dollarsToCents(1e21)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
  });

  it('round-trips every cent amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(dollarsToCents(centsToDecimalText(cents))).toBe(cents);
      }),
    );
  });
});

describe('normaliseDecimal', () => {
  it('keeps the digits written', () => {
    expect(normaliseDecimal(0.09975)).toBe('0.09975');
    expect(normaliseDecimal('0.13')).toBe('0.13');
    expect(normaliseDecimal('x')).toBeNull();
    expect(normaliseDecimal(-1)).toBeNull();
  });
});

describe('typedDollarsToCents', () => {
  it('reads every amount of 0 to 99,999.99 typed with a point or a comma as its cents, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.constantFrom('.', ','), (cents, separator) => {
        const text = `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;
        expect(typedDollarsToCents(text)).toBe(cents);
        expect(typedDollarsToCents(`$${text}`)).toBe(cents);
        expect(typedDollarsToCents(`${text} $`)).toBe(cents);
      }),
    );
  });

  it.each(['-1', '-0.50', '12.345', '1e3', '', '.5', '12.', '1 000', '$', '12.5.0'])('refuses %j', (typed) => {
    expect(typedDollarsToCents(typed)).toBeNull();
  });
});
