import { describe, expect, it } from 'vitest';
import { chooseLocale, offeredLocales, type OfferedLocale } from './locales';

const entry = (locale_long: string, is_default = false) => ({ locale_long, is_default });
const BOTH: OfferedLocale[] = ['en-CA', 'fr-CA'];
const FRENCH_FIRST: OfferedLocale[] = ['fr-CA', 'en-CA'];

describe('offeredLocales', () => {
  it.each([
    ['both, English default', [entry('en-CA', true), entry('fr-CA')], BOTH],
    ['both, French default', [entry('en-CA'), entry('fr-CA', true)], FRENCH_FIRST],
    ['French only', [entry('fr-CA', true)], ['fr-CA']],
    ['a language we do not speak is left out', [entry('es-MX', true), entry('fr-CA')], ['fr-CA']],
    ['none we speak offers both', [entry('es-MX', true)], BOTH],
    ['no list offers both', undefined, BOTH],
  ])('%s', (_case, entries, offered) => {
    expect(offeredLocales(entries)).toEqual(offered);
  });
});

describe('chooseLocale', () => {
  it.each<[string, string | null, string[], OfferedLocale[], OfferedLocale]>([
    ['the diner’s choice wins', 'fr-CA', ['en-US'], BOTH, 'fr-CA'],
    ['a choice the restaurant does not offer gives way', 'en-CA', ['en-US'], ['fr-CA'], 'fr-CA'],
    ['no choice: the browser’s first offered language', null, ['es', 'fr-FR', 'en'], BOTH, 'fr-CA'],
    ['no choice, an English browser at a French-default restaurant', null, ['en-US'], FRENCH_FIRST, 'en-CA'],
    ['no choice, a browser in another language: the default', null, ['de-DE'], FRENCH_FIRST, 'fr-CA'],
    ['a made-up cookie is no choice', 'xx', [], BOTH, 'en-CA'],
  ])('%s', (_case, choice, browser, offered, expected) => {
    expect(chooseLocale(choice, browser, offered)).toBe(expected);
  });
});
