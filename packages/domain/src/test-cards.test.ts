import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardType, formatCardNumber, luhnValid } from './card';
import { findTestCard, SANDBOX_CARD_LIMIT, sandboxOutcome, TEST_CARDS, type SandboxOutcome } from './test-cards';

describe('TEST_CARDS', () => {
  it.each(Object.entries(TEST_CARDS))('%s is Luhn-valid, of its type, and gives its outcome', (_name, card) => {
    expect(luhnValid(card.number)).toBe(true);
    expect(cardType(card.number)).toBe(card.type);
    expect(sandboxOutcome(card.number, 2500)).toBe(card.outcome);
    expect(findTestCard(formatCardNumber(card.number))).toEqual(card);
  });

  it('has one card for each outcome at least, and an approved card of each brand', () => {
    const cards = Object.values(TEST_CARDS);
    const outcomes: SandboxOutcome[] = ['approved', 'declined', 'insufficient_funds', 'unsupported_brand'];
    for (const outcome of outcomes) expect(cards.some((card) => card.outcome === outcome)).toBe(true);
    for (const type of ['VISA', 'MC', 'AMEX']) expect(cards.some((card) => card.type === type && card.outcome === 'approved')).toBe(true);
  });
});

describe('sandboxOutcome', () => {
  it.each<[string, string, number, SandboxOutcome]>([
    ['Visa', '4242 4242 4242 4242', 2500, 'approved'],
    ['Mastercard with dashes', '5555-5555-5555-4444', 2500, 'approved'],
    ['Amex as shown', '3782 822463 10005', 2500, 'approved'],
    ['another valid Visa', '4111 1111 1111 1111', 2500, 'approved'],
    ['a zero-amount verification', '4242424242424242', 0, 'approved'],
    ['the declined card', '4000 0000 0000 0002', 2500, 'declined'],
    ['the declined card at 0', '4000000000000002', 0, 'declined'],
    ['the insufficient-funds card', '4000 0000 0000 9995', 2500, 'insufficient_funds'],
    ['Discover', '6011 1111 1111 1117', 2500, 'unsupported_brand'],
    ['an unsupported brand, even when malformed', '6011', 2500, 'unsupported_brand'],
    ['a failed Luhn check', '4242424242424241', 2500, 'declined'],
    ['a short number', '424242', 2500, 'declined'],
    ['a negative amount', '4242424242424242', -1, 'declined'],
    ['a fraction of a cent', '4242424242424242', 10.5, 'declined'],
    ['at the limit', '4242424242424242', SANDBOX_CARD_LIMIT, 'approved'],
    ['over the limit', '4242424242424242', SANDBOX_CARD_LIMIT + 1, 'insufficient_funds'],
  ])('%s', (_name, number, amount, expected) => {
    expect(sandboxOutcome(number, amount)).toBe(expected);
  });

  it('approves every other valid Visa up to the limit, and only by brand and Luhn', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'0123456789'), { minLength: 14, maxLength: 14 }),
        fc.integer({ min: 0, max: SANDBOX_CARD_LIMIT }),
        (digits, amount) => {
          const payload = `4${digits.join('')}`;
          const number = [...'0123456789'].map((check) => payload + check).find(luhnValid) ?? '';
          const published = findTestCard(number);
          expect(sandboxOutcome(number, amount)).toBe(published?.outcome ?? 'approved');
        },
      ),
    );
  });
});
