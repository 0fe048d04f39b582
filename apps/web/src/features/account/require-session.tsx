import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useSession, type AuthenticatedSession } from '../../lib/session';

/** /login with the current query plus `redirect` (the path to come back to after login). */
export function loginRedirectPath(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.set('redirect', pathname);
  return `${ROUTE_PATHS.Login}?${query.toString()}`;
}

/**
 * The guard of the web-user-only screens (spec section 2): while stored credentials are checked a
 * spinner; without a user, /login keeping the query; with one, the screen.
 */
export function RequireSession({ children }: { children: (session: AuthenticatedSession) => ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status === 'authenticated') return children(session);
  if (session.status === 'anonymous') return <Navigate to={loginRedirectPath(pathname, search)} replace />;
  return <Spinner />;
}
