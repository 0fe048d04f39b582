import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { compareZoneRuleVersions, shippedZoneRules, zoneRulesProblem } from './zone-rules';

describe('zone rule versions', () => {
  it.each([
    ['2025c', '2026e', -1],
    ['2026e', '2026e', 0],
    ['2026f', '2026e', 1],
    ['2027a', '2026z', 1],
    ['2026z', '2026aa', -1],
  ])('%s against %s', (a, b, sign) => {
    expect(Math.sign(compareZoneRuleVersions(a, b))).toBe(sign);
  });
});

describe('the rules a server may run on', () => {
  const shipped = { dir: '/srv/servery/tzdata', version: '2026e' };

  it.each([
    ['2026e', null],
    ['2026f', null],
    ['2025c', 'older'],
    [undefined, 'older'],
  ] as const)('running %s', (running, expected) => {
    const problem = zoneRulesProblem(running, shipped);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain('ICU_TIMEZONE_FILES_DIR=/srv/servery/tzdata');
  });

  it('does not check without shipped rules', () => {
    expect(zoneRulesProblem('2025c', { dir: '/nowhere', version: null })).toBeNull();
  });
});

// The tests themselves run on the shipped rules (scripts/lib.mjs and vitest.config.ts set
// ICU_TIMEZONE_FILES_DIR), so what they assert about a zone is what a server decides.
describe('this process', () => {
  it('runs on the shipped rules', () => {
    const shipped = shippedZoneRules(repoRoot);
    expect(shipped.dir).toBe(path.join(repoRoot, 'tzdata'));
    expect(shipped.version).toMatch(/^\d{4}[a-z]+$/);
    expect(zoneRulesProblem(process.versions.tz, shipped)).toBeNull();
  });

  it.each([
    // Alberta and British Columbia stay on daylight time from 1 November 2026; Ontario does not.
    ['America/Edmonton', '2026-12-10T05:59:00Z', '2026-12-09 23:59'],
    ['America/Vancouver', '2026-12-10T06:59:00Z', '2026-12-09 23:59'],
    ['America/Toronto', '2026-12-10T04:59:00Z', '2026-12-09 23:59'],
    ['America/Edmonton', '2026-03-01T06:59:00Z', '2026-02-28 23:59'],
  ])('reads %s at %s as %s', (zone, instant, wall) => {
    const text = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(instant));
    expect(text).toBe(wall);
  });
});
