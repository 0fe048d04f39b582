import { readCookie, writeCookie } from '../../lib/cookies';

/** The cookie that remembers "I am of legal drinking age" (spec accounts-and-suites.md section 9). */
export const LEGAL_COOKIE = 'legal';
export const LEGAL_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

export function hasAcceptedLegalAge(): boolean {
  return readCookie(LEGAL_COOKIE) !== null;
}

/** Kept for one day, for the whole site, so the question is asked once per visit rather than per drink. */
export function rememberLegalAge(accepted: boolean): void {
  writeCookie(LEGAL_COOKIE, 'true', { path: '/', sameSite: 'Lax', maxAgeSeconds: accepted ? LEGAL_COOKIE_MAX_AGE_SECONDS : 0 });
}
