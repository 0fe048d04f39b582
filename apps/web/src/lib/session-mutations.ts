import type { AccountUser, AuthResponse } from '@servery/contracts/accounts';
import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { createApiClient } from './api';
import { useSessionActions, type SessionActions, type SignInKind, type UserChangeReason } from './session';
import { useLocale } from './use-locale';

/**
 * The session's writes as TanStack mutations (docs/decisions/0054-session-in-the-query-cache.md).
 * The call is the caller's (login-native, register-user, a social login, a staff sign-in, an
 * accepted invitation, an operator's login-as, edit-user, a card): feature code owns its endpoints,
 * and lib may not import features. What the answer does to the session is here, on the client of
 * the tree: it is written into the session's cache entry before `mutateAsync` resolves, so the
 * screen that navigates next already reads the new session.
 */

/**
 * A sign-in: on success `onSignedIn` writes the answer with the session's actions (signIn,
 * signInOperator). If it throws (an operator login answered for a diner), the mutation fails with
 * that error and nothing is written.
 */
export function useSignInMutation<TVariables, TAnswer extends AuthResponse = AuthResponse>(options: {
  mutationFn: (variables: TVariables) => Promise<TAnswer>;
  onSignedIn: (answer: TAnswer, session: SessionActions, variables: TVariables) => void;
}): UseMutationResult<TAnswer, unknown, TVariables> {
  const session = useSessionActions();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (answer, variables) => options.onSignedIn(answer, session, variables),
  });
}

/**
 * The usual ending of a staff sign-in: an operator's answer is an operator session, any other a
 * user's. `how` is the spec's (accounts-and-suites.md, Banners): a sign-in to an existing account
 * is a login and welcomes, as a reload of that session then does; a new account (an invitation
 * accepted by someone without one) is a registration and does not.
 */
export function signInAnswer(session: SessionActions, answer: AuthResponse, how: Exclude<SignInKind, 'restore'>): void {
  if (answer.user.suiteOperator) session.signInOperator(answer);
  else session.signIn(answer, how);
}

/**
 * Sign-out: logs user and operator out on the server, then always clears the session and removes
 * the signed-out person's cached data (`clearSession`). A failed server call still leaves the page
 * signed out; the mutation then fails with it, for the screen to say so.
 */
export function useSignOutMutation(): UseMutationResult<void, unknown, void> {
  const session = useSessionActions();
  const { locale } = useLocale();
  return useMutation({ mutationFn: () => session.logOut(createApiClient({ locale })) });
}

/**
 * A change to the signed-in user (edit-user, a subsidy code, a saved or removed card): the answer's
 * user replaces the session's, and `reason` tells the checkout why (it resets its payment info).
 * `mutationFn` answers the new user, or null when the server changed it without sending it back.
 */
export function useUserMutation<TVariables, TAnswer>(options: {
  mutationFn: (variables: TVariables) => Promise<TAnswer>;
  user: (answer: TAnswer, variables: TVariables) => AccountUser | null;
  reason?: UserChangeReason;
  /** Queries that hold the same fact elsewhere (a subsidy code's own query): read again once written. */
  invalidates?: QueryKey[];
}): UseMutationResult<TAnswer, unknown, TVariables> {
  const session = useSessionActions();
  const queryClient = useQueryClient();
  const reason = options.reason ?? 'edit';
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (answer, variables) => {
      const user = options.user(answer, variables);
      if (user) session.updateSessionUser(user, reason);
      else session.noteUserChanged(reason);
      for (const queryKey of options.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
