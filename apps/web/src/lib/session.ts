import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createApiClient, isApiError, type ApiClient } from './api';
import { ambientQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { ROUTE_PATHS } from './route-paths';
import { createSessionActions, type SessionActions } from './session-actions';
import type { SessionStartOptions } from './session-restore';
import {
  EMPTY,
  RESTORING,
  type OperatorSession,
  type SessionBanners,
  type SessionSnapshot,
  type SessionState,
  type UserChange,
} from './session-state';
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

// The session's public names stay importable from here, where its many importers (the ordering core,
// every feature, the tests) take them; each part is written in a module of its own concern
// (docs/decisions/0092-split-modules-keep-their-names.md).
export { createSessionActions, removeUserData, type SessionActions } from './session-actions';
export { onSessionCleared, onSessionExpired } from './session-events';
export { decideSignInMode, type SessionStartOptions } from './session-restore';
export {
  bearer,
  type AuthenticatedSession,
  type OperatorSession,
  type SessionBanners,
  type SessionCredentials,
  type SessionSnapshot,
  type SessionState,
  type SignInKind,
  type SignInMode,
  type UserChange,
  type UserChangeReason,
} from './session-state';
export {
  OPERATOR_SESSION_STORAGE_KEY,
  readStoredCredentials,
  readStoredOperatorCredentials,
  SESSION_STORAGE_KEY,
  WELCOME_DISMISSED_STORAGE_KEY,
} from './session-storage';

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
  const hydrating = useSyncExternalStore(neverChanges, afterHydration, inServerRenderAndHydration);
  // A part being hydrated renders what the server rendered, a session not looked at yet: the restore
  // can be back before a lazily loaded screen hydrates, and a signed-in first render of a screen
  // behind RequireSession then failed hydration (React #418 on /maple-school with a stored session).
  // React renders again with the session as soon as that part is hydrated.
  if (hydrating) return { snapshot: EMPTY, restoring: false };
  return { snapshot: data ?? EMPTY, restoring: data === undefined && fetchStatus === 'fetching' };
}

const neverChanges = () => () => {};
const afterHydration = () => false;
const inServerRenderAndHydration = () => true;

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
