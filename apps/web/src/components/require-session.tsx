import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from './ui/spinner';
import { ROUTE_PATHS } from '../lib/route-paths';
import { useSession, useSessionActions, type AuthenticatedSession } from '../lib/session';

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
  const { endLoginAs } = useSessionActions();
  const { pathname, search } = useLocation();
  const anonymous = session.status === 'anonymous';
  const eventDay = new URLSearchParams(search).has('eventDayOrdering');
  useEffect(() => {
    if (anonymous && eventDay) endLoginAs();
  }, [anonymous, endLoginAs, eventDay]);
  if (session.status === 'authenticated') return children(session);
  if (anonymous) return <Navigate to={loginRedirectPath(pathname, search)} replace />;
  return <Spinner />;
}

/**
 * The guard of a menu taking an event-day suite order (`eventDayOrdering`: an operator's login-as
 * session for the suite). Without a session (none, or one that expired), login-as ends and the
 * visitor goes to /login with only the suiteOperator query (spec section 2, Guards), never left on
 * a menu whose orders the server would refuse. Any other menu is left as it is.
 */
export function RequireEventDaySession({ children }: { children: ReactNode }) {
  const session = useSession();
  const { endLoginAs } = useSessionActions();
  const { pathname, search } = useLocation();
  const eventDay = new URLSearchParams(search).has('eventDayOrdering');
  const anonymous = session.status === 'anonymous';
  useEffect(() => {
    if (anonymous && eventDay) endLoginAs();
  }, [anonymous, endLoginAs, eventDay]);
  if (!eventDay || session.status === 'authenticated') return <>{children}</>;
  if (anonymous) return <Navigate to={loginRedirectPath(pathname, search)} replace />;
  return <Spinner />;
}
