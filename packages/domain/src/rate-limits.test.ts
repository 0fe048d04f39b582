import { describe, expect, it } from 'vitest';
import { LIMITS, type Limit, retryAfterSeconds, windowAt } from './rate-limits';

const at = (iso: string) => new Date(iso);

describe('windowAt', () => {
  it.each<[string, Limit, string, string, string]>([
    [
      'start of a 15-minute window',
      { max: 5, windowSeconds: 900 },
      '2026-11-24T16:00:00.000Z',
      '2026-11-24T16:00:00.000Z',
      '2026-11-24T16:15:00.000Z',
    ],
    ['inside it', { max: 5, windowSeconds: 900 }, '2026-11-24T16:14:59.999Z', '2026-11-24T16:00:00.000Z', '2026-11-24T16:15:00.000Z'],
    ['the next one', { max: 5, windowSeconds: 900 }, '2026-11-24T16:15:00.000Z', '2026-11-24T16:15:00.000Z', '2026-11-24T16:30:00.000Z'],
    ['a minute window', { max: 1, windowSeconds: 60 }, '2026-11-24T16:07:30.000Z', '2026-11-24T16:07:00.000Z', '2026-11-24T16:08:00.000Z'],
    [
      'a day window across the year end',
      { max: 3, windowSeconds: 86400 },
      '2026-12-31T23:59:59.000Z',
      '2026-12-31T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ],
  ])('%s', (_case, limit, now, start, end) => {
    expect(windowAt(limit, at(now))).toEqual({ start: at(start), end: at(end) });
  });
});

describe('retryAfterSeconds', () => {
  it.each<[string, string, number]>([
    ['at the start: the whole window', '2026-11-24T16:00:00.000Z', 900],
    ['half-way', '2026-11-24T16:07:30.000Z', 450],
    ['a fraction of a second left counts as one', '2026-11-24T16:14:59.500Z', 1],
  ])('%s', (_case, now, seconds) => {
    expect(retryAfterSeconds({ max: 5, windowSeconds: 900 }, at(now))).toBe(seconds);
  });
});

describe('LIMITS', () => {
  it('keeps the account ceiling far above one guesser’s limit, so an attack slows others but never locks the owner', () => {
    expect(LIMITS.signInAccount.max).toBeGreaterThanOrEqual(LIMITS.signInPair.max * 10);
    expect(LIMITS.signInSlow.max).toBeGreaterThan(0);
    expect(LIMITS.forgotSlow.max).toBeGreaterThan(0);
  });
});
