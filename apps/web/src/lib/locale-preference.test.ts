import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';
import { LOCALE_COOKIE_MAX_AGE_SECONDS, detectLocale, persistLocale, readInitialLocale } from './locale-preference';

describe('detectLocale', () => {
  it('prefers the locale cookie', () => {
    expect(detectLocale('fr-CA', ['en-US'])).toBe('fr-CA');
    expect(detectLocale('en-CA', ['fr-CA'])).toBe('en-CA');
  });

  it('else takes French from a browser language starting with fr', () => {
    expect(detectLocale(null, ['fr'])).toBe('fr-CA');
    expect(detectLocale(null, ['fr-FR', 'en'])).toBe('fr-CA');
    expect(detectLocale('garbage', ['fr-CA'])).toBe('fr-CA');
  });

  it('else English', () => {
    expect(detectLocale(null, ['en-US', 'fr'])).toBe('en-CA');
    expect(detectLocale(null, ['es'])).toBe('en-CA');
    expect(detectLocale(null, [])).toBe('en-CA');
  });
});

describe('locale cookie', () => {
  it('is written for the whole site for a year, SameSite=Lax', () => {
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(serializeCookie('locale', 'fr-CA', { path: '/', maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: 'Lax' })).toBe(
      'locale=fr-CA; path=/; max-age=31536000; SameSite=Lax',
    );
  });

  it('is read back at start', () => {
    persistLocale('fr-CA');
    expect(readCookie('locale')).toBe('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(readInitialLocale()).toBe('fr-CA');
  });

  it('can be read from a Cookie header (for a server render)', () => {
    expect(readCookie('locale', 'a=1; locale=fr-CA; b=2')).toBe('fr-CA');
    expect(readCookie('locale', 'xlocale=fr-CA')).toBeNull();
  });
});
