import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  absDecimalText,
  add,
  compare,
  decimal,
  div,
  dollarsTextToCents,
  floorOf,
  mul,
  mulCentsByRate,
  parseDecimal,
  percentOfCents,
  ratio,
  roundHalfUp,
  sub,
  toCents,
  toDecimalText,
} from './decimal';

/** Half-up rounding of n / d (d > 0) by plain BigInt floor division: the reference. */
function referenceRound(n: bigint, d: bigint): bigint {
  const twice = 2n * n + d;
  const den = 2n * d;
  const q = twice / den;
  return twice < 0n && q * den !== twice ? q - 1n : q;
}

/** "12.345" from an integer count of 1/10^scale and a scale. */
function text(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

describe('parseDecimal', () => {
  it.each([
    ['0.09975', 399n, 4000n], // 9975/100000 in lowest terms
    ['18', 18n, 1n],
    ['13.5', 27n, 2n],
    ['0.13', 13n, 100n],
    ['-15', -15n, 1n],
    ['007.50', 15n, 2n],
    ['5.', 5n, 1n],
    [' 0.05 ', 1n, 20n],
  ])('reads %j exactly', (input, num, den) => {
    expect(parseDecimal(input)).toEqual({ num, den });
  });

  it.each(['', '.5', '1e3', '12,5', 'abc', '1.2.3', '--1', '0x10'])('refuses %j', (input) => {
    expect(parseDecimal(input)).toBeNull();
    expect(() => decimal(input)).toThrow(RangeError);
  });

  it('reads any scaled integer exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        const value = decimal(text(units, scale));
        expect(compare(value, ratio(units, 10n ** BigInt(scale)))).toBe(0);
      }),
    );
  });
});

describe('rounding', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -2n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [-7n, 3n, -2n],
    [99975n, 1000n, 100n],
    [0n, 1n, 0n],
  ])('half-up of %i/%i is %i', (num, den, expected) => {
    expect(roundHalfUp(ratio(num, den))).toBe(expected);
  });

  it('floorOf and roundHalfUp agree with BigInt references', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (n, d) => {
        const q = n / d;
        const floor = n < 0n && q * d !== n ? q - 1n : q;
        expect(floorOf(ratio(n, d))).toBe(floor);
        expect(roundHalfUp(ratio(n, d))).toBe(referenceRound(n, d));
      }),
    );
  });

  it('toCents refuses amounts beyond safe integers', () => {
    expect(toCents(123n)).toBe(123);
    expect(() => toCents(2n ** 60n)).toThrow(RangeError);
  });
});

describe('money helpers', () => {
  it.each([
    [1000, '0.09975', 100], // 99.75
    [13500, '0.09975', 1347], // 1346.625
    [3269, '0.13', 425], // 424.97
    [350, '0.05', 18], // 17.5 goes up
    [0, '0.13', 0],
  ])('mulCentsByRate(%i, %s) = %i', (cents, rate, expected) => {
    expect(mulCentsByRate(cents, rate)).toBe(expected);
  });

  it.each([
    [4275, '18', 770], // 769.5 goes up
    [2770, '18', 499], // 498.6
    [1250, '20', 250],
    [1999, '12.5', 250], // 249.875
    [1, '50', 1], // 0.5 goes up
  ])('percentOfCents(%i, %s) = %i', (cents, percent, expected) => {
    expect(percentOfCents(cents, percent)).toBe(expected);
  });

  it.each([
    ['5', 500],
    ['5.5', 550],
    ['2.50', 250],
    ['5.555', 556],
    ['0.005', 1],
    ['0.004', 0],
  ])('dollarsTextToCents(%s) = %i', (input, expected) => {
    expect(dollarsTextToCents(input)).toBe(expected);
  });

  it('mulCentsByRate matches the BigInt reference for any rate of up to 6 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.bigInt({ min: 0n, max: 2_000_000n }),
        fc.integer({ min: 0, max: 6 }),
        (cents, units, scale) => {
          const expected = referenceRound(BigInt(cents) * units, 10n ** BigInt(scale));
          expect(BigInt(mulCentsByRate(cents, text(units, scale)))).toBe(expected);
        },
      ),
    );
  });

  it('percentOfCents matches the BigInt reference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.bigInt({ min: 0n, max: 100_000n }), (cents, hundredths) => {
        const expected = referenceRound(BigInt(cents) * hundredths, 10_000n);
        expect(BigInt(percentOfCents(cents, text(hundredths, 2)))).toBe(expected);
      }),
    );
  });

  it('never goes through a binary float: 0.1 + 0.2 is exactly 0.3', () => {
    expect(compare(add(decimal('0.1'), decimal('0.2')), decimal('0.3'))).toBe(0);
    expect(mulCentsByRate(3, '0.1')).toBe(0); // 0.3
    expect(mulCentsByRate(105, '0.05')).toBe(5); // 5.25
  });
});

describe('arithmetic and text', () => {
  it('adds, subtracts, multiplies and divides exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (a, b, c, d) => {
          const x = ratio(a, b);
          const y = ratio(c, d);
          expect(compare(sub(add(x, y), y), x)).toBe(0);
          if (c !== 0n) expect(compare(div(mul(x, y), y), x)).toBe(0);
        },
      ),
    );
  });

  it('rejects a zero denominator', () => {
    expect(() => ratio(1, 0)).toThrow(RangeError);
    expect(() => div(ratio(1), ratio(0))).toThrow(RangeError);
  });

  it.each([
    ['0.050', '0.05'],
    ['18', '18'],
    ['-15', '-15'],
    ['007.50', '7.5'],
    ['0.09975', '0.09975'],
  ])('toDecimalText(decimal(%j)) = %j', (input, expected) => {
    expect(toDecimalText(decimal(input))).toBe(expected);
  });

  it('toDecimalText refuses a repeating decimal', () => {
    expect(() => toDecimalText(ratio(1, 3))).toThrow(RangeError);
  });

  it('absDecimalText drops the sign', () => {
    expect(absDecimalText('-15')).toBe('15');
    expect(absDecimalText('-2.50')).toBe('2.5');
    expect(absDecimalText('18')).toBe('18');
  });

  it('round-trips any decimal text through its shortest form', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        const value = decimal(text(units, scale));
        expect(compare(decimal(toDecimalText(value)), value)).toBe(0);
      }),
    );
  });
});
