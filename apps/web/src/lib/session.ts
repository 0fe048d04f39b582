import type { AccountUser, AuthResponse } from '@servery/contracts/accounts';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Locale } from '../i18n/locales';
import { createApiClient, isApiError, type ApiClient } from './api';
import { ROUTE_PATHS } from './route-paths';
import { useLocale } from './use-locale';

/**
 * The signed-in user and operator (spec accounts-and-suites.md section 4, Session, Banners, Operator
 * and login-as, After user changes). The server keeps the tokens in HttpOnly cookies the page cannot
 * read, so the login answer's token and user id are also kept in local storage and sent as
 * `Authorization: Bearer` on account calls. Operator credentials are kept under their own key: an
 * operator token never stands in for a user's, nor the reverse.
 *
 * The app restores both at start (`SessionStart` in app/app.tsx) with the first-navigation decision;
 * a screen that renders outside the app (tests) restores on its first `useSession`.
 */
export const SESSION_STORAGE_KEY = 'servery.session';
export const OPERATOR_SESSION_STORAGE_KEY = 'servery.operator-session';

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

const UNKNOWN: SessionState = { status: 'unknown' };
const ANONYMOUS: SessionState = { status: 'anonymous' };
const NO_OPERATOR: OperatorSession = { status: 'none' };
const NO_BANNERS: SessionBanners = { welcome: false, loginAs: false };

let state: SessionState = UNKNOWN;
let operator: OperatorSession = NO_OPERATOR;
let banners: SessionBanners = NO_BANNERS;
let userChange: UserChange = { version: 0, reason: 'none' };
let started = false;
const listeners = new Set<() => void>();
const clearedListeners = new Set<() => void>();
const expiredListeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function setState(next: SessionState): void {
  state = next;
  emit();
}

function setBanners(next: Partial<SessionBanners>): void {
  banners = { ...banners, ...next };
  emit();
}

function changed(reason: UserChangeReason): void {
  userChange = { version: userChange.version + 1, reason };
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function getOperatorSession(): OperatorSession {
  return operator;
}

export function getSessionBanners(): SessionBanners {
  return banners;
}

export function getUserChange(): UserChange {
  return userChange;
}

const getServerSession = (): SessionState => UNKNOWN;
const getServerOperator = (): OperatorSession => NO_OPERATOR;
const getServerBanners = (): SessionBanners => NO_BANNERS;
const INITIAL_CHANGE: UserChange = { version: 0, reason: 'none' };
const getServerUserChange = (): UserChange => INITIAL_CHANGE;

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

function writeCredentials(key: string, credentials: SessionCredentials | null): void {
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

/**
 * After login, registration, social login or a restore: keeps the credentials and the user. Without
 * `how` it is a registration (the checkout's register-at-checkout), which shows no welcome banner.
 */
export function signIn(answer: AuthResponse, how: SignInKind = 'register', options: { loginAs?: boolean } = {}): void {
  const credentials = { token: answer.token, userId: answer.user.id };
  writeCredentials(SESSION_STORAGE_KEY, credentials);
  state = { status: 'authenticated', credentials, user: answer.user };
  banners = { welcome: how !== 'register', loginAs: options.loginAs ?? banners.loginAs };
  changed(how);
}

/**
 * A login answer flagged suiteOperator: an operator session, kept apart. Starting one clears the
 * user unless login-as is active, and the user's payment choice goes with it (spec section 4).
 */
export function signInOperator(answer: AuthResponse): void {
  const credentials = { token: answer.token, userId: answer.user.id };
  writeCredentials(OPERATOR_SESSION_STORAGE_KEY, credentials);
  operator = { status: 'authenticated', credentials, user: answer.user };
  if (!banners.loginAs) {
    writeCredentials(SESSION_STORAGE_KEY, null);
    state = ANONYMOUS;
  }
  changed('operator');
}

/** A changed user (edit-user's answer, a saved card): the checkout resets its payment info. */
export function updateSessionUser(user: AccountUser, reason: UserChangeReason = 'edit'): void {
  if (state.status !== 'authenticated') return;
  state = { ...state, user };
  changed(reason);
}

/** The user changed on the server without a new user object (a card added elsewhere, ...). */
export function noteUserChanged(reason: UserChangeReason): void {
  changed(reason);
}

/** Login-as ends (an unauthenticated event-day visit, spec section 2 Guards). */
export function endLoginAs(): void {
  if (banners.loginAs) setBanners({ loginAs: false });
}

export function dismissWelcomeBanner(): void {
  setBanners({ welcome: false });
}

/**
 * Forgets the user and the operator locally (logout, a failed logout, an expired session), then runs
 * what the app registered with `onSessionCleared` (the saved carts).
 */
export function clearSession(): void {
  writeCredentials(SESSION_STORAGE_KEY, null);
  writeCredentials(OPERATOR_SESSION_STORAGE_KEY, null);
  state = ANONYMOUS;
  operator = NO_OPERATOR;
  banners = NO_BANNERS;
  changed('logout');
  for (const listener of clearedListeners) listener();
}

/** Called after every `clearSession` (the app layer clears the saved carts here: lib may not import features). */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Called after an answer with code 201 cleared the session (the layout goes to /login keeping the query). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** Back to "not looked at yet" (tests). */
export function resetSessionStore(): void {
  state = UNKNOWN;
  operator = NO_OPERATOR;
  banners = NO_BANNERS;
  userChange = INITIAL_CHANGE;
  started = false;
  emit();
}

export function bearer(credentials: SessionCredentials): Record<string, string> {
  return { Authorization: `Bearer ${credentials.token}` };
}

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

async function fetchUser(client: ApiClient, credentials: SessionCredentials, restaurant: string | null | undefined): Promise<AuthResponse> {
  return client.request<AuthResponse>('/api/auth/get-salata-user-info', {
    method: 'POST',
    body: { userId: credentials.userId, token: credentials.token },
    ...(restaurant ? { headers: { 'X-Restaurant-Id': restaurant } } : {}),
  });
}

/** Ends a session on the server; only the page can tell it which token, and only if there is one. */
function serverLogout(client: ApiClient, credentials: SessionCredentials | null): Promise<unknown> {
  if (!credentials) return Promise.resolve();
  return client.request('/api/auth/logout', { method: 'POST', body: { accessToken: credentials.token }, headers: bearer(credentials) });
}

/**
 * Restores stored credentials once, at start, by the first-navigation decision: login-as restores
 * the operator then the user; operator mode the operator only; otherwise the user, and stored
 * operator credentials are logged out (an operator outside login-as is not signed in as a diner).
 * A failed user restore logs the user out (spec section 4).
 */
export async function startSession(options: SessionStartOptions): Promise<void> {
  if (started || state.status !== 'unknown') return;
  started = true;
  const client = quietClient(options);
  const mode = decideSignInMode(options.search);
  const userCredentials = readStoredCredentials();
  const operatorCredentials = readStoredOperatorCredentials();

  if (mode === 'user' && operatorCredentials) {
    writeCredentials(OPERATOR_SESSION_STORAGE_KEY, null);
    void serverLogout(client, operatorCredentials).catch(() => undefined);
    if (userCredentials) {
      writeCredentials(SESSION_STORAGE_KEY, null);
      void serverLogout(client, userCredentials).catch(() => undefined);
    }
    setState(ANONYMOUS);
    return;
  }

  if (mode !== 'user' && operatorCredentials) {
    try {
      const answer = await fetchUser(client, operatorCredentials, options.restaurant);
      if (!answer.user.suiteOperator) throw new Error('not an operator');
      operator = { status: 'authenticated', credentials: operatorCredentials, user: answer.user };
      emit();
    } catch {
      writeCredentials(OPERATOR_SESSION_STORAGE_KEY, null);
    }
  }

  if (mode === 'operator' || !userCredentials) {
    if (state.status === 'unknown') setState(ANONYMOUS);
    return;
  }

  setState({ status: 'restoring' });
  try {
    const answer = await fetchUser(client, userCredentials, options.restaurant);
    // A login or logout while the restore was under way wins.
    if (getSession().status !== 'restoring') return;
    signIn(answer, 'restore', { loginAs: mode === 'login-as' && operator.status === 'authenticated' });
  } catch {
    if (getSession().status !== 'restoring') return;
    writeCredentials(SESSION_STORAGE_KEY, null);
    setState(ANONYMOUS);
    // The HttpOnly user cookie may still hold a token the page no longer trusts: the server clears it
    // (naming the stale token keeps an operator's cookie out of it).
    void client.request('/api/auth/logout', { method: 'POST', body: { accessToken: userCredentials.token } }).catch(() => undefined);
  }
}

/** The older name of the user restore, for callers that have a client at hand. */
export function restoreSession(client: ApiClient): Promise<void> {
  return startSession({ locale: client.locale, search: globalThis.location?.search ?? '' });
}

/**
 * Logs the user and the operator out on the server, each only if it has a token, then always clears
 * local state; a failed call is re-raised after the local state is gone (spec section 4).
 */
export async function logOut(client: ApiClient): Promise<void> {
  const user = state.status === 'authenticated' ? state.credentials : readStoredCredentials();
  const op = operator.status === 'authenticated' ? operator.credentials : readStoredOperatorCredentials();
  const quiet = createApiClient({ locale: client.locale });
  const results = await Promise.allSettled([serverLogout(quiet, user), serverLogout(quiet, op)]);
  clearSession();
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
}

let expiring = false;

/**
 * An answer with code 201 on any call: the session expired. Logs user and operator out (the server
 * is told too, in case one of the two tokens still works), clears the carts, and tells the layout to
 * go to /login keeping the query.
 */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  try {
    const user = state.status === 'authenticated' ? state.credentials : readStoredCredentials();
    const op = operator.status === 'authenticated' ? operator.credentials : readStoredOperatorCredentials();
    const quiet = createApiClient({ locale: 'en-CA' });
    void serverLogout(quiet, user).catch(() => undefined);
    void serverLogout(quiet, op).catch(() => undefined);
    clearSession();
    for (const listener of expiredListeners) listener();
  } finally {
    expiring = false;
  }
}

/** The session, restored from storage the first time anything asks for it (the app asks at start). */
export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribe, getSession, getServerSession);
  const { locale } = useLocale();
  useEffect(() => {
    void startSession({ locale, search: globalThis.location?.search ?? '' });
  }, [locale]);
  return session;
}

export function useOperatorSession(): OperatorSession {
  return useSyncExternalStore(subscribe, getOperatorSession, getServerOperator);
}

export function useSessionBanners(): SessionBanners {
  return useSyncExternalStore(subscribe, getSessionBanners, getServerBanners);
}

/** What the checkout watches: `version` moves on login, logout, edit-user and card changes. */
export function useUserChange(): UserChange {
  return useSyncExternalStore(subscribe, getUserChange, getServerUserChange);
}

/** `/login` with the current query (what an expired session and a logout go to). */
export function loginPathKeepingQuery(search: string): string {
  return `${ROUTE_PATHS.Login}${search}`;
}

/**
 * A client for account calls: an answer with code 201 (session expired) logs out and goes to /login
 * keeping the query, before the caller sees the error.
 */
export function useAccountClient(): ApiClient {
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onExpired = useCallback(() => {
    expireSession();
    void navigate(loginPathKeepingQuery(search), { replace: true });
  }, [navigate, search]);
  return useMemo(() => createApiClient({ locale, onSessionExpired: onExpired }), [locale, onExpired]);
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
