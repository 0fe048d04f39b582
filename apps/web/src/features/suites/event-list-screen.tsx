import type { OwnerEventSuite, SuiteTab, UpcomingEventsResponse } from '@servery/contracts/suites';
import { Link } from 'react-router';
import { RequireSession } from '../../components/require-session';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/i18n-context';
import type { ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatMoney } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useLiveSuiteTabs } from '../../lib/use-live-suite-tabs';
import { useResource } from '../../lib/use-resource';
import { useOwnerRestaurant } from './owner-restaurant';
import { EventName, EventTimes, PreOrderStateLine, TabLine } from './suite-facts';
import { SuiteActivity } from './suite-activity';
import { getUpcomingEvents } from './suites-api';
import './suites.css';

/**
 * /profile/events (EventList): a suite owner's upcoming events (and those just over, with how their
 * tab was settled), each with its pre-order state, a way to pre-order, the tab's balance kept live
 * (an order the operator places for the suite shows here within a second) and the suite's activity.
 */
export function EventListScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.EventList.title'));
  const restaurant = useOwnerRestaurant();
  return (
    <RequireSession>
      {({ credentials }) => (
        <section className="suites-screen" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.EventList.title')}</h1>
          {restaurant ? <UpcomingEvents credentials={credentials} restaurant={restaurant} /> : <p>{t('suites.noVenue')}</p>}
        </section>
      )}
    </RequireSession>
  );
}

function UpcomingEvents({ credentials, restaurant }: { credentials: SessionCredentials; restaurant: string }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const { state, reload } = useResource(`${credentials.userId}:${restaurant}`, (signal) =>
    getUpcomingEvents(client, credentials, restaurant, signal),
  );
  const live = useLiveSuiteTabs(state.status === 'ready' && state.data.events.length > 0 ? restaurant : null);
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
  if (state.data.events.length === 0) return <p>{t('suites.noEvents')}</p>;
  return (
    <ul className="suite-cards" aria-labelledby="screen-title">
      {state.data.events.map((entry) => (
        <EventEntry
          key={entry.eventSuiteId}
          entry={entry}
          tab={live.tabs.get(entry.eventSuiteId) ?? entry.tab}
          zone={state.data.zone}
          restaurant={restaurant}
          activity={{ client, credentials, version: live.version }}
        />
      ))}
    </ul>
  );
}

function EventEntry({
  entry,
  tab,
  zone,
  restaurant,
  activity,
}: {
  entry: OwnerEventSuite;
  tab: SuiteTab;
  zone: UpcomingEventsResponse['zone'];
  restaurant: string;
  activity: { client: ApiClient; credentials: SessionCredentials; version: number };
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const titleId = `event-suite-${entry.eventSuiteId}`;
  const order = `${pathTo('Menu', { restaurantSlug: restaurant })}?${new URLSearchParams({ eventSuite: String(entry.eventSuiteId) }).toString()}`;
  return (
    <li className="suite-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <EventName event={entry.event} />
      </h2>
      <p>{t('suites.suiteLine', { suite: entry.suite.name, location: entry.suite.location })}</p>
      <EventTimes event={entry.event} zone={zone} />
      <PreOrderStateLine state={entry.state} event={entry.event} zone={zone} />
      {entry.preOrder && (
        <>
          <p suppressHydrationWarning>
            {t('suites.preOrderSummary', {
              number: entry.preOrder.number,
              total: formatMoney(entry.preOrder.total, locale),
              when: entry.preOrder.deliver_at ? formatDateTime(entry.preOrder.deliver_at, locale, zone) : '',
            })}
          </p>
          <ul className="suite-card__lines" aria-label={t('suites.preOrderLines')}>
            {entry.preOrder.lines.map((line, index) => (
              <li key={index}>{t('suites.line', { quantity: line.quantity, name: line.name })}</li>
            ))}
          </ul>
        </>
      )}
      <div aria-live="polite">
        <TabLine tab={tab} />
      </div>
      {entry.state !== 'locked' && (
        <div className="suite-card__actions">
          <Link className="button button--primary" to={order} aria-describedby={titleId}>
            {t(entry.preOrder ? 'suites.changePreOrder' : 'suites.preOrder')}
          </Link>
        </div>
      )}
      <SuiteActivity {...activity} restaurant={restaurant} eventSuiteId={entry.eventSuiteId} zone={zone} />
    </li>
  );
}
