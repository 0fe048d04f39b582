import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { clockStartingAt } from './clock';

describe('the server clock', () => {
  it('starts where CLOCK_START says and runs on at the normal pace', () => {
    const start = new Date('2026-10-14T17:00:00Z');
    const clock = clockStartingAt(start, Date.now() - 1500);
    const read = clock().getTime() - start.getTime();
    expect(read).toBeGreaterThanOrEqual(1500);
    expect(read).toBeLessThan(60_000);
  });

  it('reads CLOCK_START from the configuration, and refuses a bad one or one in production, naming it', () => {
    expect(loadConfig({}).CLOCK_START).toBeNull();
    expect(loadConfig({ CLOCK_START: '2026-10-14T13:00:00-04:00' }).CLOCK_START?.toISOString()).toBe('2026-10-14T17:00:00.000Z');
    expect(() => loadConfig({ CLOCK_START: 'tomorrow' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ CLOCK_START: '2026-10-14T17:00:00Z', NODE_ENV: 'production' })).toThrow(
      /CLOCK_START: is for tests only and cannot be set when NODE_ENV is production/,
    );
  });
});
