import { describe, expect, it } from 'vitest';
import { eventSuiteSealer } from './event-suite-link';

describe('eventSuiteSealer', () => {
  const sealer = eventSuiteSealer();

  it('opens what it sealed, for the same restaurant only', () => {
    const value = sealer.seal(103, 3982);
    expect(value).toMatch(/^[\w-]+$/);
    expect(sealer.open(103, value)).toBe(3982);
    expect(sealer.open(104, value)).toBeNull();
  });

  it('seals the same suite differently each time (a fresh nonce)', () => {
    expect(sealer.seal(103, 3982)).not.toBe(sealer.seal(103, 3982));
  });

  it('refuses a value with any byte changed, one made with another key, and junk', () => {
    const value = sealer.seal(103, 3982);
    const raw = Buffer.from(value, 'base64url');
    for (let index = 0; index < raw.length; index += 1) {
      const altered = Buffer.from(raw);
      altered[index] = altered[index]! ^ 0x01;
      expect(sealer.open(103, altered.toString('base64url'))).toBeNull();
    }
    const other = eventSuiteSealer('00'.repeat(32));
    expect(sealer.open(103, other.seal(103, 3982))).toBeNull();
    expect(sealer.open(103, '3982')).toBeNull();
    expect(sealer.open(103, 'A'.repeat(60))).toBeNull();
  });
});
