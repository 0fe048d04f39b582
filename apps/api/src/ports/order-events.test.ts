import { describe, expect, it } from 'vitest';
import { takeChanges } from './order-events';

const rows = (...seqs: number[]) => seqs.map((seq) => ({ seq: String(seq), restaurant_id: 1 }));
const seqsOf = (taken: Array<{ seq: string | number }>) => taken.map((row) => Number(row.seq));

describe('takeChanges: reading a table past the last change seen', () => {
  it.each([
    { name: 'in order, nothing skipped', last: 3, gaps: [], read: [4, 5], taken: [4, 5], lastAfter: 5, gapsAfter: [] },
    { name: 'a number skipped is waited for', last: 3, gaps: [], read: [4, 6], taken: [4, 6], lastAfter: 6, gapsAfter: [5] },
    { name: 'a skipped number that commits later is taken once', last: 6, gaps: [5], read: [5], taken: [5], lastAfter: 6, gapsAfter: [] },
    { name: 'a row already taken is not taken again', last: 6, gaps: [], read: [6, 7], taken: [7], lastAfter: 7, gapsAfter: [] },
    { name: 'nothing new', last: 9, gaps: [], read: [], taken: [], lastAfter: 9, gapsAfter: [] },
    { name: 'a wide skip', last: 0, gaps: [], read: [4], taken: [4], lastAfter: 4, gapsAfter: [1, 2, 3] },
  ])('$name', ({ last, gaps, read, taken, lastAfter, gapsAfter }) => {
    const tail = { last, gaps: new Map(gaps.map((seq) => [seq, 1_000])) };
    expect(seqsOf(takeChanges(tail, rows(...read), 2_000))).toEqual(taken);
    expect(tail.last).toBe(lastAfter);
    expect([...tail.gaps.keys()].sort((a, b) => a - b)).toEqual(gapsAfter);
  });

  it('stops waiting for a skipped number after ten seconds (its transaction rolled back)', () => {
    const tail = { last: 6, gaps: new Map([[5, 1_000]]) };
    expect(takeChanges(tail, [], 5_000)).toEqual([]);
    expect(tail.gaps.has(5)).toBe(true);
    takeChanges(tail, [], 11_001);
    expect(tail.gaps.size).toBe(0);
  });
});
