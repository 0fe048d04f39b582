import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useOperatorSession, useSession, type OperatorSession } from '../../lib/session';

export type SignedInOperator = Extract<OperatorSession, { status: 'authenticated' }>;

/** Operator screens keep this query, so that a reload restores the operator (the first-navigation decision). */
export const OPERATOR_QUERY = 'suiteOperator=true';

/**
 * The guard of the operator-only screens (spec section 2): while the session is restored a spinner;
 * without a suite operator of this venue (none, a diner, or an operator of another venue), /login in
 * operator mode for this venue; with one, the screen.
 */
export function RequireOperator({ children }: { children: (operator: SignedInOperator, slug: string) => ReactNode }) {
  const session = useSession();
  const operator = useOperatorSession();
  const { restaurantSlug = '' } = useParams();
  if (operator.status === 'authenticated' && operatesVenue(operator.user, restaurantSlug)) return children(operator, restaurantSlug);
  if (session.status === 'unknown' || session.status === 'restoring') return <Spinner />;
  const query = new URLSearchParams({ suiteOperator: 'true', restaurant: restaurantSlug });
  return <Navigate to={`${ROUTE_PATHS.Login}?${query.toString()}`} replace />;
}

/** Whether the operator works this venue (the sign-in lists its venues; an older answer without the list is taken as it comes). */
function operatesVenue(user: SignedInOperator['user'], slug: string): boolean {
  return user.suiteOperator && (user.operatorVenues === undefined || user.operatorVenues.includes(slug));
}
