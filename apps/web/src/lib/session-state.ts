/** The session's shapes (lib/session.ts): the user's and the operator's, the banners, the user's changes, the cache entry. */
import type { AccountUser } from '@servery/contracts/accounts';

export interface SessionCredentials {
  token: string;
  userId: number;
}

export type SessionState =
  /** Not looked at yet (the server render and the first client render). */
  | { status: 'unknown' }
  /** Stored credentials are being checked with get-salata-user-info. */
  | { status: 'restoring' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; credentials: SessionCredentials; user: AccountUser };

export type AuthenticatedSession = Extract<SessionState, { status: 'authenticated' }>;

/** The suite operator's own session, apart from the user's. */
export type OperatorSession = { status: 'none' } | { status: 'authenticated'; credentials: SessionCredentials; user: AccountUser };

export interface SessionBanners {
  /** On after a restore, a login or a social login; off after a registration or once dismissed. */
  welcome: boolean;
  /** On while an operator acts as a user (login-as), restored or not. */
  loginAs: boolean;
}

/** Why the user changed: what the checkout reacts to (reset payment info; apply credits on login). */
export type UserChangeReason = 'none' | 'restore' | 'login' | 'register' | 'edit' | 'payment-methods' | 'operator' | 'logout';

export interface UserChange {
  /** Goes up by one on every change: a checkout resets its payment info when it moves. */
  version: number;
  reason: UserChangeReason;
}

/** How a user session started (a social login is a 'login'); only a registration leaves the welcome banner off. */
export type SignInKind = 'login' | 'register' | 'restore';

/** The first-navigation decision (spec section 2, Guards and first-navigation decision). */
export type SignInMode = 'login-as' | 'operator' | 'user';

export const UNKNOWN: SessionState = { status: 'unknown' };
export const RESTORING: SessionState = { status: 'restoring' };
export const ANONYMOUS: SessionState = { status: 'anonymous' };
export const NO_OPERATOR: OperatorSession = { status: 'none' };
export const NO_BANNERS: SessionBanners = { welcome: false, loginAs: false };
export const INITIAL_CHANGE: UserChange = { version: 0, reason: 'none' };

/** What the session's cache entry holds. */
export interface SessionSnapshot {
  user: SessionState;
  operator: OperatorSession;
  banners: SessionBanners;
  change: UserChange;
}

export const EMPTY: SessionSnapshot = { user: UNKNOWN, operator: NO_OPERATOR, banners: NO_BANNERS, change: INITIAL_CHANGE };

/** The next user change: its version moves up by one. */
export function changed(snapshot: SessionSnapshot, reason: UserChangeReason): UserChange {
  return { version: snapshot.change.version + 1, reason };
}

/** Account calls carry the credentials as a bearer token (the HttpOnly cookies are the page's other half). */
export function bearer(credentials: SessionCredentials): Record<string, string> {
  return { Authorization: `Bearer ${credentials.token}` };
}
