import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prorate } from './prorate';

describe('prorate', () => {
  it.each([
    // 500 over [2000, 300]: exact 434.78 and 65.22; floors 434 + 65 = 499; the missing cent goes to
    // the larger remainder (0.78), the first part.
    [500, [2000, 300], [435, 65]],
    // 230 over [2000, 300]: exact 200 and 30.
    [230, [2000, 300], [200, 30]],
    // 1 over three equal parts: equal remainders, the earliest part wins.
    [1, [100, 100, 100], [1, 0, 0]],
    // 2 over three equal parts: the two earliest.
    [2, [100, 100, 100], [1, 1, 0]],
    // 800 over [1200, 200]: exact 685.71 and 114.29 -> 686, 114.
    [800, [1200, 200], [686, 114]],
    // A part with nothing left gets nothing.
    [10, [0, 5, 5], [0, 5, 5]],
    [0, [7, 8], [0, 0]],
    [0, [], []],
    [0, [0, 0], [0, 0]],
    // The whole: each part gives all it has.
    [15, [7, 8], [7, 8]],
  ])('spreads %i over %j as %j', (total, weights, expected) => {
    expect(prorate(total, weights)).toEqual(expected);
  });

  it.each([
    [-1, [1]],
    [1.5, [2]],
    [3, [1, 1]],
    [1, [-1, 5]],
    [1, [0.5, 5]],
    [1, []],
  ])('refuses total %j over %j', (total, weights) => {
    expect(() => prorate(total, weights)).toThrow(RangeError);
  });

  const weightsAndTotal = fc
    .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 0, maxLength: 30 })
    .chain((weights) => fc.tuple(fc.constant(weights), fc.integer({ min: 0, max: weights.reduce((a, b) => a + b, 0) })));

  it('shares add up exactly, stay within 0 and their weight, and are the floor or the floor + 1 of the exact share', () => {
    fc.assert(
      fc.property(weightsAndTotal, ([weights, total]) => {
        const shares = prorate(total, weights);
        const whole = weights.reduce((a, b) => a + b, 0);
        expect(shares).toHaveLength(weights.length);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((share, index) => {
          const weight = weights[index] ?? 0;
          expect(Number.isSafeInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(weight);
          const floor = whole === 0 ? 0 : Number((BigInt(total) * BigInt(weight)) / BigInt(whole));
          expect(share === floor || share === floor + 1).toBe(true);
        });
      }),
    );
  });

  it('gives the extra cents to the largest remainders, ties to the earlier part', () => {
    fc.assert(
      fc.property(weightsAndTotal, ([weights, total]) => {
        const shares = prorate(total, weights);
        const whole = BigInt(weights.reduce((a, b) => a + b, 0));
        if (whole === 0n) return;
        const remainder = (index: number) => (BigInt(total) * BigInt(weights[index] ?? 0)) % whole;
        const extra = (index: number) => (shares[index] ?? 0) - Number((BigInt(total) * BigInt(weights[index] ?? 0)) / whole);
        // No part without the extra cent beats (or ties earlier than) a part with it.
        for (let got = 0; got < weights.length; got += 1) {
          if (extra(got) !== 1) continue;
          for (let other = 0; other < weights.length; other += 1) {
            if (extra(other) === 1) continue;
            const better = remainder(other) > remainder(got) || (remainder(other) === remainder(got) && other < got);
            expect(better).toBe(false);
          }
        }
      }),
    );
  });

  it('is exact for amounts far beyond float precision', () => {
    const shares = prorate(9_000_000_000_000, [4_000_000_000_001, 4_999_999_999_999, 1_000_000_000_000]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_000_000_000_000);
  });
});
