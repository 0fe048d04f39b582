import { describe, expect, it } from 'vitest';
import { decodeEntities, localizedField, localizedHtml, localizedName, localizedText } from './localize';

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

describe('localizedText and localizedHtml', () => {
  const item = {
    name: 'Roasted beet &amp; goat cheese salad',
    description: '<p>Beets &amp; chèvre</p>',
    localization: { 'fr-CA': { name: 'Salade de betteraves &amp; chèvre' } },
  };

  it('decodes the entities the server’s strip-all cleaning leaves in plain text, and says the text’s language', () => {
    expect(localizedText(item, 'name', 'en-CA')).toEqual({ text: 'Roasted beet & goat cheese salad', locale: 'en-CA' });
    expect(localizedText(item, 'name', 'fr-CA')).toEqual({ text: 'Salade de betteraves & chèvre', locale: 'fr-CA' });
    expect(localizedText(item, 'description', 'fr-CA')).toEqual({ text: '<p>Beets & chèvre</p>', locale: 'en-CA' });
  });

  it('leaves restaurant HTML as sent, for RestaurantHtml', () => {
    expect(localizedHtml(item, 'description', 'fr-CA')).toEqual({ text: '<p>Beets &amp; chèvre</p>', locale: 'en-CA' });
  });

  it('decodes numeric entities and leaves unknown ones alone', () => {
    expect(decodeEntities('A &lt;b&gt; &#39;c&#x27; &quot;d&quot; &unknown; &#0;')).toBe('A <b> \'c\' "d" &unknown; &#0;');
  });
});
