/** A suite named in the reader's language (suite-name.ts): the venue's translation, else its base text. */
import { describe, expect, it } from 'vitest';
import { eventNameIn, suiteIn } from './suite-name';

const suite = { name: 'Suite 12', location: 'Level 2, north side', localization: { 'fr-CA': { name: 'Loge 12', location: ' ' } } };

describe('a suite named by language', () => {
  it('says the French name where the venue gave one, and the base text where it left a field blank', () => {
    expect(suiteIn(suite, 'fr-CA')).toEqual({ name: 'Loge 12', location: 'Level 2, north side' });
  });

  it('says the base text in English and for a suite without translations', () => {
    expect(suiteIn(suite, 'en-CA')).toEqual({ name: 'Suite 12', location: 'Level 2, north side' });
    expect(suiteIn({ ...suite, localization: {} }, 'fr-CA').name).toBe('Suite 12');
  });
});

describe('an event named by language', () => {
  const event = { name: 'Nighthawks vs Prospects', localization: { 'fr-CA': { name: 'Nighthawks c. Prospects' } } };
  it('says the French name where the venue gave one, else the base text', () => {
    expect(eventNameIn(event, 'fr-CA')).toBe('Nighthawks c. Prospects');
    expect(eventNameIn(event, 'en-CA')).toBe('Nighthawks vs Prospects');
    expect(eventNameIn({ ...event, localization: { 'fr-CA': { name: '  ' } } }, 'fr-CA')).toBe('Nighthawks vs Prospects');
  });
});
