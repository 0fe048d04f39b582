import { describe, expect, it } from 'vitest';
import { reminderDecision, reminderDueAt } from './suite-reminders';

const event = { pre_order_lock_at: '2026-12-10T06:59:00.000Z' };
const base = { event, hours: 48, ownerEmail: 'owner@example.com', submitted: false };
const at = (iso: string) => new Date(iso);

describe('the pre-order reminder', () => {
  it('is due the lead time before the lock', () => {
    expect(reminderDueAt(event, 48).toISOString()).toBe('2026-12-08T06:59:00.000Z');
  });

  it.each([
    ['a minute before it is due', base, '2026-12-08T06:58:00Z', { send: false, why: 'too_early' }],
    ['when it is due', base, '2026-12-08T06:59:00Z', { send: true }],
    ['a minute before the lock', base, '2026-12-10T06:58:00Z', { send: true }],
    ['at the lock', base, '2026-12-10T06:59:00Z', { send: false, why: 'locked' }],
    ['after the lock', base, '2026-12-11T00:00:00Z', { send: false, why: 'locked' }],
    ['to a suite with no owner e-mail', { ...base, ownerEmail: undefined }, '2026-12-09T00:00:00Z', { send: false, why: 'no_owner_email' }],
    ['to a blank owner e-mail', { ...base, ownerEmail: ' ' }, '2026-12-09T00:00:00Z', { send: false, why: 'no_owner_email' }],
    ['to an owner who submitted', { ...base, submitted: true }, '2026-12-09T00:00:00Z', { send: false, why: 'submitted' }],
    ['at a venue that turned them off', { ...base, hours: null }, '2026-12-09T00:00:00Z', { send: false, why: 'off' }],
    ['a day ahead by a 24-hour lead', { ...base, hours: 24 }, '2026-12-09T00:00:00Z', { send: false, why: 'too_early' }],
  ] as const)('%s', (_name, facts, now, expected) => {
    expect(reminderDecision(facts, at(now))).toEqual(expected);
  });
});
