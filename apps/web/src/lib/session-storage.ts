/**
 * The session's credentials in local storage (lib/session.ts): the user's and the operator's under keys
 * of their own, so an operator token never stands in for a user's, nor the reverse; and whose welcome
 * banner was dismissed. Storage that refuses (private mode, a full quota) leaves the session to the page.
 */
import type { SessionCredentials } from './session-state';

export const SESSION_STORAGE_KEY = 'servery.session';
export const OPERATOR_SESSION_STORAGE_KEY = 'servery.operator-session';
/**
 * The person whose welcome banner was dismissed in this sign-in (their id): a reload restores the
 * session without the banner; a new sign-in forgets it and welcomes again (issue 31, defect 8).
 */
export const WELCOME_DISMISSED_STORAGE_KEY = 'servery.welcome-dismissed';

function readCredentials(key: string): SessionCredentials | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionCredentials>;
    if (typeof parsed.token !== 'string' || parsed.token === '') return null;
    if (typeof parsed.userId !== 'number' || !Number.isInteger(parsed.userId) || parsed.userId <= 0) return null;
    return { token: parsed.token, userId: parsed.userId };
  } catch {
    return null;
  }
}

export function writeCredentials(key: string, credentials: SessionCredentials | null): void {
  try {
    if (credentials) globalThis.localStorage?.setItem(key, JSON.stringify(credentials));
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // Private mode or a full quota: the session lasts as long as the page.
  }
}

export function readStoredCredentials(): SessionCredentials | null {
  return readCredentials(SESSION_STORAGE_KEY);
}

export function readStoredOperatorCredentials(): SessionCredentials | null {
  return readCredentials(OPERATOR_SESSION_STORAGE_KEY);
}

/** The person whose welcome was dismissed in this sign-in is this one. */
export function welcomeDismissed(userId: number): boolean {
  try {
    return globalThis.localStorage?.getItem(WELCOME_DISMISSED_STORAGE_KEY) === String(userId);
  } catch {
    return false;
  }
}

export function rememberWelcomeDismissed(userId: number | null): void {
  try {
    if (userId !== null) globalThis.localStorage?.setItem(WELCOME_DISMISSED_STORAGE_KEY, String(userId));
    else globalThis.localStorage?.removeItem(WELCOME_DISMISSED_STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the banner comes back on the next load, nothing worse.
  }
}

const LOGIN_AS_FROM_STORAGE_KEY = 'servery.login-as-from';

/**
 * The operator screen a login-as started from (features/suite-operator/order-for-suite.tsx), for the
 * login-as banner's "Back to suites" and "Stop acting" (features/account/welcome-banner.tsx). Kept
 * in the tab (sessionStorage): another tab's login-as starts from its own screen.
 */
export function rememberLoginAsFrom(path: string | null): void {
  try {
    if (path) globalThis.sessionStorage?.setItem(LOGIN_AS_FROM_STORAGE_KEY, path);
    else globalThis.sessionStorage?.removeItem(LOGIN_AS_FROM_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the banner falls back to the venue's events.
  }
}

export function loginAsFrom(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(LOGIN_AS_FROM_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
