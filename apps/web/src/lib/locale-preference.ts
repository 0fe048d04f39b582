import { DEFAULT_LOCALE, isLocale, toLocale, type Locale } from '../i18n/locales';
import { readCookie, writeCookie } from './cookies';

/** Cookie keys of spec accounts-and-suites.md section 9. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The diner's language: the `locale` cookie, else the browser's first language if it is French, else en-CA. */
export function detectLocale(cookieValue: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  const first = browserLanguages[0];
  return first ? toLocale(first) : DEFAULT_LOCALE;
}

export function readInitialLocale(): Locale {
  if (typeof navigator === 'undefined') return detectLocale(readCookie(LOCALE_COOKIE), []);
  const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return detectLocale(readCookie(LOCALE_COOKIE), languages);
}

/** Keeps the choice for a year and tells assistive technology which language the page is in. */
export function persistLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, { path: '/', maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: 'Lax' });
  applyDocumentLocale(locale);
}

/**
 * The page's language on <html>. Written only when it changes: writing `lang` again, even the same
 * value, has the browser restyle the whole page (2 ms on the 300-item menu the server rendered in
 * that language, four times that on a phone; docs/decisions/0049-menu-hydration-in-short-tasks.md).
 */
export function applyDocumentLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
}
