import { describe, expect, it } from 'vitest';
import { queueLookbackStart, queueReadyBy, queueWaitMinutes } from './queue';

describe('queueWaitMinutes', () => {
  it('counts the orders ahead and the new one', () => {
    expect(queueWaitMinutes(0, 6)).toBe(6);
    expect(queueWaitMinutes(3, 6)).toBe(24);
  });
  it('never counts a negative queue', () => {
    expect(queueWaitMinutes(-2, 5)).toBe(5);
  });
});

describe('queueReadyBy: a scheduled order is ahead of a new ASAP order when its ready time is before this', () => {
  const now = new Date('2026-11-24T17:00:00.000Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const aheadOf = (readyAt: Date, asapAhead: number, minutesPerOrder: number) =>
    readyAt.getTime() < queueReadyBy(now, asapAhead, minutesPerOrder).getTime();

  it.each([
    // asap ahead, minutes per order, the new order's earliest ready time (minutes from now)
    [0, 4, 4],
    [1, 4, 8],
    [3, 4, 16],
    [2, 7, 21],
    [-1, 4, 4],
  ])('%i ASAP ahead at %i min each: ready by now + %i min', (asapAhead, minutesPerOrder, minutes) => {
    expect(queueReadyBy(now, asapAhead, minutesPerOrder)).toEqual(at(minutes));
  });

  it.each([
    // ready time of the scheduled order (minutes from now), asap ahead, minutes per order, ahead?
    [-5, 0, 4, true], // overdue: the kitchen owes it already
    [0, 0, 4, true], // due now
    [3, 0, 4, true], // due before the new order could be ready
    [4, 0, 4, false], // due with the new order: not ahead of it
    [7, 1, 4, true], // one ASAP ahead: the new order is ready in 8 minutes
    [8, 1, 4, false],
    [25 * 60, 1, 4, false], // tomorrow evening
  ])('ready at now + %i min, %i ASAP ahead, %i min each: ahead %s', (minutes, asapAhead, minutesPerOrder, ahead) => {
    expect(aheadOf(at(minutes), asapAhead, minutesPerOrder)).toBe(ahead);
  });
});

describe('the bounds of the count (decision 0136)', () => {
  it('looks back 6 hours from the server clock', () => {
    expect(queueLookbackStart(new Date('2026-11-24T17:00:00.000Z'))).toEqual(new Date('2026-11-24T11:00:00.000Z'));
  });
});
