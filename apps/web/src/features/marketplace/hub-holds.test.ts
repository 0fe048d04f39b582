import type { SchedulingResponse } from '@servery/contracts/orders';
import { describe, expect, it } from 'vitest';
import { holdsForAnotherTime, timesHolds } from './hub-holds';
import type { ServerHold } from './vendor-state';

const scheduling = (vendors: SchedulingResponse['vendors']) => ({ days: [], vendors }) as unknown as SchedulingResponse;

describe("a hub's holds at checkout", () => {
  it('holds each vendor the times say can take nothing, by its key', () => {
    const holds = timesHolds(
      scheduling([
        { vendorId: 7, error: 'VENDOR_CLOSED', message: 'Closed' },
        { vendorId: null, error: 'TIMESLOT_FULL', message: 'Full' },
      ]),
    );
    expect([...holds]).toEqual([
      ['7', { error: 'VENDOR_CLOSED', message: 'Closed', source: 'times' }],
      ['hub', { error: 'TIMESLOT_FULL', message: 'Full', source: 'times' }],
    ]);
  });

  it('holds none without times or without vendors in them', () => {
    expect(timesHolds(null).size).toBe(0);
    expect(timesHolds(scheduling([])).size).toBe(0);
  });

  it("lifts a refused placement's full or closed vendor once another time is chosen, and keeps a pause", () => {
    const hold = (error: ServerHold['error'], source: ServerHold['source']): ServerHold => ({ error, message: error, source });
    const current = new Map([
      ['1', hold('TIMESLOT_FULL', 'placing')],
      ['2', hold('VENDOR_CLOSED', 'placing')],
      ['3', hold('VENDOR_PAUSED', 'placing')],
      ['4', hold('VENDOR_CLOSED', 'times')],
    ]);
    expect([...holdsForAnotherTime(current).keys()]).toEqual(['3', '4']);
  });

  it('keeps the same holds when none is lifted', () => {
    const current = new Map([['3', { error: 'VENDOR_PAUSED', message: 'Paused', source: 'placing' } satisfies ServerHold]]);
    expect(holdsForAnotherTime(current)).toBe(current);
  });
});
