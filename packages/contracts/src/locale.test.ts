import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './locale';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'en-CA'],
    ['', 'en-CA'],
    ['fr-CA', 'fr-CA'],
    ['fr', 'fr-CA'],
    ['fr-FR,en;q=0.5', 'fr-CA'],
    ['en-US,fr-CA;q=0.9', 'en-CA'],
    ['de-DE,fr;q=0.8,en;q=0.5', 'fr-CA'],
    ['en;q=0.4,fr-CA;q=0.9', 'fr-CA'],
    ['fr-CA;q=0', 'en-CA'],
    ['zh-CN', 'en-CA'],
  ])('%j gives %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});
