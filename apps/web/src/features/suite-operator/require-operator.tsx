import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RestaurantLogo, useRestaurantTheme } from '../../components/restaurant-shell/restaurant-frame';
import { useRestaurant } from '../../components/restaurant-shell/use-restaurant';
import { Spinner } from '../../components/ui/spinner';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { useOperatorSession, useSession, type OperatorSession } from '../../lib/session';
import { useSignOutMutation } from '../../lib/session-mutations';

export type SignedInOperator = Extract<OperatorSession, { status: 'authenticated' }>;

/** Operator screens keep this query, so that a reload restores the operator (the first-navigation decision). */
export const OPERATOR_QUERY = 'suiteOperator=true';

/**
 * The login's query naming why it was opened: an operator screen needs an operator account
 * (features/account/login-screen.tsx says so; issue 31 defect 3).
 */
export const OPERATOR_NEEDED = 'operator';

/**
 * The guard of the operator-only screens (spec section 2): while the session is restored a spinner;
 * without a suite operator (none, or a diner), /login in operator mode for this venue, saying an
 * operator account is needed; an operator of other venues is told they are not assigned here
 * (spec: "user not assigned to this suite"); an operator of this venue gets the screen, with the
 * way to sign out, in the venue's theme with its logo.
 */
export function RequireOperator({ children }: { children: (operator: SignedInOperator, slug: string) => ReactNode }) {
  const session = useSession();
  const operator = useOperatorSession();
  const { restaurantSlug = '' } = useParams();
  if (operator.status === 'authenticated') {
    return (
      <>
        <div className="operator-top">
          <VenueBrand slug={restaurantSlug} />
          <OperatorSignOut slug={restaurantSlug} />
        </div>
        {operatesVenue(operator.user, restaurantSlug) ? (
          children(operator, restaurantSlug)
        ) : (
          <NotAssigned venues={operator.user.operatorVenues ?? []} />
        )}
      </>
    );
  }
  if (session.status === 'unknown' || session.status === 'restoring') return <Spinner />;
  const query = new URLSearchParams({ suiteOperator: 'true', restaurant: restaurantSlug, reason: OPERATOR_NEEDED });
  return <Navigate to={`${ROUTE_PATHS.Login}?${query.toString()}`} replace />;
}

/**
 * The venue's theme and logo, as its diners see them (components/restaurant-shell/restaurant-frame.tsx):
 * the operator's screens are the venue's too. The restaurant query is the header's (one request).
 */
function VenueBrand({ slug }: { slug: string }) {
  const { state } = useRestaurant(slug);
  const restaurant = state.status === 'ready' ? state.restaurant : null;
  useRestaurantTheme(restaurant);
  return restaurant ? <RestaurantLogo restaurant={restaurant} /> : null;
}

/** Whether the operator works this venue (the sign-in lists its venues; an older answer without the list is taken as it comes). */
function operatesVenue(user: SignedInOperator['user'], slug: string): boolean {
  return user.suiteOperator && (user.operatorVenues === undefined || user.operatorVenues.includes(slug));
}

function NotAssigned({ venues }: { venues: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <section className="operator-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('screens.OperatorEventList.title')}</h1>
      <div className="inline-error" role="alert">
        <p>{t('suites.notAssigned')}</p>
      </div>
      <ul className="operator-venues">
        {venues.map((venue) => (
          <li key={venue}>
            <Link to={`${pathTo('OperatorEventList', { restaurantSlug: venue })}?${OPERATOR_QUERY}`}>
              {t('suites.yourEvents', { venue })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Signs the operator (and a login-as user beside) out, then the operator login of this venue. */
function OperatorSignOut({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOutMutation();
  const leave = () => void navigate(`${ROUTE_PATHS.Login}?${new URLSearchParams({ suiteOperator: 'true', restaurant: slug }).toString()}`);
  return (
    <div className="operator-sign-out">
      <button
        type="button"
        className="button"
        disabled={signOut.isPending}
        // The page is signed out whether or not the server's logout answered (lib/session-mutations.ts).
        onClick={() => signOut.mutate(undefined, { onSettled: leave })}
      >
        {t('suites.signOut')}
      </button>
    </div>
  );
}
