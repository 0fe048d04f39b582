import { describe, expect, it } from 'vitest';
import { checkSuiteCaller, checkSuiteOperator, type LoginAs, type OfferedOperator, SUITE_ORDER_POLICIES } from './suite';

const LOGIN_AS: LoginAs = { operatorUserId: 7, eventSuiteId: 3, guestName: null };

describe('who may place a suite order', () => {
  it.each<[string, LoginAs | null, OfferedOperator, ReturnType<typeof checkSuiteCaller>]>([
    ['a diner, no token', null, { kind: 'none' }, { ok: true, operator: null }],
    ['a login-as session without a token', LOGIN_AS, { kind: 'none' }, { ok: false, error: 'OPERATOR_TOKEN_REQUIRED' }],
    ['a login-as session with its operator’s token', LOGIN_AS, { kind: 'operator', userId: 7 }, { ok: true, operator: LOGIN_AS }],
    [
      'a login-as session with another operator’s token',
      LOGIN_AS,
      { kind: 'operator', userId: 8 },
      { ok: false, error: 'NOT_ASSIGNED_TO_SUITE' },
    ],
    ['a login-as session with an expired token', LOGIN_AS, { kind: 'expired' }, { ok: false, error: 'SESSION_EXPIRED' }],
    ['an operator token without login-as', null, { kind: 'operator', userId: 7 }, { ok: false, error: 'NOT_ASSIGNED_TO_SUITE' }],
    ['an expired token without login-as', null, { kind: 'expired' }, { ok: false, error: 'SESSION_EXPIRED' }],
  ])('%s', (_case, loginAs, offered, expected) => {
    expect(checkSuiteCaller(loginAs, offered)).toEqual(expected);
  });

  it.each([
    ['an operator, for a suite', LOGIN_AS, true, null],
    ['an operator, for no suite', LOGIN_AS, false, 'NOT_ASSIGNED_TO_SUITE'],
    ['a diner, for no suite', null, false, null],
  ] as const)('%s: %s', (_case, operator, namesSuite, error) => {
    expect(checkSuiteOperator(operator, namesSuite)).toBe(error);
  });
});

describe('the suite policies', () => {
  // [kind, stored as, pricing facts, placed ahead, contact optional]
  it.each([
    ['pre_order', 'catering', { isPreOrder: true, isEventDay: false, isCatering: true }, true, false],
    ['event_day', 'dine_in', { isPreOrder: false, isEventDay: true, isCatering: false }, false, true],
  ] as const)('%s', (kind, storedAs, facts, placedAhead, contactOptional) => {
    const policy = SUITE_ORDER_POLICIES[kind];
    expect(policy).toMatchObject({ storedAs, facts, placedAhead, payment: 'suite-tab', capacity: 'suite-tab' });
    expect(policy.contactHidden !== undefined).toBe(contactOptional);
  });
});
