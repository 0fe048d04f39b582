import type { MinimalEventInfo } from '@servery/contracts/suites';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { isPreOrderOpen } from '@servery/domain/event-suites';
import { Link, Navigate, useLocation } from 'react-router';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { useSession } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import { useResource } from '../../lib/use-resource';
import { EventName, EventTimes, PreOrderStateLine } from './suite-facts';
import { getMinimalEventInfo } from './suites-api';
import './suites.css';

/**
 * /{restaurant_slug}/landing (Landing): the event suite of the link (`?eventSuite=`, a plain id or
 * the server's sealed value) with its event, suite and lock time. A signed-in owner goes straight to
 * ordering for that suite; anyone else signs up or logs in first, and comes back to it. Without
 * eventSuite the landing has nothing to show and goes to the menu (spec section 2, Guards).
 */
export function SuiteLandingScreen() {
  return <RestaurantFrame>{(restaurant) => <SuiteLanding restaurant={restaurant} />}</RestaurantFrame>;
}

function SuiteLanding({ restaurant }: { restaurant: PublicRestaurant }) {
  const { search } = useLocation();
  const eventSuite = new URLSearchParams(search).get('eventSuite')?.trim() ?? '';
  if (eventSuite === '') return <Navigate to={`${pathTo('Menu', { restaurantSlug: restaurant.slug })}${search}`} replace />;
  return <EventSuiteLanding restaurant={restaurant} eventSuite={eventSuite} />;
}

function EventSuiteLanding({ restaurant, eventSuite }: { restaurant: PublicRestaurant; eventSuite: string }) {
  const { t } = useTranslation();
  const client = useApiClient(restaurant.id);
  const { state, reload } = useResource(eventSuite, (signal) => getMinimalEventInfo(client, restaurant.id, eventSuite, signal));
  if (state.status === 'error') {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, state.error)}</p>
        <button type="button" className="button" onClick={reload}>
          {t('suites.retry')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') return <Spinner />;
  return <LandingCard restaurant={restaurant} eventSuite={eventSuite} info={state.data} />;
}

function LandingCard({ restaurant, eventSuite, info }: { restaurant: PublicRestaurant; eventSuite: string; info: MinimalEventInfo }) {
  const { t } = useTranslation();
  const session = useSession();
  const now = useNow();
  const open = isPreOrderOpen(info.event, now);
  const query = new URLSearchParams({ eventSuite });
  const orderPath = `${pathTo('Menu', { restaurantSlug: restaurant.slug })}?${query.toString()}`;
  const loginQuery = new URLSearchParams({ eventSuite, restaurant: restaurant.slug });
  const viewMenu = `${pathTo('Menu', { restaurantSlug: restaurant.slug })}?viewOnly=true`;
  return (
    <section className="suite-card" aria-labelledby="landing-event">
      <h2 id="landing-event">
        <EventName event={info.event} />
      </h2>
      <p>{t('suites.suiteLine', { suite: info.eventSuite.suite.name, location: info.eventSuite.suite.location })}</p>
      <EventTimes event={info.event} zone={info.zone} />
      <PreOrderStateLine state={open ? 'not_submitted' : 'locked'} event={info.event} zone={info.zone} />
      <div className="suite-card__actions">
        {open && session.status === 'authenticated' && (
          <Link className="button button--primary" to={orderPath}>
            {t('suites.preOrderFor', { suite: info.eventSuite.suite.name })}
          </Link>
        )}
        {open && session.status === 'anonymous' && (
          <Link className="button button--primary" to={`${ROUTE_PATHS.Login}?${loginQuery.toString()}`}>
            {t('suites.logInToPreOrder')}
          </Link>
        )}
        {open && (session.status === 'unknown' || session.status === 'restoring') && <Spinner />}
        <Link className="button" to={viewMenu}>
          {t('suites.viewMenu')}
        </Link>
      </div>
    </section>
  );
}
