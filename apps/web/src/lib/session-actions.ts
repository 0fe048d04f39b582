/** Everything that reads or changes the session, on one QueryClient (lib/session.ts). */
import type { AccountUser, AuthResponse } from '@servery/contracts/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from './api';
import { queryKeys, userOwnedKeys } from './query-keys';
import { notifySessionCleared, notifySessionExpired } from './session-events';
import { restoreSession, serverLogout, signedIn, type SessionStartOptions } from './session-restore';
import {
  ANONYMOUS,
  changed,
  EMPTY,
  NO_BANNERS,
  NO_OPERATOR,
  type OperatorSession,
  type SessionBanners,
  type SessionSnapshot,
  type SessionState,
  type SignInKind,
  type UserChange,
  type UserChangeReason,
} from './session-state';
import {
  OPERATOR_SESSION_STORAGE_KEY,
  readStoredCredentials,
  readStoredOperatorCredentials,
  rememberWelcomeDismissed,
  SESSION_STORAGE_KEY,
  writeCredentials,
} from './session-storage';

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
  /**
   * The operator stops acting as the user (the login-as banner): the acting session is logged out on
   * the server and forgotten here, the operator stays signed in. A failed server call is not the
   * operator's to fix: the acting token is forgotten all the same.
   */
  stopActing(client: ApiClient): Promise<void>;
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
    async stopActing(client) {
      const user = read().user;
      const credentials = userCredentials();
      writeCredentials(SESSION_STORAGE_KEY, null);
      write((before) => ({
        ...before,
        user: ANONYMOUS,
        banners: { ...before.banners, loginAs: false },
        change: changed(before, 'logout'),
      }));
      if (user.status === 'authenticated') removeUserData(queryClient, user.credentials.userId);
      await serverLogout(createApiClient({ locale: client.locale }), credentials).catch(() => undefined);
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
      notifySessionCleared();
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
        notifySessionExpired();
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
