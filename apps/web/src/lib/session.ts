import type { AccountUser, AuthResponse } from '@servery/contracts/accounts';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createApiClient, isApiError, type ApiClient } from './api';
import { ROUTE_PATHS } from './route-paths';
import { useApiClient } from './use-api-client';
import { useLocale } from './use-locale';

/**
 * The signed-in user (spec accounts-and-suites.md section 4, Session). The server keeps the token in
 * HttpOnly cookies the page cannot read, so the login answer's token and user id are also kept in
 * local storage and sent as `Authorization: Bearer` on account calls.
 */
export const SESSION_STORAGE_KEY = 'servery.session';

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

const UNKNOWN: SessionState = { status: 'unknown' };
const ANONYMOUS: SessionState = { status: 'anonymous' };

let state: SessionState = UNKNOWN;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

function getServerSession(): SessionState {
  return UNKNOWN;
}

export function readStoredCredentials(): SessionCredentials | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionCredentials>;
    if (typeof parsed.token !== 'string' || parsed.token === '') return null;
    if (typeof parsed.userId !== 'number' || !Number.isInteger(parsed.userId) || parsed.userId <= 0) return null;
    return { token: parsed.token, userId: parsed.userId };
  } catch {
    return null;
  }
}

function writeStoredCredentials(credentials: SessionCredentials | null): void {
  try {
    if (credentials) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(credentials));
    else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private mode or a full quota: the session lasts as long as the page.
  }
}

/** After login, registration or a restore: keeps the credentials and the user. */
export function signIn(answer: AuthResponse): void {
  const credentials = { token: answer.token, userId: answer.user.id };
  writeStoredCredentials(credentials);
  setState({ status: 'authenticated', credentials, user: answer.user });
}

/** A changed user (edit-user's answer). */
export function updateSessionUser(user: AccountUser): void {
  if (state.status === 'authenticated') setState({ ...state, user });
}

/** Forgets the user locally: logout, a failed logout, an expired session. */
export function clearSession(): void {
  writeStoredCredentials(null);
  setState(ANONYMOUS);
}

/** Back to "not looked at yet" (tests). */
export function resetSessionStore(): void {
  setState(UNKNOWN);
}

export function bearer(credentials: SessionCredentials): Record<string, string> {
  return { Authorization: `Bearer ${credentials.token}` };
}

/**
 * Restores stored credentials once: fetches the user; if that fails, or there are no credentials,
 * the user is logged out (spec section 4).
 */
export async function restoreSession(client: ApiClient): Promise<void> {
  if (state.status !== 'unknown') return;
  const credentials = readStoredCredentials();
  if (!credentials) {
    setState(ANONYMOUS);
    return;
  }
  setState({ status: 'restoring' });
  try {
    const answer = await client.request<AuthResponse>('/api/auth/get-salata-user-info', {
      method: 'POST',
      body: { userId: credentials.userId, token: credentials.token },
    });
    // A login or logout while the restore was under way wins.
    if (getSession().status === 'restoring') signIn(answer);
  } catch {
    if (getSession().status === 'restoring') clearSession();
  }
}

/**
 * Logs the user out on the server (only with a token), then always clears local state; a failed
 * call is re-raised after the local state is gone (spec section 4).
 */
export async function logOut(client: ApiClient): Promise<void> {
  const current = state;
  try {
    if (current.status === 'authenticated') {
      await client.request('/api/auth/logout', { method: 'POST', body: {}, headers: bearer(current.credentials) });
    }
  } finally {
    clearSession();
  }
}

/** The session, restored from storage in an effect the first time any screen asks for it. */
export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribe, getSession, getServerSession);
  const client = useApiClient();
  useEffect(() => {
    void restoreSession(client);
  }, [client]);
  return session;
}

/** `/login` with the current query (what an expired session and a logout go to). */
export function loginPathKeepingQuery(search: string): string {
  return `${ROUTE_PATHS.Login}${search}`;
}

/**
 * A client for account calls: an answer with code 201 (session expired) clears the session and goes
 * to /login keeping the query, before the caller sees the error.
 */
export function useAccountClient(): ApiClient {
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onSessionExpired = useCallback(() => {
    clearSession();
    void navigate(loginPathKeepingQuery(search), { replace: true });
  }, [navigate, search]);
  return useMemo(() => createApiClient({ locale, onSessionExpired }), [locale, onSessionExpired]);
}

/** True for an error the account client already handled by going to /login. */
export function isSessionExpired(error: unknown): boolean {
  return isApiError(error) && error.sessionExpired;
}

/** A `redirect` query value that stays on this site (a path, not `//host` or a full address). */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
