import type { AccountUser, AuthResponse } from '@servery/contracts/accounts';
import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Locale } from '../i18n/locales';
import { createApiClient, isAbortError, isApiError, type ApiClient } from './api';
import { ambientQueryClient } from './query-client';
import { queryKeys, userOwnedKeys } from './query-keys';
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
 *
 * All of it is one entry of the app's TanStack Query cache (`queryKeys.session`): the restore
 * (get-salata-user-info with the stored credentials) is its query function, and every sign-in,
 * sign-out and user change writes the entry with `setQueryData` after cancelling a restore in
 * flight (a login or logout while the restore is under way wins). One entry, not one per part, so a
 * sign-in changes user, banners and `UserChange` in one notification, as the checkout expects.
 * The module-level functions act on the page's one client (docs/decisions/0054-session-in-the-query-cache.md);
 * components use `useSessionActions()`, which acts on the client of their tree.
 */
export const SESSION_STORAGE_KEY = 'servery.session';
export const OPERATOR_SESSION_STORAGE_KEY = 'servery.operator-session';
/**
 * The person whose welcome banner was dismissed in this sign-in (their id): a reload restores the
 * session without the banner; a new sign-in forgets it and welcomes again (issue 31, defect 8).
 */
export const WELCOME_DISMISSED_STORAGE_KEY = 'servery.welcome-dismissed';

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
const RESTORING: SessionState = { status: 'restoring' };
const ANONYMOUS: SessionState = { status: 'anonymous' };
const NO_OPERATOR: OperatorSession = { status: 'none' };
const NO_BANNERS: SessionBanners = { welcome: false, loginAs: false };
const INITIAL_CHANGE: UserChange = { version: 0, reason: 'none' };

/** What the session's cache entry holds. */
export interface SessionSnapshot {
  user: SessionState;
  operator: OperatorSession;
  banners: SessionBanners;
  change: UserChange;
}

const EMPTY: SessionSnapshot = { user: UNKNOWN, operator: NO_OPERATOR, banners: NO_BANNERS, change: INITIAL_CHANGE };

// Events, not state: the app layer registers these once (the saved carts, the layout's /login).
const clearedListeners = new Set<() => void>();
const expiredListeners = new Set<() => void>();

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
function serverLogout(client: ApiClient, credentials: SessionCredentials | null): Promise<unknown> {
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
async function restoreSession(queryClient: QueryClient, options: SessionStartOptions, signal: AbortSignal): Promise<SessionSnapshot> {
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
    if (isApiError(error) && (error.sessionExpired || error.status === 401 || error.status === 403))
      for (const listener of clearedListeners) listener();
    return anonymous(operator);
  }
}

function changed(snapshot: SessionSnapshot, reason: UserChangeReason): UserChange {
  return { version: snapshot.change.version + 1, reason };
}

function welcomeDismissed(userId: number): boolean {
  try {
    return globalThis.localStorage?.getItem(WELCOME_DISMISSED_STORAGE_KEY) === String(userId);
  } catch {
    return false;
  }
}

function rememberWelcomeDismissed(userId: number | null): void {
  try {
    if (userId !== null) globalThis.localStorage?.setItem(WELCOME_DISMISSED_STORAGE_KEY, String(userId));
    else globalThis.localStorage?.removeItem(WELCOME_DISMISSED_STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the banner comes back on the next load, nothing worse.
  }
}

/** The snapshot after a user sign-in; writes the credentials. */
function signedIn(before: SessionSnapshot, answer: AuthResponse, how: SignInKind, options: { loginAs?: boolean }): SessionSnapshot {
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

/** Everything that reads or changes the session, on one QueryClient. */
export interface SessionActions {
  getSession(): SessionState;
  getOperatorSession(): OperatorSession;
  getSessionBanners(): SessionBanners;
  getUserChange(): UserChange;
  /**
   * After login, registration, social login or a restore: keeps the credentials and the user. Without
   * `how` it is a registration (the checkout's register-at-checkout), which shows no welcome banner.
   */
  signIn(answer: AuthResponse, how?: SignInKind, options?: { loginAs?: boolean }): void;
  /**
   * A login answer flagged suiteOperator: an operator session, kept apart. Starting one clears the
   * user unless login-as is active, and the user's payment choice goes with it (spec section 4).
   */
  signInOperator(answer: AuthResponse): void;
  /** A changed user (edit-user's answer, a saved card): the checkout resets its payment info. */
  updateSessionUser(user: AccountUser, reason?: UserChangeReason): void;
  /** The user changed on the server without a new user object (a card added elsewhere, ...). */
  noteUserChanged(reason: UserChangeReason): void;
  /** Login-as ends (an unauthenticated event-day visit, spec section 2 Guards). */
  endLoginAs(): void;
  dismissWelcomeBanner(): void;
  /**
   * Forgets the user and the operator locally (logout, a failed logout, an expired session), then runs
   * what the app registered with `onSessionCleared` (the saved carts).
   */
  clearSession(): void;
  /** Restores stored credentials once, at start (the session query's first fetch). */
  startSession(options: SessionStartOptions): Promise<void>;
  /**
   * Logs the user and the operator out on the server, each only if it has a token, then always clears
   * local state; a failed call is re-raised after the local state is gone (spec section 4).
   */
  logOut(client: ApiClient): Promise<void>;
  /**
   * An answer with code 201 on any call: the session expired. Logs user and operator out (the server
   * is told too, in case one of the two tokens still works), clears the carts, and tells the layout to
   * go to /login keeping the query.
   */
  expireSession(): void;
  /** Back to "not looked at yet" (tests). */
  resetSessionStore(): void;
}

let expiring = false;

/**
 * Removes a person's cached data (lists, snapshot, staff console) when they are no longer signed in
 * on this page: every user-owned prefix, or with `userId` only the keys that name that person (an
 * operator's own console stays when the user beside it goes). Removed, not invalidated: nothing of
 * theirs is shown again, and a screen that mounts for the next person asks afresh.
 */
export function removeUserData(queryClient: QueryClient, userId?: number): void {
  for (const queryKey of userOwnedKeys) {
    if (userId === undefined) queryClient.removeQueries({ queryKey });
    else queryClient.removeQueries({ queryKey, predicate: (query) => query.queryKey.includes(userId) });
  }
}

export function createSessionActions(queryClient: QueryClient): SessionActions {
  const read = (): SessionSnapshot => queryClient.getQueryData<SessionSnapshot>(queryKeys.session) ?? EMPTY;
  /** Cancels a restore in flight (its answer no longer counts), then writes the entry. */
  const write = (next: (before: SessionSnapshot) => SessionSnapshot): void => {
    void queryClient.cancelQueries({ queryKey: queryKeys.session, exact: true });
    queryClient.setQueryData<SessionSnapshot>(queryKeys.session, next(read()));
  };
  const setBanners = (banners: Partial<SessionBanners>) => write((before) => ({ ...before, banners: { ...before.banners, ...banners } }));
  const userCredentials = () => {
    const user = read().user;
    return user.status === 'authenticated' ? user.credentials : readStoredCredentials();
  };
  const operatorCredentials = () => {
    const operator = read().operator;
    return operator.status === 'authenticated' ? operator.credentials : readStoredOperatorCredentials();
  };

  const actions: SessionActions = {
    getSession: () => read().user,
    getOperatorSession: () => read().operator,
    getSessionBanners: () => read().banners,
    getUserChange: () => read().change,
    signIn(answer, how = 'register', options = {}) {
      const before = read().user;
      // Another person on the same page (login-as for another guest): the last one's data goes.
      if (before.status === 'authenticated' && before.credentials.userId !== answer.user.id)
        removeUserData(queryClient, before.credentials.userId);
      write((snapshot) => signedIn(snapshot, answer, how, options));
    },
    signInOperator(answer) {
      const credentials = { token: answer.token, userId: answer.user.id };
      writeCredentials(OPERATOR_SESSION_STORAGE_KEY, credentials);
      write((before) => {
        const keepUser = before.banners.loginAs;
        if (!keepUser) writeCredentials(SESSION_STORAGE_KEY, null);
        if (!keepUser && before.user.status === 'authenticated') removeUserData(queryClient, before.user.credentials.userId);
        return {
          ...before,
          user: keepUser ? before.user : ANONYMOUS,
          operator: { status: 'authenticated', credentials, user: answer.user },
          change: changed(before, 'operator'),
        };
      });
    },
    updateSessionUser(user, reason = 'edit') {
      if (read().user.status !== 'authenticated') return;
      write((before) =>
        before.user.status === 'authenticated' ? { ...before, user: { ...before.user, user }, change: changed(before, reason) } : before,
      );
    },
    noteUserChanged(reason) {
      write((before) => ({ ...before, change: changed(before, reason) }));
    },
    endLoginAs() {
      if (read().banners.loginAs) setBanners({ loginAs: false });
    },
    dismissWelcomeBanner() {
      const user = read().user;
      if (user.status === 'authenticated') rememberWelcomeDismissed(user.user.id);
      setBanners({ welcome: false });
    },
    clearSession() {
      writeCredentials(SESSION_STORAGE_KEY, null);
      writeCredentials(OPERATOR_SESSION_STORAGE_KEY, null);
      rememberWelcomeDismissed(null);
      write((before) => ({ user: ANONYMOUS, operator: NO_OPERATOR, banners: NO_BANNERS, change: changed(before, 'logout') }));
      removeUserData(queryClient);
      for (const listener of clearedListeners) listener();
    },
    async startSession(options) {
      if (read().user.status !== 'unknown') return;
      try {
        await queryClient.fetchQuery({
          queryKey: queryKeys.session,
          queryFn: ({ signal }) => restoreSession(queryClient, options, signal),
        });
      } catch {
        // Cancelled by a sign-in or sign-out, which wrote the session itself.
      }
    },
    async logOut(client) {
      const user = userCredentials();
      const op = operatorCredentials();
      const quiet = createApiClient({ locale: client.locale });
      const results = await Promise.allSettled([serverLogout(quiet, user), serverLogout(quiet, op)]);
      actions.clearSession();
      const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
    expireSession() {
      if (expiring) return;
      expiring = true;
      try {
        const quiet = createApiClient({ locale: 'en-CA' });
        void serverLogout(quiet, userCredentials()).catch(() => undefined);
        void serverLogout(quiet, operatorCredentials()).catch(() => undefined);
        actions.clearSession();
        for (const listener of expiredListeners) listener();
      } finally {
        expiring = false;
      }
    },
    resetSessionStore() {
      void queryClient.cancelQueries({ queryKey: queryKeys.session, exact: true });
      queryClient.removeQueries({ queryKey: queryKeys.session, exact: true });
    },
  };
  return actions;
}

/** The session actions of the page's client (tests and code outside React; components use `useSessionActions`). */
const ambient = (): SessionActions => createSessionActions(ambientQueryClient());

export const getSession = (): SessionState => ambient().getSession();
export const getOperatorSession = (): OperatorSession => ambient().getOperatorSession();
export const getSessionBanners = (): SessionBanners => ambient().getSessionBanners();
export const getUserChange = (): UserChange => ambient().getUserChange();
export const signIn: SessionActions['signIn'] = (...args) => ambient().signIn(...args);
export const signInOperator: SessionActions['signInOperator'] = (answer) => ambient().signInOperator(answer);
export const updateSessionUser: SessionActions['updateSessionUser'] = (...args) => ambient().updateSessionUser(...args);
export const noteUserChanged: SessionActions['noteUserChanged'] = (reason) => ambient().noteUserChanged(reason);
export const endLoginAs = (): void => ambient().endLoginAs();
export const dismissWelcomeBanner = (): void => ambient().dismissWelcomeBanner();
export const clearSession = (): void => ambient().clearSession();
export const startSession = (options: SessionStartOptions): Promise<void> => ambient().startSession(options);
export const logOut = (client: ApiClient): Promise<void> => ambient().logOut(client);
export const expireSession = (): void => ambient().expireSession();
export const resetSessionStore = (): void => ambient().resetSessionStore();

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

/** The session actions on the client of this tree. */
export function useSessionActions(): SessionActions {
  const queryClient = useQueryClient();
  return useMemo(() => createSessionActions(queryClient), [queryClient]);
}

/**
 * Reads the session's cache entry without fetching it (the restore is started by `startSession`
 * with the first address's decision). While the restore runs and nothing is known yet: 'restoring'.
 */
function useSnapshot(): { snapshot: SessionSnapshot; restoring: boolean } {
  const { data, fetchStatus } = useQuery<SessionSnapshot>({ queryKey: queryKeys.session, queryFn: skipToken });
  return { snapshot: data ?? EMPTY, restoring: data === undefined && fetchStatus === 'fetching' };
}

/** The session, restored from storage the first time anything asks for it (the app asks at start). */
export function useSession(): SessionState {
  const { snapshot, restoring } = useSnapshot();
  const { locale } = useLocale();
  const actions = useSessionActions();
  useEffect(() => {
    void actions.startSession({ locale, search: globalThis.location?.search ?? '' });
  }, [actions, locale]);
  if (restoring && snapshot.user.status === 'unknown') return RESTORING;
  return snapshot.user;
}

export function useOperatorSession(): OperatorSession {
  return useSnapshot().snapshot.operator;
}

export function useSessionBanners(): SessionBanners {
  return useSnapshot().snapshot.banners;
}

/** What the checkout watches: `version` moves on login, logout, edit-user and card changes. */
export function useUserChange(): UserChange {
  return useSnapshot().snapshot.change;
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
  const { expireSession } = useSessionActions();
  const onExpired = useCallback(() => {
    expireSession();
    void navigate(loginPathKeepingQuery(search), { replace: true });
  }, [expireSession, navigate, search]);
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
