import { describe, expect, it } from 'vitest';
import { discountCodeStatus, findDiscountCode } from './discount-code';

const code = { starts_at: '2026-11-01T00:00:00Z', ends_at: '2026-12-01T00:00:00Z', max_uses: 3 };

describe('discountCodeStatus', () => {
  it.each([
    ['2026-10-31T23:59:59Z', 0, { ok: false, error: 'DISCOUNT_CODE_NOT_STARTED' }],
    ['2026-11-01T00:00:00Z', 0, { ok: true, remainingUses: 3 }],
    ['2026-11-15T12:00:00Z', 2, { ok: true, remainingUses: 1 }],
    ['2026-11-15T12:00:00Z', 3, { ok: false, error: 'DISCOUNT_CODE_USED_UP' }],
    ['2026-12-01T00:00:00Z', 0, { ok: false, error: 'DISCOUNT_CODE_EXPIRED' }],
  ])('at %s with %i uses', (now, uses, expected) => {
    expect(discountCodeStatus(code, uses, new Date(now))).toEqual(expected);
  });

  it('has no limits when none are set', () => {
    expect(discountCodeStatus({ starts_at: null, ends_at: null, max_uses: null }, 1000, new Date('2030-01-01T00:00:00Z'))).toEqual({
      ok: true,
      remainingUses: null,
    });
  });
});

describe('findDiscountCode', () => {
  const codes = [{ code: 'Welcome10' }, { code: ' FALL ' }];
  it.each([
    ['welcome10', 'Welcome10'],
    ['  WELCOME10 ', 'Welcome10'],
    ['fall', ' FALL '],
    ['WELCOME', null],
    ['', null],
  ])('%j names %j', (typed, expected) => {
    expect(findDiscountCode(codes, typed)?.code ?? null).toBe(expected);
  });
});
