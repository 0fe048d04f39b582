import { describe, expect, it } from 'vitest';
import { formatDraftWhen, zoneOfFile } from './draft-when';

/** Intl separates with no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDraftWhen', () => {
  it('names the month, so 2 December is never read as February', () => {
    expect(plain(formatDraftWhen('2026-12-02T13:43:00Z', 'en-CA'))).toBe('Dec 2, 2026, 8:43 a.m.');
    expect(plain(formatDraftWhen('2026-12-02T13:43:00Z', 'fr-CA'))).toBe('2 déc. 2026, 8 h 43');
    expect(plain(formatDraftWhen('2026-12-02T18:05:00Z', 'fr-CA'))).toBe('2 déc. 2026, 13 h 05');
  });

  it('is in the restaurant’s zone', () => {
    expect(plain(formatDraftWhen('2026-12-02T13:43:00Z', 'en-CA', 'America/Halifax'))).toBe('Dec 2, 2026, 9:43 a.m.');
  });
});

describe('zoneOfFile', () => {
  it('takes the file’s zone, else Toronto', () => {
    expect(zoneOfFile({ zone: 'America/Edmonton' })).toBe('America/Edmonton');
    expect(zoneOfFile({ zone: 'Mars/Base' })).toBe('America/Toronto');
    expect(zoneOfFile({})).toBe('America/Toronto');
    expect(zoneOfFile(null)).toBe('America/Toronto');
  });
});
