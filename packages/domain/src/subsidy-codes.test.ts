/** A typed subsidy code (pricing.md 2.3), checked the way the pricer applies it. */
import { describe, expect, it } from 'vitest';
import { priceCart, type PricingInput, type SubsidyConfig } from './pricing';
import { checkSubsidyCode, type SubsidyCodeCheck, takesSubsidyCodes } from './subsidy-codes';
import { MAPLE_SUBSIDY, pricingInput, pricingItem, pricingLine, pricingRestaurant } from './testing/pricing-input';

const maple = MAPLE_SUBSIDY;

/** A 6.00 meal (untaxed), priced with the subsidy and this code typed. */
function lunchWith(config: SubsidyConfig, code: string, signedIn: boolean): PricingInput {
  return pricingInput([pricingLine(1, 1, [pricingItem(1, 600, 1, { meal: true, taxRates: { tax1: '0', tax2: '0' } })])], {
    restaurant: pricingRestaurant({ tax_rate: { tax1: '0' } }),
    subsidy: { config, signedIn, code, memberProvider: null, chosenAmountToBePaid: null },
  });
}

describe('checkSubsidyCode', () => {
  it.each<[string, Partial<SubsidyConfig> | null, string, boolean, SubsidyCodeCheck]>([
    ['a listed code, signed in', {}, 'LUNCH50-2026', true, { ok: true, code: 'LUNCH50-2026' }],
    ['another case and spaces: the restaurant’s spelling', {}, ' maple-assist ', true, { ok: true, code: 'MAPLE-ASSIST' }],
    ['an unknown code', {}, 'NOPE', true, { ok: false, error: 'SUBSIDY_CODE_NOT_FOUND' }],
    ['an empty code', {}, '  ', true, { ok: false, error: 'SUBSIDY_CODE_NOT_FOUND' }],
    ['a listed code, not signed in', {}, 'LUNCH50-2026', false, { ok: false, error: 'SUBSIDY_CODE_SIGN_IN_REQUIRED' }],
    // Not signed in is said first: a guest cannot tell a listed code from a made-up one.
    ['a made-up code, not signed in', {}, 'NOPE', false, { ok: false, error: 'SUBSIDY_CODE_SIGN_IN_REQUIRED' }],
    [
      'a subsidy for every user: no code counts',
      { target_users: 'all' },
      'LUNCH50-2026',
      true,
      { ok: false, error: 'SUBSIDY_CODE_NOT_FOUND' },
    ],
    ['an inactive subsidy', { is_active: false }, 'LUNCH50-2026', false, { ok: false, error: 'SUBSIDY_CODE_NOT_FOUND' }],
    ['no subsidy at all', null, 'LUNCH50-2026', false, { ok: false, error: 'SUBSIDY_CODE_NOT_FOUND' }],
  ])('%s', (_, change, typed, signedIn, expected) => {
    const config = change && { ...maple, ...change };
    expect(checkSubsidyCode(config, typed, signedIn)).toEqual(expected);
    // The pricer agrees: a code is applied exactly when the check says it counts (a subsidy for
    // every user applies without one, so it is left out here).
    if (config && config.target_users === 'codes') {
      const subsidy = priceCart(lunchWith(config, typed, signedIn)).subsidyDiscount.amount;
      expect(subsidy).toBe(expected.ok ? 300 : 0);
    }
  });
});

describe('takesSubsidyCodes', () => {
  it.each<[string, Pick<SubsidyConfig, 'is_active' | 'target_users'> | null, boolean]>([
    ['an active subsidy for users with a code', { is_active: true, target_users: 'codes' }, true],
    ['a subsidy for every user', { is_active: true, target_users: 'all' }, false],
    ['an inactive one', { is_active: false, target_users: 'codes' }, false],
    ['none', null, false],
  ])('%s: %s', (_, config, takes) => {
    expect(takesSubsidyCodes(config)).toBe(takes);
  });
});
