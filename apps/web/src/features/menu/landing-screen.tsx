import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { Link, useLocation } from 'react-router';
import { LocalizedText } from '../../components/ui/localized';
import { useTranslation } from '../../i18n/i18n-context';
import { useNow } from '../../lib/clock';
import { formatDateTime } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { pathTo } from '../../lib/route-paths';
import { useLocale } from '../../lib/use-locale';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { TableNumberForm } from './table-number-form';

/** /{restaurant_slug}/landing: pre-order for an event, sign up or log in, view the menu, or enter a table number. */
export function LandingScreen() {
  return <RestaurantFrame>{(restaurant) => <Landing restaurant={restaurant} />}</RestaurantFrame>;
}

type RestaurantEvent = PublicRestaurant['events'][number];

function Landing({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const now = useNow();
  const upcoming = restaurant.events
    .filter((event) => Date.parse(event.ends_at ?? event.starts_at) > now.getTime())
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));

  return (
    <div className="landing">
      {upcoming.length > 0 && (
        <section className="landing__section" aria-labelledby="landing-events">
          <h2 id="landing-events">{t('landing.eventsHeading')}</h2>
          <ul className="event-list">
            {upcoming.map((event) => (
              <EventEntry key={event.id} event={event} restaurant={restaurant} now={now} search={search} />
            ))}
          </ul>
        </section>
      )}
      <section className="landing__section" aria-labelledby="landing-order">
        <h2 id="landing-order">{t('landing.orderHeading')}</h2>
        <div className="landing__actions">
          <Link className="button button--primary" to={`${pathTo('Menu', { restaurantSlug: restaurant.slug })}${search}`}>
            {t('landing.viewMenu')}
          </Link>
          <Link className="button" to={`${pathTo('Login')}${search}`}>
            {t('landing.logIn')}
          </Link>
        </div>
      </section>
      <section className="landing__section" aria-labelledby="landing-table">
        <h2 id="landing-table">{t('landing.tableHeading')}</h2>
        <TableNumberForm slug={restaurant.slug} />
      </section>
    </div>
  );
}

/**
 * An upcoming event: when it starts, and whether pre-orders are still open (until the lock time) or
 * locked. Clock times may differ by the server's and the browser's time-zone data (a province that
 * changed its rules): hydration keeps the server's text rather than failing over it.
 */
function EventEntry({
  event,
  restaurant,
  now,
  search,
}: {
  event: RestaurantEvent;
  restaurant: PublicRestaurant;
  now: Date;
  search: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const name = localizedText(event, 'name', locale);
  const locked = Date.parse(event.pre_order_lock_at) <= now.getTime();
  const lockTime = formatDateTime(event.pre_order_lock_at, locale, restaurant.zone);
  const nameId = `event-${event.id}-name`;
  return (
    <li className="event">
      <h3 id={nameId} className="event__name">
        <LocalizedText text={name.text} locale={name.locale} />
      </h3>
      <p className="event__time" suppressHydrationWarning>
        {t('landing.eventStarts', { when: formatDateTime(event.starts_at, locale, restaurant.zone) })}
      </p>
      {locked ? (
        <p className="event__status" suppressHydrationWarning>
          <span className="badge badge--state">{t('landing.locked')}</span> {t('landing.lockedSince', { when: lockTime })}
        </p>
      ) : (
        <>
          <p className="event__status" suppressHydrationWarning>
            {t('landing.preOrderUntil', { when: lockTime })}
          </p>
          <Link className="button button--primary" to={`${pathTo('Login')}${search}`} aria-describedby={nameId}>
            {t('landing.preOrder')}
          </Link>
        </>
      )}
    </li>
  );
}
