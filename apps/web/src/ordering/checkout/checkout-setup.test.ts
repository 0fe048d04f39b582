import type { SchedulingResponse } from '@servery/contracts/orders';
import { describe, expect, it } from 'vitest';
import { stillOffered } from './checkout-setup';

const times = (asap: boolean, slots: string[]) =>
  ({
    asap: { available: asap },
    days: [{ date: '2026-10-14', slots: slots.map((startTime) => ({ startTime })) }],
  }) as unknown as SchedulingResponse;

describe('a time kept from an earlier opening of checkout', () => {
  it('stays while the server still offers it, else gives way to the first offered', () => {
    expect(stillOffered({ kind: 'asap' }, times(true, []))).toEqual({ kind: 'asap' });
    expect(stillOffered({ kind: 'asap' }, times(false, ['14:00']))).toEqual({ kind: 'none' });
    const slot = { kind: 'slot', date: '2026-10-14', time: '14:00' } as const;
    expect(stillOffered(slot, times(false, ['14:00', '14:15']))).toEqual(slot);
    expect(stillOffered(slot, times(true, ['14:15']))).toEqual({ kind: 'none' });
    expect(stillOffered(slot, null)).toEqual({ kind: 'none' });
  });
});
