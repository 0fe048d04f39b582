import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkGiftCardAmount,
  GIFT_CARD_MAX_CENTS,
  giftCardNumberOf,
  groupedGiftCardNumber,
  luhnCheckDigit,
  passesLuhn,
  typedGiftCardNumber,
} from './gift-cards';

describe('gift cards', () => {
  it.each([
    [1, true],
    [2500, true],
    [GIFT_CARD_MAX_CENTS, true],
    [0, false],
    [-1, false],
    [GIFT_CARD_MAX_CENTS + 1, false],
    [12.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('an amount of %s cents is %s', (amount, ok) => {
    expect(checkGiftCardAmount(amount).ok).toBe(ok);
  });

  it('knows the Luhn check digits of published numbers', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('4242424242424242')).toBe(true);
  });

  it('makes 16-digit numbers that start with 7 and pass Luhn; one digit typed wrong fails it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{14}$/), fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (body, place, shift) => {
        const number = giftCardNumberOf(body);
        expect(number).toMatch(/^7\d{15}$/);
        expect(passesLuhn(number)).toBe(true);
        const wrong = `${number.slice(0, place)}${(Number(number[place]) + shift) % 10}${number.slice(place + 1)}`;
        expect(passesLuhn(wrong)).toBe(false);
      }),
    );
  });

  it('reads a number as written down, and writes it in groups of four', () => {
    expect(typedGiftCardNumber(' 7123 4567-8901 2345 ')).toBe('7123456789012345');
    expect(groupedGiftCardNumber('7123456789012345')).toBe('7123 4567 8901 2345');
  });
});
