import type { AccountUser, AuthResponse } from '@servery/contracts/accounts';
import { displayFullName } from '@servery/domain/names';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { decideSignInMode, safeRedirect, useSessionActions } from '../../lib/session';

/**
 * Where a signed-in user goes from /login (spec accounts-and-suites.md section 2, Guards), and the one
 * function that finishes every sign-in: e-mail login, registration and social login.
 */

/** Paths whose first segment is not a restaurant slug. */
const RESERVED = new Set(
  Object.values(ROUTE_PATHS)
    .map((path) => path.split('/')[1] ?? '')
    .filter((segment) => segment !== '' && !segment.startsWith(':')),
);
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const REMEMBERED_KEY = 'servery.last-restaurant';

/** The restaurant of an address (`/maple-bistro`, `/maple-bistro/landing`), or null. */
export function restaurantSlugOf(pathname: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  return SLUG.test(first) && !RESERVED.has(first) ? first : null;
}

/** Keeps the restaurant the diner last looked at (for this tab), to go back to it after login. */
export function rememberRestaurant(slug: string): void {
  try {
    globalThis.sessionStorage?.setItem(REMEMBERED_KEY, slug);
  } catch {
    // Storage refused: login then ends on /profile.
  }
}

export function rememberedRestaurant(): string | null {
  try {
    const slug = globalThis.sessionStorage?.getItem(REMEMBERED_KEY) ?? null;
    return slug && SLUG.test(slug) ? slug : null;
  } catch {
    return null;
  }
}

/** The restaurant a login is for: the `restaurant` query, else the one the diner came from. */
export function restaurantForLogin(search: string): string | null {
  const named = new URLSearchParams(search).get('restaurant')?.trim() ?? '';
  return SLUG.test(named) ? named : rememberedRestaurant();
}

function withQuery(path: string, query: URLSearchParams): string {
  const rest = query.toString();
  if (rest === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${rest}`;
}

/** "Dana Diner", "Dana", or the e-mail when the account has no name (spec section 5, full name). */
export function accountName(user: AccountUser): string {
  return displayFullName({ first_name: user.firstName, last_name: user.lastName }) ?? user.email;
}

/** First name, last name and phone number: what an event suite needs of its guest. */
export function lacksContactDetails(user: AccountUser): boolean {
  return user.firstName.trim() === '' || user.lastName.trim() === '' || !user.phoneNumber;
}

/**
 * With eventSuite: missing name or phone → user information; no saved card → payment methods.
 * Otherwise the safe `redirect` path, else the restaurant (the `restaurant` query or the one the
 * diner came from), else /profile. The rest of the query follows.
 */
export function postLoginPath(user: AccountUser, search: string, remembered: string | null = rememberedRestaurant()): string {
  const query = new URLSearchParams(search);
  const redirect = safeRedirect(query.get('redirect'));
  query.delete('redirect');
  if (query.get('eventSuite')) {
    if (lacksContactDetails(user)) return withQuery(ROUTE_PATHS.UserInformation, query);
    if (user.paymentMethods.length === 0) return withQuery(ROUTE_PATHS.UserPaymentMethods, query);
  }
  if (redirect) return withQuery(redirect, query);
  const named = query.get('restaurant')?.trim() ?? '';
  const slug = SLUG.test(named) ? named : remembered;
  if (slug) {
    query.delete('restaurant');
    return withQuery(pathTo('Menu', { restaurantSlug: slug }), query);
  }
  return withQuery(ROUTE_PATHS.ProfileSettings, query);
}

/** An operator login answered for an account without the operator flag (spec: "not an operator"). */
export class NotAnOperatorError extends Error {
  override readonly name = 'NotAnOperatorError';
}

export type FinishSignIn = (response: AuthResponse, options: { registered: boolean }) => void;

/**
 * finishSignIn: what every sign-in ends with (e-mail login, registration, social login). An answer
 * flagged suiteOperator becomes the operator's session (kept apart) and goes to the restaurant's
 * events; in operator mode any other answer is refused (NotAnOperatorError, thrown). A user's
 * session shows the welcome banner unless it was a registration, turns login-as on when an operator
 * is signed in and eventSuite is set, and goes where `postLoginPath` says.
 */
export function useFinishSignIn(): FinishSignIn {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { getOperatorSession, signIn, signInOperator } = useSessionActions();
  // Social sign-in comes back after a navigation: read the query of the moment, not of a past render.
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);

  return useCallback(
    (response: AuthResponse, { registered }: { registered: boolean }) => {
      const current = searchRef.current;
      const mode = decideSignInMode(current);
      if (response.user.suiteOperator) {
        signInOperator(response);
        // The venue of the link, else the first the operator operates (never left waiting on the login screen).
        const slug = restaurantForLogin(current) ?? response.user.operatorVenues?.[0] ?? null;
        const query = new URLSearchParams(current);
        query.delete('restaurant');
        query.delete('redirect');
        // Why the login was opened (an operator screen's guard) is said on the login only.
        query.delete('reason');
        // Kept on every operator screen: a reload restores the operator (first-navigation decision).
        query.set('suiteOperator', 'true');
        const target = slug ? pathTo('OperatorEventList', { restaurantSlug: slug }) : ROUTE_PATHS.ProfileSettings;
        void navigate(withQuery(target, query), { replace: true });
        return;
      }
      if (mode === 'operator') throw new NotAnOperatorError('not an operator');
      signIn(response, registered ? 'register' : 'login', {
        loginAs: mode === 'login-as' && getOperatorSession().status === 'authenticated',
      });
      void navigate(postLoginPath(response.user, current), { replace: true });
    },
    [getOperatorSession, navigate, signIn, signInOperator],
  );
}
