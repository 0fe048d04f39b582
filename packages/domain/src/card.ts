/**
 * Checkout field rules (spec ordering.md section 5): card type by prefix,
 * card number, expiry and CVD, postal and ZIP codes, phone numbers, the password rule, e-mail and full
 * names. Formatters shape what a person types; validators return values, never throw, with the
 * spec's field message keys (`FieldMessage`) for the UI to translate.
 *
 * Where the spec is silent, these readings are the contract:
 * 1. Card type from the digits: 34 or 37 is AMEX; 51-55 or 2221-2720 is MC; 4 is VISA; anything else
 *    (Discover, JCB, ...) is unsupported (null). Lengths: AMEX 15, MC 16, VISA 13, 16 or 19. A number
 *    may be typed with spaces or dashes; any other character, an unsupported type, a wrong length or
 *    a failed Luhn check is `invalidCreditCard`. A number of 12 digits or more whose type is unknown is
 *    an unsupported brand (`isUnsupportedCardBrand`), not a typo: the API says so (CARD_BRAND_UNSUPPORTED)
 *    before any field message, at /payment/tokenize and /auth/payment-method alike.
 * 2. Display: a dash every 4 digits for every type, AMEX included ("3782-8224-6310-005"), as the spec
 *    says; typing stops at the type's longest length (19 while the type is unknown).
 * 3. Expiry is MMYY (stored "1228", shown "12/28"); the year is 20YY. A card is good through the last
 *    day of its month anywhere on Earth (until the month is over at UTC-12), so no diner is refused
 *    a card that is still valid where its bank is; the processor has the last word. More than 20
 *    years ahead is a typo (`invalidExpiryDate`).
 * 4. CVD: digits only (`numeric`), 4 for AMEX and 3 otherwise (`minLength`/`maxLength` {length}).
 * 5. Postal code: Canadian "K1K1Y1" or "K1K 1Y1" in any case, with Canada Post's letters (no D, F, I,
 *    O, Q or U; no W or Z first), kept as "K1K 1Y1"; US ZIP 5 or 9 digits ("12345", "12345-6789",
 *    "12345 6789" or "123456789"), kept as "12345" or "12345-6789". Without a country, either.
 * 6. Phone numbers are North American (NANP) numbers: 10 digits, area code and exchange not starting
 *    with 0 or 1, typed in any shape ("(416) 555-0101", "+1 416 555 0101"); a leading country code 1
 *    is dropped. Shown with dashes: "416-555-0101". The notification form's "phone must be 12
 *    digits" is read as that shown value, which is 12 characters (10 digits and 2 dashes); the SMS
 *    port gets E.164, "+14165550101", also 12 characters. Both readings are the same 10-digit number.
 * 7. Password: 8 to 128 characters with at least one uppercase letter, one lowercase letter, one
 *    digit and one of @$!%*?&; other characters are allowed. Too short is `minLength` {8}, too long
 *    `maxLength` {128}; missing a kind is `weakPassword` (a key the spec's list lacks; the catalogues
 *    need it). Passwords are not trimmed.
 * 8. E-mail: trimmed, at most 254 characters (64 before the @), one @, no spaces, a dotted domain whose
 *    last part has 2 or more characters. Compare addresses for uniqueness with `normaliseEmail`.
 * 9. Full name: trimmed, inner spaces collapsed, at most 100 characters, letters (any language, with
 *    accents) plus spaces, apostrophes, hyphens and periods, with at least one letter. Shown as
 *    "first last", either alone, or nothing (null); split at the first space (first name, then the rest).
 */

export type CardType = 'AMEX' | 'MC' | 'VISA';
export const CARD_TYPES = ['AMEX', 'MC', 'VISA'] as const satisfies readonly CardType[];

export type FieldMessage =
  | {
      key:
        | 'required'
        | 'invalidEmail'
        | 'numeric'
        | 'decimalNumeric'
        | 'integer'
        | 'invalidExpiryDate'
        | 'invalidCreditCard'
        | 'invalidPostalCode'
        | 'invalidNameCharacters'
        | 'invalidPhoneNumber'
        | 'weakPassword'
        | 'controlCharacters';
    }
  | { key: 'minLength' | 'maxLength'; params: { length: number } }
  | { key: 'mustBeHigherThan'; params: { min: number } }
  | { key: 'mustBeGreaterThan'; params: { field1: string; field2: string } };
export type FieldMessageKey = FieldMessage['key'];

/** Every key, for a test that both catalogues translate them all. */
export const FIELD_MESSAGE_KEYS = [
  'required',
  'invalidEmail',
  'minLength',
  'maxLength',
  'mustBeHigherThan',
  'numeric',
  'decimalNumeric',
  'integer',
  'invalidExpiryDate',
  'invalidCreditCard',
  'invalidPostalCode',
  'invalidNameCharacters',
  'invalidPhoneNumber',
  'mustBeGreaterThan',
  'weakPassword',
  'controlCharacters',
] as const satisfies readonly FieldMessageKey[];

export type FieldResult<T> = { ok: true; value: T } | { ok: false; error: FieldMessage };

const ok = <T>(value: T): FieldResult<T> => ({ ok: true, value });
const fail = <T>(error: FieldMessage): FieldResult<T> => ({ ok: false, error });
const REQUIRED: FieldMessage = { key: 'required' };

export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

// ---------------------------------------------------------------------------------------------------
// Card number

const CARD_LENGTHS: Readonly<Record<CardType, readonly number[]>> = { AMEX: [15], MC: [16], VISA: [13, 16, 19] };
const MAX_CARD_LENGTH = 19;

/** The type from the first digits typed so far; null while unknown or unsupported. */
export function cardType(input: string): CardType | null {
  const digits = digitsOnly(input);
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^5[1-5]/.test(digits)) return 'MC';
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'MC';
  if (digits.startsWith('4')) return 'VISA';
  return null;
}

/** Enough digits to read a brand: shorter, an unknown prefix is still being typed (or mistyped). */
const BRAND_DIGITS = 12;

/** The card-brand rule (reading 1): enough digits typed and none of the brands taken. */
export function isUnsupportedCardBrand(input: string): boolean {
  return digitsOnly(input).length >= BRAND_DIGITS && cardType(input) === null;
}

export function maxCardLength(type: CardType | null): number {
  return type === null ? MAX_CARD_LENGTH : Math.max(...CARD_LENGTHS[type]);
}

/** "4111 1111 1111 1111" -> "4111-1111-1111-1111"; progressive while typing ("41111" -> "4111-1"). */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input);
  return groupsOf(digits.slice(0, maxCardLength(cardType(digits))), 4).join('-');
}

/** The Luhn (mod 10) check of a string of digits; false for anything else or an empty string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardNumber {
  digits: string;
  type: CardType;
  last4: string;
}

export function validateCardNumber(input: string): FieldResult<CardNumber> {
  const text = input.trim();
  if (text === '') return fail(REQUIRED);
  if (/[^\d\s-]/.test(text)) return fail({ key: 'invalidCreditCard' });
  const digits = digitsOnly(text);
  const type = cardType(digits);
  if (type === null || !CARD_LENGTHS[type].includes(digits.length) || !luhnValid(digits)) return fail({ key: 'invalidCreditCard' });
  return ok({ digits, type, last4: digits.slice(-4) });
}

// ---------------------------------------------------------------------------------------------------
// Expiry and CVD

const MAX_EXPIRY_YEARS_AHEAD = 20;
/** The last time zone to finish a day: UTC-12. */
const LAST_ZONE_OFFSET_MS = 12 * 60 * 60_000;

/** "1228" -> "12/28"; progressive ("122" -> "12/2"); at most 4 digits. */
export function formatExpiry(input: string): string {
  return groupsOf(digitsOnly(input).slice(0, 4), 2).join('/');
}

export interface Expiry {
  month: number;
  year: number;
  /** As stored: "1228". */
  mmyy: string;
}

/** "12/28", "1228" or "12 / 28" -> December 2028; null when it is not four digits with a month 01-12. */
export function parseExpiry(input: string): Omit<Expiry, 'mmyy'> | null {
  const text = input.trim();
  if (!/^\d{2}\s*\/?\s*\d{2}$/.test(text)) return null;
  const digits = digitsOnly(text);
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(digits.slice(2)) };
}

export function validateExpiry(input: string, now: Date): FieldResult<Expiry> {
  if (input.trim() === '') return fail(REQUIRED);
  const expiry = parseExpiry(input);
  if (!expiry) return fail({ key: 'invalidExpiryDate' });
  // Valid until the first instant of the next month, at UTC-12.
  const endsAt = Date.UTC(expiry.year, expiry.month, 1) + LAST_ZONE_OFFSET_MS;
  if (now.getTime() >= endsAt || expiry.year > now.getUTCFullYear() + MAX_EXPIRY_YEARS_AHEAD) return fail({ key: 'invalidExpiryDate' });
  return ok({ ...expiry, mmyy: `${String(expiry.month).padStart(2, '0')}${String(expiry.year % 100).padStart(2, '0')}` });
}

export function cvdLength(type: CardType | null): number {
  return type === 'AMEX' ? 4 : 3;
}

export function validateCvd(input: string, type: CardType | null): FieldResult<string> {
  const text = input.trim();
  if (text === '') return fail(REQUIRED);
  if (!/^\d+$/.test(text)) return fail({ key: 'numeric' });
  const length = cvdLength(type);
  if (text.length < length) return fail({ key: 'minLength', params: { length } });
  if (text.length > length) return fail({ key: 'maxLength', params: { length } });
  return ok(text);
}

// ---------------------------------------------------------------------------------------------------
// Postal code

export type PostalCountry = 'CA' | 'US';

const CANADIAN_POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;
const US_ZIP = /^(\d{5})(?:[ -]?(\d{4}))?$/;

/** Canadian postal code or US ZIP (either, without a country); the value is normalised. */
export function validatePostalCode(input: string, country?: PostalCountry): FieldResult<string> {
  const text = input.trim().toUpperCase();
  if (text === '') return fail(REQUIRED);
  if (country !== 'US') {
    const match = CANADIAN_POSTAL_CODE.exec(text);
    if (match) return ok(`${match[1]} ${match[2]}`);
  }
  if (country !== 'CA') {
    const match = US_ZIP.exec(text);
    if (match) return ok(match[2] ? `${match[1]}-${match[2]}` : (match[1] ?? ''));
  }
  return fail({ key: 'invalidPostalCode' });
}

// ---------------------------------------------------------------------------------------------------
// Phone

/** The shown phone "416-555-0101" is 12 characters (spec: "phone must be 12 digits"). */
export const PHONE_DISPLAY_LENGTH = 12;
const NANP_NUMBER = /^[2-9]\d{2}[2-9]\d{6}$/;

/** The digits without a leading country code 1 (area codes never start with 1). */
function nationalDigits(input: string): string {
  const digits = digitsOnly(input);
  return digits.startsWith('1') ? digits.slice(1) : digits;
}

/** "4165550101" or "+1 (416) 555-0101" -> "416-555-0101"; progressive ("41655" -> "416-55"); 10 digits at most. */
export function formatPhone(input: string): string {
  const digits = nationalDigits(input).slice(0, 10);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter((part) => part !== '').join('-');
}

/** The value is the shown form, "416-555-0101". */
export function validatePhoneNumber(input: string): FieldResult<string> {
  const text = input.trim();
  if (text === '') return fail(REQUIRED);
  if (/[^\d\s()+.-]/.test(text)) return fail({ key: 'invalidPhoneNumber' });
  const digits = nationalDigits(text);
  if (!NANP_NUMBER.test(digits)) return fail({ key: 'invalidPhoneNumber' });
  return ok(formatPhone(digits));
}

/** The order-ready notification's phone (spec section 5): the same rule; its value is 12 characters. */
export function validateNotificationPhone(input: string): FieldResult<string> {
  return validatePhoneNumber(input);
}

/** "416-555-0101" -> "+14165550101" for the SMS port; null when it is not a valid number. */
export function phoneToE164(input: string): string | null {
  const result = validatePhoneNumber(input);
  return result.ok ? `+1${digitsOnly(result.value)}` : null;
}

// ---------------------------------------------------------------------------------------------------
// Password, e-mail, names

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

export function validatePassword(input: string): FieldResult<string> {
  if (input === '') return fail(REQUIRED);
  const length = [...input].length;
  if (length < PASSWORD_MIN_LENGTH) return fail({ key: 'minLength', params: { length: PASSWORD_MIN_LENGTH } });
  if (length > PASSWORD_MAX_LENGTH) return fail({ key: 'maxLength', params: { length: PASSWORD_MAX_LENGTH } });
  const hasSpecial = [...PASSWORD_SPECIAL_CHARACTERS].some((character) => input.includes(character));
  if (!/[A-Z]/.test(input) || !/[a-z]/.test(input) || !/\d/.test(input) || !hasSpecial) return fail({ key: 'weakPassword' });
  return ok(input);
}

export const EMAIL_MAX_LENGTH = 254;
const EMAIL = /^[^\s@]{1,64}@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

export function validateEmail(input: string): FieldResult<string> {
  const text = input.trim();
  if (text === '') return fail(REQUIRED);
  if (text.length > EMAIL_MAX_LENGTH) return fail({ key: 'maxLength', params: { length: EMAIL_MAX_LENGTH } });
  return EMAIL.test(text) ? ok(text) : fail({ key: 'invalidEmail' });
}

/** The form to compare addresses by ("Dana@Example.com " and "dana@example.com" are one account). */
export function normaliseEmail(input: string): string {
  return input.trim().toLowerCase();
}

export const FULL_NAME_MAX_LENGTH = 100;
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;

export function validateFullName(input: string, options: { required?: boolean } = {}): FieldResult<string> {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text === '') return options.required === false ? ok('') : fail(REQUIRED);
  if ([...text].length > FULL_NAME_MAX_LENGTH) return fail({ key: 'maxLength', params: { length: FULL_NAME_MAX_LENGTH } });
  if (!NAME_CHARACTERS.test(text) || !/\p{L}/u.test(text)) return fail({ key: 'invalidNameCharacters' });
  return ok(text);
}

// How a person's name is shown lives in names.ts: the web app's first load needs it without the card rules
// (a module shared by the entry and a lazy chunk is bundled whole into the entry; docs/decisions/0086-menu-bundle-floor.md).
export { displayFullName, splitFullName } from './names';

// ---------------------------------------------------------------------------------------------------
// The card form as a whole

export interface CardFieldsInput {
  number: string;
  cvd: string;
  expiry_date: string;
  postal_code: string;
}

export interface ValidCard {
  digits: string;
  type: CardType;
  last4: string;
  expiry: Expiry;
  cvd: string;
  /** Normalised; null when not required and left empty. */
  postalCode: string | null;
}

export type CardFieldErrors = Partial<Record<keyof CardFieldsInput, FieldMessage>>;

/**
 * Every card field at once, for the checkout form and the API. The postal code is required when the
 * restaurant checks addresses (`avs`), else checked only when given.
 */
export function validateCardFields(
  card: CardFieldsInput,
  now: Date,
  options: { postalCodeRequired: boolean; country?: PostalCountry },
): { ok: true; value: ValidCard } | { ok: false; errors: CardFieldErrors } {
  const number = validateCardNumber(card.number);
  const expiry = validateExpiry(card.expiry_date, now);
  const cvd = validateCvd(card.cvd, number.ok ? number.value.type : cardType(card.number));
  const postalGiven = card.postal_code.trim() !== '';
  const postal = postalGiven || options.postalCodeRequired ? validatePostalCode(card.postal_code, options.country) : ok(null);

  if (number.ok && expiry.ok && cvd.ok && postal.ok) {
    return { ok: true, value: { ...number.value, expiry: expiry.value, cvd: cvd.value, postalCode: postal.value } };
  }
  const errors: CardFieldErrors = {};
  if (!number.ok) errors.number = number.error;
  if (!expiry.ok) errors.expiry_date = expiry.error;
  if (!cvd.ok) errors.cvd = cvd.error;
  if (!postal.ok) errors.postal_code = postal.error;
  return { ok: false, errors };
}

function groupsOf(text: string, size: number): string[] {
  const groups: string[] = [];
  for (let index = 0; index < text.length; index += size) groups.push(text.slice(index, index + size));
  return groups;
}
