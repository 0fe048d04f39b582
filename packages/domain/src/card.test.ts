import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardType,
  isUnsupportedCardBrand,
  displayFullName,
  FIELD_MESSAGE_KEYS,
  formatCardNumber,
  formatExpiry,
  formatPhone,
  luhnValid,
  normaliseEmail,
  parseExpiry,
  phoneToE164,
  PHONE_DISPLAY_LENGTH,
  splitFullName,
  validateCardFields,
  validateCardNumber,
  validateCvd,
  validateEmail,
  validateExpiry,
  validateFullName,
  validateNotificationPhone,
  validatePassword,
  validatePhoneNumber,
  validatePostalCode,
  type CardType,
  type FieldMessage,
  type FieldResult,
} from './card';

const NOW = new Date('2026-01-14T17:00:00Z');
const digitString = (minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength, maxLength }).map((digits) => digits.join(''));

/** ok(value) or the failing message key, for compact tables. */
function outcome<T>(result: FieldResult<T>): T | FieldMessage {
  return result.ok ? result.value : result.error;
}

describe('cardType', () => {
  it.each<[string, CardType | null]>([
    ['', null],
    ['3', null],
    ['30', null],
    ['34', 'AMEX'],
    ['35', null],
    ['37', 'AMEX'],
    ['3782-8224', 'AMEX'],
    ['4', 'VISA'],
    ['4111 1111', 'VISA'],
    ['5', null],
    ['50', null],
    ['51', 'MC'],
    ['55', 'MC'],
    ['56', null],
    ['222', null],
    ['2220', null],
    ['2221', 'MC'],
    ['2500', 'MC'],
    ['2720', 'MC'],
    ['2721', null],
    ['6011', null],
    ['x4', 'VISA'],
  ])('%j is %s', (input, expected) => {
    expect(cardType(input)).toBe(expected);
  });

  it('follows the prefix rules for any digits', () => {
    fc.assert(
      fc.property(digitString(0, 19), (digits) => {
        const two = digits.length >= 2 ? Number(digits.slice(0, 2)) : -1;
        const four = digits.length >= 4 ? Number(digits.slice(0, 4)) : -1;
        const expected =
          two === 34 || two === 37
            ? 'AMEX'
            : (two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)
              ? 'MC'
              : digits.startsWith('4')
                ? 'VISA'
                : null;
        expect(cardType(digits)).toBe(expected);
      }),
    );
  });
});

describe('isUnsupportedCardBrand', () => {
  it.each<[string, boolean]>([
    ['', false],
    ['6011', false],
    ['60111111111', false],
    ['601111111111', true],
    ['6011 1111 1111 1117', true],
    ['6011-1111-1111-1117', true],
    ['3530 1113 3330 0000', true],
    ['4111 1111 1111 1111', false],
    ['411111111111', false],
    ['3782 822463 10005', false],
    ['5555 5555 5555 4444', false],
    ['2221 0000 0000 0009', false],
    ['2721 0000 0000 0000', true],
    ['12345678901', false],
    ['123456789012', true],
    ['abc', false],
  ])('%j is %s', (input, expected) => {
    expect(isUnsupportedCardBrand(input)).toBe(expected);
  });
});

describe('formatCardNumber', () => {
  it.each([
    ['4111111111111111', '4111-1111-1111-1111'],
    ['4111 1111 1111 1111', '4111-1111-1111-1111'],
    ['41111', '4111-1'],
    ['4111', '4111'],
    ['4111111111111111222', '4111-1111-1111-1111-222'],
    ['41111111111111112223', '4111-1111-1111-1111-222'],
    ['378282246310005', '3782-8224-6310-005'],
    ['3782822463100051', '3782-8224-6310-005'],
    ['55555555555544449', '5555-5555-5555-4444'],
    ['', ''],
    ['abc', ''],
  ])('%j -> %j', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it('is idempotent and keeps the digits in order, a dash every 4', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 -x') }), (input) => {
        const formatted = formatCardNumber(input);
        expect(formatCardNumber(formatted)).toBe(formatted);
        expect(input.replace(/\D/g, '').startsWith(formatted.replace(/-/g, ''))).toBe(true);
        expect(formatted).toMatch(/^(\d{4}-)*\d{0,4}$/);
        expect(formatted.endsWith('-')).toBe(false);
      }),
    );
  });
});

describe('luhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4111111111111111', true],
    ['79927398713', true],
    ['79927398710', false],
    ['4242424242424241', false],
    ['0', true],
    ['', false],
    ['4242-4242', false],
  ])('%j: %s', (digits, expected) => {
    expect(luhnValid(digits)).toBe(expected);
  });

  it('accepts exactly one check digit for any payload', () => {
    fc.assert(
      fc.property(digitString(1, 18), (payload) => {
        expect([...'0123456789'].filter((check) => luhnValid(payload + check))).toHaveLength(1);
      }),
    );
  });

  it('catches any single changed digit', () => {
    fc.assert(
      fc.property(digitString(1, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, at, delta) => {
        const valid = [...'0123456789'].map((check) => payload + check).find(luhnValid) ?? '';
        const index = at % valid.length;
        const changed = valid.slice(0, index) + String((Number(valid[index]) + delta) % 10) + valid.slice(index + 1);
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });
});

describe('validateCardNumber', () => {
  it.each<[string, string, unknown]>([
    ['Visa', '4242 4242 4242 4242', { digits: '4242424242424242', type: 'VISA', last4: '4242' }],
    ['Visa with dashes', '4242-4242-4242-4242', { digits: '4242424242424242', type: 'VISA', last4: '4242' }],
    ['13-digit Visa', '4222222222222', { digits: '4222222222222', type: 'VISA', last4: '2222' }],
    ['Mastercard', '5555555555554444', { digits: '5555555555554444', type: 'MC', last4: '4444' }],
    ['2-series Mastercard', '2223003122003222', { digits: '2223003122003222', type: 'MC', last4: '3222' }],
    ['Amex', '3782 822463 10005', { digits: '378282246310005', type: 'AMEX', last4: '0005' }],
    ['empty', '  ', { key: 'required' }],
    ['a failed Luhn check', '4242424242424241', { key: 'invalidCreditCard' }],
    ['Discover (unsupported)', '6011111111111117', { key: 'invalidCreditCard' }],
    ['a short Visa', '42424242424242', { key: 'invalidCreditCard' }],
    ['a 15-digit Mastercard', '555555555555444', { key: 'invalidCreditCard' }],
    ['letters', '4242x4242x4242x4242', { key: 'invalidCreditCard' }],
  ])('%s', (_name, input, expected) => {
    expect(outcome(validateCardNumber(input))).toEqual(expected);
  });
});

describe('expiry', () => {
  it.each([
    ['1228', '12/28'],
    ['12', '12'],
    ['122', '12/2'],
    ['12/28', '12/28'],
    ['122899', '12/28'],
    ['1', '1'],
    ['', ''],
  ])('formatExpiry(%j) is %j', (input, expected) => {
    expect(formatExpiry(input)).toBe(expected);
  });

  it.each([
    ['12/28', { month: 12, year: 2028 }],
    ['1228', { month: 12, year: 2028 }],
    [' 01 / 30 ', { month: 1, year: 2030 }],
    ['1/28', null],
    ['13/28', null],
    ['00/28', null],
    ['12/2028', null],
    ['ab/cd', null],
  ])('parseExpiry(%j)', (input, expected) => {
    expect(parseExpiry(input)).toEqual(expected);
  });

  it.each<[string, string, unknown]>([
    ['the current month', '01/26', { month: 1, year: 2026, mmyy: '0126' }],
    ['next month', '0226', { month: 2, year: 2026, mmyy: '0226' }],
    ['20 years ahead', '12/46', { month: 12, year: 2046, mmyy: '1246' }],
    ['last month', '12/25', { key: 'invalidExpiryDate' }],
    ['21 years ahead', '01/47', { key: 'invalidExpiryDate' }],
    ['a bad month', '13/27', { key: 'invalidExpiryDate' }],
    ['empty', '', { key: 'required' }],
  ])('validateExpiry: %s', (_name, input, expected) => {
    expect(outcome(validateExpiry(input, NOW))).toEqual(expected);
  });

  it('keeps a card good through the last day of its month everywhere (until 12:00 UTC the next day)', () => {
    expect(validateExpiry('01/26', new Date('2026-02-01T11:59:59Z')).ok).toBe(true);
    expect(validateExpiry('01/26', new Date('2026-02-01T12:00:00Z')).ok).toBe(false);
    expect(validateExpiry('12/26', new Date('2027-01-01T11:59:59Z')).ok).toBe(true);
    expect(validateExpiry('12/26', new Date('2027-01-01T12:00:00Z')).ok).toBe(false);
  });

  it('accepts a month from this one to 20 years ahead, as typed or as shown, and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), fc.boolean(), (month, yy, shown) => {
        const typed = `${String(month).padStart(2, '0')}${String(yy).padStart(2, '0')}`;
        const result = validateExpiry(shown ? formatExpiry(typed) : typed, NOW);
        // NOW is January 2026: 01/26 to 12/46.
        expect(result.ok).toBe(yy >= 26 && yy <= 46);
        if (result.ok) expect(result.value).toEqual({ month, year: 2000 + yy, mmyy: typed });
      }),
    );
  });
});

describe('validateCvd', () => {
  it.each<[string, CardType | null, unknown]>([
    ['123', 'VISA', '123'],
    ['123', 'MC', '123'],
    ['1234', 'AMEX', '1234'],
    [' 123 ', null, '123'],
    ['123', 'AMEX', { key: 'minLength', params: { length: 4 } }],
    ['1234', 'VISA', { key: 'maxLength', params: { length: 3 } }],
    ['12', null, { key: 'minLength', params: { length: 3 } }],
    ['12a', 'VISA', { key: 'numeric' }],
    ['', 'MC', { key: 'required' }],
  ])('%j for %s', (input, type, expected) => {
    expect(outcome(validateCvd(input, type))).toEqual(expected);
  });
});

describe('validatePostalCode', () => {
  it.each<[string, 'CA' | 'US' | undefined, unknown]>([
    ['K1K1Y1', undefined, 'K1K 1Y1'],
    ['k1k 1y1', undefined, 'K1K 1Y1'],
    [' K1K 1Y1 ', 'CA', 'K1K 1Y1'],
    ['H0H 0H0', 'CA', 'H0H 0H0'],
    ['K1K  1Y1', undefined, { key: 'invalidPostalCode' }],
    ['K1K-1Y1', undefined, { key: 'invalidPostalCode' }],
    ['D1K1Y1', undefined, { key: 'invalidPostalCode' }],
    ['W1K1Y1', undefined, { key: 'invalidPostalCode' }],
    ['Z1K1Y1', undefined, { key: 'invalidPostalCode' }],
    ['K1D1Y1', undefined, { key: 'invalidPostalCode' }],
    ['K1K1O1', undefined, { key: 'invalidPostalCode' }],
    ['12345', undefined, '12345'],
    ['12345-6789', undefined, '12345-6789'],
    ['12345 6789', 'US', '12345-6789'],
    ['123456789', 'US', '12345-6789'],
    ['1234', undefined, { key: 'invalidPostalCode' }],
    ['12345-678', undefined, { key: 'invalidPostalCode' }],
    ['12345', 'CA', { key: 'invalidPostalCode' }],
    ['K1K1Y1', 'US', { key: 'invalidPostalCode' }],
    ['', undefined, { key: 'required' }],
  ])('%j (%s)', (input, country, expected) => {
    expect(outcome(validatePostalCode(input, country))).toEqual(expected);
  });

  it('accepts its own output again, unchanged', () => {
    const letter = fc.constantFrom(...'ABCEGHJKLMNPRSTVXY');
    const later = fc.constantFrom(...'ABCEGHJKLMNPRSTVWXYZ');
    const digit = fc.constantFrom(...'0123456789');
    fc.assert(
      fc.property(fc.tuple(letter, digit, later, digit, later, digit), fc.boolean(), fc.boolean(), (parts, space, lower) => {
        const code = `${parts.slice(0, 3).join('')}${space ? ' ' : ''}${parts.slice(3).join('')}`;
        const result = validatePostalCode(lower ? code.toLowerCase() : code);
        expect(result.ok).toBe(true);
        if (result.ok) expect(validatePostalCode(result.value)).toEqual(result);
      }),
    );
  });
});

describe('phone', () => {
  it.each([
    ['4165550101', '416-555-0101'],
    ['+1 (416) 555-0101', '416-555-0101'],
    ['416', '416'],
    ['4165', '416-5'],
    ['416555', '416-555'],
    ['4165550', '416-555-0'],
    ['4165550101999', '416-555-0101'],
    ['1', ''],
    ['', ''],
  ])('formatPhone(%j) is %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ['416-555-0101', '416-555-0101'],
    ['(416) 555-0101', '416-555-0101'],
    ['+1 416 555 0101', '416-555-0101'],
    ['1-416-555-0101', '416-555-0101'],
    ['416.555.0101', '416-555-0101'],
    ['  7805550103 ', '780-555-0103'],
    ['416555010', { key: 'invalidPhoneNumber' }],
    ['41655501011', { key: 'invalidPhoneNumber' }],
    ['016-555-0101', { key: 'invalidPhoneNumber' }],
    ['416-155-0101', { key: 'invalidPhoneNumber' }],
    ['416-555-O101', { key: 'invalidPhoneNumber' }],
    ['+44 20 7946 0958', { key: 'invalidPhoneNumber' }],
    ['', { key: 'required' }],
  ])('validatePhoneNumber(%j)', (input, expected) => {
    expect(outcome(validatePhoneNumber(input))).toEqual(expected);
    expect(outcome(validateNotificationPhone(input))).toEqual(expected);
  });

  it.each([
    ['416-555-0101', '+14165550101'],
    ['+1 (647) 555-0178', '+16475550178'],
    ['555-0101', null],
  ])('phoneToE164(%j) is %j', (input, expected) => {
    expect(phoneToE164(input)).toBe(expected);
  });

  it('shows every valid number in 12 characters, and E.164 in 12 too', () => {
    const n = fc.constantFrom(...'23456789');
    const d = fc.constantFrom(...'0123456789');
    fc.assert(
      fc.property(fc.tuple(n, d, d, n, d, d, d, d, d, d), fc.constantFrom('', '1', '+1 '), (digits, prefix) => {
        const result = validatePhoneNumber(prefix + digits.join(''));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.value).toHaveLength(PHONE_DISPLAY_LENGTH);
        expect(result.value).toBe(formatPhone(digits.join('')));
        expect(phoneToE164(result.value)).toBe(`+1${digits.join('')}`);
      }),
    );
  });
});

describe('validatePassword', () => {
  it.each<[string, string, unknown]>([
    ['all four kinds', 'Abcdefg1@', 'Abcdefg1@'],
    ['spaces kept', ' Abcde1@ ', ' Abcde1@ '],
    ['other characters allowed', 'Ab1@é#~ xyz', 'Ab1@é#~ xyz'],
    ['exactly 8', 'Abcdef1!', 'Abcdef1!'],
    ['7 characters', 'Abcde1!', { key: 'minLength', params: { length: 8 } }],
    ['129 characters', `Ab1@${'x'.repeat(125)}`, { key: 'maxLength', params: { length: 128 } }],
    ['no uppercase', 'abcdefg1@', { key: 'weakPassword' }],
    ['no lowercase', 'ABCDEFG1@', { key: 'weakPassword' }],
    ['no digit', 'Abcdefgh@', { key: 'weakPassword' }],
    ['no special', 'Abcdefg12', { key: 'weakPassword' }],
    ['a special outside @$!%*?&', 'Abcdefg1#', { key: 'weakPassword' }],
    ['empty', '', { key: 'required' }],
  ])('%s', (_name, input, expected) => {
    expect(outcome(validatePassword(input))).toEqual(expected);
  });

  it('accepts any 8+ characters with each kind, and refuses them without one kind', () => {
    const kinds = [
      fc.constantFrom(...'ABCXYZ'),
      fc.constantFrom(...'abcxyz'),
      fc.constantFrom(...'0123456789'),
      fc.constantFrom(...'@$!%*?&'),
    ];
    fc.assert(
      fc.property(
        fc.tuple(...kinds),
        fc.string({ unit: fc.constantFrom(...'#~ -_'), minLength: 4, maxLength: 20 }),
        fc.nat({ max: 3 }),
        (chars, filler, drop) => {
          expect(validatePassword(chars.join('') + filler).ok).toBe(true);
          const without = chars.filter((_, index) => index !== drop).join('') + filler + filler;
          expect(validatePassword(without)).toEqual({ ok: false, error: { key: 'weakPassword' } });
        },
      ),
    );
  });
});

describe('validateEmail', () => {
  it.each<[string, unknown]>([
    ['dana@example.com', 'dana@example.com'],
    [' Dana@Example.com ', 'Dana@Example.com'],
    ['dana.diner+orders@mail.example.ca', 'dana.diner+orders@mail.example.ca'],
    ['élise@exemple.québec', 'élise@exemple.québec'],
    ['dana@example', { key: 'invalidEmail' }],
    ['dana example@example.com', { key: 'invalidEmail' }],
    ['dana@@example.com', { key: 'invalidEmail' }],
    ['dana@example.c', { key: 'invalidEmail' }],
    ['dana@.com', { key: 'invalidEmail' }],
    ['dana@example..com', { key: 'invalidEmail' }],
    ['@example.com', { key: 'invalidEmail' }],
    [`${'a'.repeat(65)}@example.com`, { key: 'invalidEmail' }],
    [`dana@${'a'.repeat(250)}.com`, { key: 'maxLength', params: { length: 254 } }],
    ['', { key: 'required' }],
  ])('%j', (input, expected) => {
    expect(outcome(validateEmail(input))).toEqual(expected);
  });

  it('compares addresses without case or surrounding spaces', () => {
    expect(normaliseEmail(' Dana@Example.COM ')).toBe(normaliseEmail('dana@example.com'));
  });
});

describe('names', () => {
  it.each<[string, boolean | undefined, unknown]>([
    ['Dana Diner', undefined, 'Dana Diner'],
    ['  Dana   Diner ', undefined, 'Dana Diner'],
    ['Marie-Ève O’Neil', undefined, 'Marie-Ève O’Neil'],
    ["D'Arcy St. John", undefined, "D'Arcy St. John"],
    ['李小龙', undefined, '李小龙'],
    ['Dana2', undefined, { key: 'invalidNameCharacters' }],
    ['Dana <script>', undefined, { key: 'invalidNameCharacters' }],
    ['- .', undefined, { key: 'invalidNameCharacters' }],
    ['x'.repeat(101), undefined, { key: 'maxLength', params: { length: 100 } }],
    ['', undefined, { key: 'required' }],
    ['   ', true, { key: 'required' }],
    ['', false, ''],
  ])('validateFullName(%j, required %s)', (input, required, expected) => {
    expect(outcome(validateFullName(input, required === undefined ? {} : { required }))).toEqual(expected);
  });

  it.each<[{ first_name?: string | null; last_name?: string | null }, string | null]>([
    [{ first_name: 'Dana', last_name: 'Diner' }, 'Dana Diner'],
    [{ first_name: ' Dana ', last_name: '' }, 'Dana'],
    [{ first_name: null, last_name: 'Diner' }, 'Diner'],
    [{ last_name: ' de  la Tour ' }, 'de la Tour'],
    [{ first_name: ' ', last_name: null }, null],
    [{}, null],
  ])('displayFullName(%j) is %j', (name, expected) => {
    expect(displayFullName(name)).toBe(expected);
  });

  it.each([
    ['Dana Diner', { first_name: 'Dana', last_name: 'Diner' }],
    ['Marie-Ève  de la Tour ', { first_name: 'Marie-Ève', last_name: 'de la Tour' }],
    ['Cher', { first_name: 'Cher', last_name: '' }],
    ['', { first_name: '', last_name: '' }],
  ])('splitFullName(%j)', (input, expected) => {
    expect(splitFullName(input)).toEqual(expected);
  });

  it('gives back the same name when split and shown again', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('Dana', 'de', 'la', 'Tour', 'Ève', "O'Neil"), { minLength: 1, maxLength: 4 }), (words) => {
        const full = words.join(' ');
        expect(displayFullName(splitFullName(full))).toBe(full);
      }),
    );
  });
});

describe('validateCardFields', () => {
  const good = { number: '4242 4242 4242 4242', cvd: '123', expiry_date: '12/28', postal_code: 'k1k1y1' };

  it('returns the card as values', () => {
    expect(validateCardFields(good, NOW, { postalCodeRequired: true })).toEqual({
      ok: true,
      value: {
        digits: '4242424242424242',
        type: 'VISA',
        last4: '4242',
        expiry: { month: 12, year: 2028, mmyy: '1228' },
        cvd: '123',
        postalCode: 'K1K 1Y1',
      },
    });
  });

  it('leaves out an empty postal code unless it is required', () => {
    const card = { ...good, postal_code: '' };
    expect(validateCardFields(card, NOW, { postalCodeRequired: false })).toMatchObject({ ok: true, value: { postalCode: null } });
    expect(validateCardFields(card, NOW, { postalCodeRequired: true })).toEqual({
      ok: false,
      errors: { postal_code: { key: 'required' } },
    });
    expect(validateCardFields({ ...good, postal_code: 'nope' }, NOW, { postalCodeRequired: false })).toEqual({
      ok: false,
      errors: { postal_code: { key: 'invalidPostalCode' } },
    });
  });

  it('checks the CVD length against the card type', () => {
    expect(validateCardFields({ ...good, number: '378282246310005', cvd: '1234' }, NOW, { postalCodeRequired: false }).ok).toBe(true);
    expect(validateCardFields({ ...good, number: '378282246310005' }, NOW, { postalCodeRequired: false })).toEqual({
      ok: false,
      errors: { cvd: { key: 'minLength', params: { length: 4 } } },
    });
  });

  it('reports every bad field at once', () => {
    expect(
      validateCardFields({ number: '4242', cvd: '', expiry_date: '12/25', postal_code: '' }, NOW, { postalCodeRequired: true }),
    ).toEqual({
      ok: false,
      errors: {
        number: { key: 'invalidCreditCard' },
        cvd: { key: 'required' },
        expiry_date: { key: 'invalidExpiryDate' },
        postal_code: { key: 'required' },
      },
    });
  });
});

it('lists every message key once', () => {
  expect(new Set(FIELD_MESSAGE_KEYS).size).toBe(FIELD_MESSAGE_KEYS.length);
});
