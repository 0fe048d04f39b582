import { describe, expect, it } from 'vitest';
import { localizedField, localizedName } from './localize';

describe('localizedName', () => {
  const group = { name: 'Lunch', description: 'Noon to three', localization: { 'fr-CA': { name: 'Dîner' } } };

  it('uses the French name in French', () => {
    expect(localizedName(group, 'fr-CA')).toBe('Dîner');
    expect(localizedName(group, 'en-CA')).toBe('Lunch');
  });

  it('falls back to the base English text when a translation is missing or blank', () => {
    expect(localizedField(group, 'description', 'fr-CA')).toBe('Noon to three');
    expect(localizedName({ name: 'Brunch', localization: { 'fr-CA': { name: '  ' } } }, 'fr-CA')).toBe('Brunch');
    expect(localizedName({ name: 'Brunch' }, 'fr-CA')).toBe('Brunch');
  });
});
