import { describe, expect, it } from 'vitest';
import { currentStatus, isFinalStatus, isInProgress, statusLabelKey, withStatus, type LiveStatuses } from './order-status';

describe('a status as a diner reads it', () => {
  it.each([
    ['placed', 'scheduledOrders.statuses.placed', true, false],
    ['accepted', 'scheduledOrders.statuses.accepted', true, false],
    ['preparing', 'scheduledOrders.statuses.preparing', true, false],
    ['ready', 'scheduledOrders.statuses.ready', true, false],
    ['completed', 'scheduledOrders.statuses.completed', false, true],
    ['cancelled', 'scheduledOrders.statuses.cancelled', false, true],
    ['refunded', 'scheduledOrders.statuses.refunded', false, true],
    ['on-the-moon', 'scheduledOrders.statuses.other', false, false],
  ])('%s: words %s, in progress %s, final %s', (status, key, moving, final) => {
    expect(statusLabelKey(status)).toBe(key);
    expect(isInProgress(status)).toBe(moving);
    expect(isFinalStatus(status)).toBe(final);
  });
});

describe('a stream’s news', () => {
  const none: LiveStatuses = new Map();
  it.each([
    ['nothing heard: what the page loaded', none, 'placed'],
    ['heard of this order: what the stream said', new Map([['a', 'ready' as const]]), 'ready'],
    ['heard of another order only: what the page loaded', new Map([['b', 'ready' as const]]), 'placed'],
  ])('%s', (_case, live, expected) => {
    expect(currentStatus(live, 'a', 'placed')).toBe(expected);
  });

  it('keeps the same map when it says nothing new, and a new one when it does', () => {
    const once = withStatus(none, 'a', 'preparing');
    expect(once).not.toBe(none);
    expect(none.size).toBe(0);
    expect(withStatus(once, 'a', 'preparing')).toBe(once);
    expect(withStatus(once, 'a', 'ready').get('a')).toBe('ready');
  });
});
