import { describe, expect, it } from 'vitest';
import { queueWaitMinutes } from './queue';

describe('queueWaitMinutes', () => {
  it('counts the orders ahead and the new one', () => {
    expect(queueWaitMinutes(0, 6)).toBe(6);
    expect(queueWaitMinutes(3, 6)).toBe(24);
  });
  it('never counts a negative queue', () => {
    expect(queueWaitMinutes(-2, 5)).toBe(5);
  });
});
