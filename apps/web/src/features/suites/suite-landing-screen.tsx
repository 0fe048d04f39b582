import type { PreOrderState } from '@servery/contracts/suites';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { isPreOrderOpen } from '@servery/domain/event-suites';
import { Link, Navigate, useLocation } from 'react-router';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { useSession } from '../../lib/session';
import { useEventSuite, type EventSuiteView } from './event-suite';
import { EventName, EventTimes, PreOrderStateLine } from './suite-facts';
import './suites.css';
import { localizedField, localizedName } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';

/**
 * /{restaurant_slug}/landing (Landing): the event suite of the link (`?eventSuite=`, a plain id or
 * the server's sealed value) with its event, suite and lock time. A signed-in owner sees their
 * pre-order's state and goes straight to ordering (or changing it) for that suite; another account is
 * told the suite is its owner's; a visitor logs in first, and comes back to it. Without
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
  const suite = useEventSuite(restaurant.id, eventSuite, true);
  if (suite.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, suite.error)}</p>
        <button type="button" className="button" onClick={() => void suite.refetch()}>
          {t('suites.retry')}
        </button>
      </div>
    );
  }
  if (!suite.isSuccess) return <Spinner />;
  return <LandingCard restaurant={restaurant} eventSuite={eventSuite} view={suite.data} />;
}

function LandingCard({ restaurant, eventSuite, view }: { restaurant: PublicRestaurant; eventSuite: string; view: EventSuiteView }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const session = useSession();
  const now = useNow();
  const { info, owner } = view;
  const suiteName = localizedName(info.eventSuite.suite, locale);
  // The owner sees their pre-order's real state (modify until, locked); anyone else whether it is still open.
  const state: PreOrderState = owner ? owner.eventSuite.state : isPreOrderOpen(info.event, now) ? 'not_submitted' : 'locked';
  const open = state !== 'locked';
  const query = new URLSearchParams({ eventSuite });
  const orderPath = `${pathTo('Menu', { restaurantSlug: restaurant.slug })}?${query.toString()}`;
  const loginQuery = new URLSearchParams({ eventSuite, restaurant: restaurant.slug });
  const viewMenu = `${pathTo('Menu', { restaurantSlug: restaurant.slug })}?viewOnly=true`;
  return (
    <section className="suite-card" aria-labelledby="landing-event">
      <h2 id="landing-event">
        <EventName event={info.event} />
      </h2>
      <p>{t('suites.suiteLine', { suite: suiteName, location: localizedField(info.eventSuite.suite, 'location', locale) })}</p>
      <EventTimes event={info.event} zone={info.zone} />
      <PreOrderStateLine
        state={state}
        placed={owner ? owner.eventSuite.preOrder !== null : undefined}
        event={info.event}
        zone={info.zone}
      />
      {view.notOwner && <p>{t('suites.notOwner')}</p>}
      <div className="suite-card__actions">
        {open && owner && (
          <Link className="button button--primary" to={orderPath}>
            {owner.eventSuite.preOrder ? t('suites.changePreOrder') : t('suites.preOrderFor', { suite: suiteName })}
          </Link>
        )}
        {open && session.status === 'anonymous' && (
          <Link className="button button--primary" to={`${ROUTE_PATHS.Login}?${loginQuery.toString()}`}>
            {t('suites.logInToPreOrder')}
          </Link>
        )}
        <Link className="button" to={viewMenu}>
          {t('suites.viewMenu')}
        </Link>
      </div>
    </section>
  );
}
