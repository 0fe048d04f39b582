import { describe, expect, it } from 'vitest';
import { afterFailure, isWebhookEventType, MESSAGE_RETRY_POLICY, type RetryPolicy } from './delivery-retries';

const now = new Date('2026-11-24T17:00:00.000Z');
const policy: RetryPolicy = { maxAttempts: 5, baseDelaySeconds: 30, maxDelaySeconds: 120 };

describe('after a failed attempt', () => {
  it.each([
    [1, '2026-11-24T17:00:30.000Z'],
    [2, '2026-11-24T17:01:00.000Z'],
    [3, '2026-11-24T17:02:00.000Z'],
    // Capped at maxDelaySeconds.
    [4, '2026-11-24T17:02:00.000Z'],
  ])('failure %i is tried again at %s', (attempts, next) => {
    expect(afterFailure(attempts, policy, now)).toEqual({ state: 'retrying', nextAttemptAt: new Date(next) });
  });

  it.each([5, 6, 50])('failure %i of at most 5 attempts is a dead letter', (attempts) => {
    expect(afterFailure(attempts, policy, now)).toEqual({ state: 'failed' });
  });

  it('a message is given up on within the hour', () => {
    let at = now;
    for (let attempts = 1; ; attempts += 1) {
      const next = afterFailure(attempts, MESSAGE_RETRY_POLICY, at);
      if (next.state === 'failed') break;
      at = next.nextAttemptAt;
    }
    expect(at.getTime() - now.getTime()).toBeLessThan(60 * 60 * 1000);
  });
});

describe('which order events reach webhooks', () => {
  it.each([
    ['placed', true],
    ['accepted', true],
    ['preparing', false],
    ['ready', true],
    ['completed', true],
    ['cancelled', true],
    ['refunded', true],
    ['deleted', false],
  ])('%s: %s', (type, expected) => {
    expect(isWebhookEventType(type)).toBe(expected);
  });
});
