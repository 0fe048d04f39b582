/**
 * Restoring a session from storage at start, by the first address's decision (lib/session.ts
 * `startSession`), and what a sign-in makes of the session's entry.
 */
import type { AuthResponse } from '@servery/contracts/accounts';
import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '../i18n/locales';
import { createApiClient, isAbortError, isApiError, type ApiClient } from './api';
import { queryKeys } from './query-keys';
import { notifySessionCleared } from './session-events';
import {
  ANONYMOUS,
  bearer,
  changed,
  EMPTY,
  NO_OPERATOR,
  type OperatorSession,
  type SessionCredentials,
  type SessionSnapshot,
  type SignInKind,
  type SignInMode,
} from './session-state';
import {
  OPERATOR_SESSION_STORAGE_KEY,
  readStoredCredentials,
  readStoredOperatorCredentials,
  rememberWelcomeDismissed,
  SESSION_STORAGE_KEY,
  welcomeDismissed,
  writeCredentials,
} from './session-storage';

/** suiteOperator and eventSuite: login-as; suiteOperator alone: operator login; else the user's session. */
export function decideSignInMode(search: string): SignInMode {
  const query = new URLSearchParams(search);
  const operatorMode = query.has('suiteOperator') && query.get('suiteOperator') !== 'false';
  if (operatorMode && query.get('eventSuite')) return 'login-as';
  if (operatorMode) return 'operator';
  return 'user';
}

export interface SessionStartOptions {
  locale: Locale;
  /** The first address's query: it decides the mode. */
  search: string;
  /** The restaurant of the first address (id or slug), so credits and students are that restaurant's. */
  restaurant?: string | null;
  fetch?: typeof fetch;
}

/** A client that never treats 201 as "go to /login": a failed restore only means "logged out". */
function quietClient(options: SessionStartOptions): ApiClient {
  return createApiClient({ locale: options.locale, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

async function fetchUser(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string | null | undefined,
  signal: AbortSignal,
): Promise<AuthResponse> {
  return client.request<AuthResponse>('/api/auth/get-salata-user-info', {
    method: 'POST',
    body: { userId: credentials.userId, token: credentials.token },
    signal,
    ...(restaurant ? { headers: { 'X-Restaurant-Id': restaurant } } : {}),
  });
}

/** Ends a session on the server; only the page can tell it which token, and only if there is one. */
export function serverLogout(client: ApiClient, credentials: SessionCredentials | null): Promise<unknown> {
  if (!credentials) return Promise.resolve();
  return client.request('/api/auth/logout', { method: 'POST', body: { accessToken: credentials.token }, headers: bearer(credentials) });
}

/** A sign-in or sign-out cancelled the restore: nothing it found may be written any more. */
function ensureNotCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new DOMException('The session changed during the restore', 'AbortError');
}

/**
 * The session query's function: restores stored credentials by the first-navigation decision.
 * Login-as restores the operator then the user; operator mode the operator only; otherwise the
 * user, and stored operator credentials are logged out (an operator outside login-as is not signed
 * in as a diner). A failed user restore logs the user out (spec section 4).
 */
export async function restoreSession(
  queryClient: QueryClient,
  options: SessionStartOptions,
  signal: AbortSignal,
): Promise<SessionSnapshot> {
  const client = quietClient(options);
  const mode = decideSignInMode(options.search);
  const userCredentials = readStoredCredentials();
  const operatorCredentials = readStoredOperatorCredentials();
  const before = queryClient.getQueryData<SessionSnapshot>(queryKeys.session) ?? EMPTY;
  const anonymous = (operator: OperatorSession): SessionSnapshot => ({ ...before, user: ANONYMOUS, operator });

  if (mode === 'user' && operatorCredentials) {
    writeCredentials(OPERATOR_SESSION_STORAGE_KEY, null);
    void serverLogout(client, operatorCredentials).catch(() => undefined);
    if (userCredentials) {
      writeCredentials(SESSION_STORAGE_KEY, null);
      void serverLogout(client, userCredentials).catch(() => undefined);
    }
    return anonymous(NO_OPERATOR);
  }

  let operator: OperatorSession = before.operator;
  if (mode !== 'user' && operatorCredentials) {
    try {
      const answer = await fetchUser(client, operatorCredentials, options.restaurant, signal);
      if (!answer.user.suiteOperator) throw new Error('not an operator');
      operator = { status: 'authenticated', credentials: operatorCredentials, user: answer.user };
    } catch (error) {
      ensureNotCancelled(signal);
      if (isAbortError(error)) throw error;
      writeCredentials(OPERATOR_SESSION_STORAGE_KEY, null);
    }
  }

  if (mode === 'operator' || !userCredentials) return anonymous(operator);

  try {
    const answer = await fetchUser(client, userCredentials, options.restaurant, signal);
    ensureNotCancelled(signal);
    const loginAs = mode === 'login-as' && operator.status === 'authenticated';
    return {
      ...signedIn(before, answer, 'restore', { loginAs }),
      operator,
    };
  } catch (error) {
    // A login or logout while the restore was under way wins: leave its credentials alone.
    ensureNotCancelled(signal);
    if (isAbortError(error)) throw error;
    writeCredentials(SESSION_STORAGE_KEY, null);
    // The HttpOnly user cookie may still hold a token the page no longer trusts: the server clears it
    // (naming the stale token keeps an operator's cookie out of it).
    void client.request('/api/auth/logout', { method: 'POST', body: { accessToken: userCredentials.token } }).catch(() => undefined);
    // The server ended this sign-in (revoked, expired): its saved carts go, as after a logout (issue 31,
    // defect 8). A network failure or a 5xx says nothing about the session, so the carts stay then.
    if (isApiError(error) && (error.sessionExpired || error.status === 401 || error.status === 403)) notifySessionCleared();
    return anonymous(operator);
  }
}

/** The snapshot after a user sign-in; writes the credentials. */
export function signedIn(before: SessionSnapshot, answer: AuthResponse, how: SignInKind, options: { loginAs?: boolean }): SessionSnapshot {
  const credentials = { token: answer.token, userId: answer.user.id };
  writeCredentials(SESSION_STORAGE_KEY, credentials);
  // A restore of the session whose welcome was dismissed shows none; any other sign-in forgets that dismissal.
  const dismissed = how === 'restore' && welcomeDismissed(answer.user.id);
  if (how !== 'restore') rememberWelcomeDismissed(null);
  return {
    ...before,
    user: { status: 'authenticated', credentials, user: answer.user },
    banners: { welcome: how !== 'register' && !dismissed, loginAs: options.loginAs ?? before.banners.loginAs },
    change: changed(before, how),
  };
}
