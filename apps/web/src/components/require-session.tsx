import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from './ui/spinner';
import { ROUTE_PATHS } from '../lib/route-paths';
import { endLoginAs, useSession, type AuthenticatedSession } from '../lib/session';

/**
 * /login for a visitor without a session. The current query is kept, plus `redirect` (the path to
 * come back to after login); on event day (eventDayOrdering) only the suiteOperator query is kept.
 */
export function loginRedirectPath(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  if (query.has('eventDayOrdering')) {
    const suiteOperator = query.get('suiteOperator');
    return suiteOperator === null ? ROUTE_PATHS.Login : `${ROUTE_PATHS.Login}?${new URLSearchParams({ suiteOperator }).toString()}`;
  }
  query.set('redirect', pathname);
  return `${ROUTE_PATHS.Login}?${query.toString()}`;
}

/**
 * The guard of the web-user-only screens (spec section 2): while stored credentials are checked a
 * spinner; without a user, /login (login-as ends on event day); with one, the screen.
 */
export function RequireSession({ children }: { children: (session: AuthenticatedSession) => ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const anonymous = session.status === 'anonymous';
  const eventDay = new URLSearchParams(search).has('eventDayOrdering');
  useEffect(() => {
    if (anonymous && eventDay) endLoginAs();
  }, [anonymous, eventDay]);
  if (session.status === 'authenticated') return children(session);
  if (anonymous) return <Navigate to={loginRedirectPath(pathname, search)} replace />;
  return <Spinner />;
}
