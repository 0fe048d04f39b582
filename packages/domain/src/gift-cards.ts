/**
 * Gift cards a restaurant's owners and managers issue from the staff console
 * (docs/decisions/0112-gift-cards-issued-from-the-console.md): how much one may hold, and the shape of
 * the numbers the server makes for them.
 *
 * A number is 16 digits: the prefix 7 (ISO/IEC 7812's industry digit outside banking, so no bank card
 * number is ever mistaken for one and no check for leaked card numbers flags it), 14 digits from the
 * server, and a Luhn check digit, so a digit typed wrong at the counter is caught before any look-up.
 */
import type { Cents } from './money';

/** The most one card may be issued for: $1,000. */
export const GIFT_CARD_MAX_CENTS: Cents = 100_000;
export const GIFT_CARD_PREFIX = '7';
export const GIFT_CARD_DIGITS = 16;

export type GiftCardAmountCheck = { ok: true; amount: Cents } | { ok: false; error: 'GIFT_CARD_AMOUNT_INVALID' };

/** An issue's amount: whole cents, at least 1, at most GIFT_CARD_MAX_CENTS. */
export function checkGiftCardAmount(amount: number): GiftCardAmountCheck {
  return Number.isInteger(amount) && amount >= 1 && amount <= GIFT_CARD_MAX_CENTS
    ? { ok: true, amount }
    : { ok: false, error: 'GIFT_CARD_AMOUNT_INVALID' };
}

/** The Luhn check digit of `digits` (the digit that makes `digits + check` pass). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether `number` passes the Luhn check. */
export function passesLuhn(number: string): boolean {
  return /^\d+$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

/** The card number made of 14 body digits (from the server's source of randomness): prefix, body, check digit. */
export function giftCardNumberOf(body: string): string {
  if (!/^\d{14}$/.test(body)) throw new Error('a gift card body is 14 digits');
  const withoutCheck = `${GIFT_CARD_PREFIX}${body}`;
  return `${withoutCheck}${luhnCheckDigit(withoutCheck)}`;
}

/** A number as typed at the counter, spaces and dashes taken out ("7123 4567 …" → "7123…"). */
export function typedGiftCardNumber(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** "7123 4567 8901 2345": the number in groups of four, for reading aloud and writing down. */
export function groupedGiftCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
