import type { AccountUser } from '@servery/contracts/accounts';

/** Dana Diner (diner@example.com) as the account calls answer her: no cards, credits or students until a test gives some. */
export function dinerFixture(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: 7,
    firstName: 'Dana',
    lastName: 'Diner',
    email: 'diner@example.com',
    phoneNumber: '4165550101',
    paymentMethods: [],
    credits: { balance: 0, entries: [] },
    students: [],
    subsidyCode: null,
    suiteOperator: false,
    defaultTipPercent: null,
    promoCode: null,
    ...overrides,
  };
}
