import type { OwnerEventSuite, OwnerVenuesResponse, SuiteTab, UpcomingEventsResponse } from '@servery/contracts/suites';
import { useState } from 'react';
import { Link } from 'react-router';
import { RequireSession } from '../../components/require-session';
import { useRestaurant } from '../../components/restaurant-shell/use-restaurant';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatMoney } from '../../lib/format';
import { localizedField, localizedName } from '../../lib/localize';
import { pathTo } from '../../lib/route-paths';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useLiveSuiteTabs } from './tabs/use-live-suite-tabs';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { useOwnerRestaurant } from './owner-restaurant';
import { EventName, EventTimes, PreOrderStateLine, TabLine } from './suite-facts';
import { SuiteActivity } from './tabs/suite-activity';
import { GuestLink } from './guest-link';
import { getOwnerVenues, getUpcomingEvents } from './suites-api';
import { rememberedVenue, rememberVenue } from './remembered-venue';
import './suites.css';

/**
 * /profile/events (EventList): a suite owner's upcoming events (and those just over, with how their
 * tab was settled), each with its pre-order state, a way to pre-order, the link to share with the
 * suite's guests, the tab's balance kept live (an order the operator places for the suite shows here
 * within a second) and the suite's activity. With `?restaurant=` (the profile's links keep it) one
 * venue's; without, every venue where the owner has suites (POST /catering/suite-owners/get-venues).
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
          {restaurant ? (
            <>
              <UpcomingEvents credentials={credentials} restaurant={restaurant} headingLevel={2} />
              <NextSteps venues={[restaurant]} restaurant={restaurant} />
            </>
          ) : (
            <EveryVenue credentials={credentials} />
          )}
        </section>
      )}
    </RequireSession>
  );
}

/**
 * The way on from the owner's events (found in a walk at 360 px: the page was a dead end): back to
 * the venue the owner came from, whose menu is a tap away, and back to the profile, keeping the venue.
 */
function NextSteps({ venues, restaurant }: { venues: readonly string[]; restaurant: string | null }) {
  const { t } = useTranslation();
  const profile = `${pathTo('ProfileSettings')}${restaurant ? `?${new URLSearchParams({ restaurant }).toString()}` : ''}`;
  return (
    <nav className="suites-next" aria-labelledby="suites-next-title">
      <h2 id="suites-next-title" className="suites-next__title">
        {t('suites.nextSteps')}
      </h2>
      <ul className="suites-next__links">
        {venues.map((venue) => (
          <VenueLink key={venue} slug={venue} />
        ))}
        <li>
          <Link className="button" to={profile}>
            {t('suites.backToProfile')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Back to the venue by its name (the header's restaurant query: one request between them). */
function VenueLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { state } = useRestaurant(slug);
  if (state.status !== 'ready') return null;
  return (
    <li>
      <Link className="button button--primary" to={pathTo('Menu', { restaurantSlug: slug })}>
        {t('suites.backToVenue', { venue: localizedField(state.restaurant, 'name', locale) })}
      </Link>
    </li>
  );
}

/**
 * The owner's events at every venue where they have suites, venue by venue; with several, a choice
 * of one venue, remembered on this device (remembered-venue.ts).
 */
function EveryVenue({ credentials }: { credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const query = useQuery({
    queryKey: queryKeys.ownerVenues(credentials.userId),
    queryFn: ({ signal }) => getOwnerVenues(client, credentials, signal),
  });
  if (query.isError) return <RetryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.isSuccess) return <Spinner />;
  const { venues } = query.data;
  const next = <NextSteps venues={venues.map((venue) => venue.slug)} restaurant={null} />;
  if (venues.length === 0)
    return (
      <>
        <p>{t('suites.noEvents')}</p>
        {next}
      </>
    );
  return (
    <>
      {venues.length === 1 ? (
        <UpcomingEvents credentials={credentials} restaurant={venues[0]!.slug} headingLevel={2} />
      ) : (
        <ChosenVenues credentials={credentials} venues={venues} />
      )}
      {next}
    </>
  );
}

function ChosenVenues({ credentials, venues }: { credentials: SessionCredentials; venues: OwnerVenuesResponse['venues'] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => rememberedVenue(venues.map((venue) => venue.id)));
  const choose = (value: string) => {
    const id = value === '' ? null : Number(value);
    setChosen(id);
    rememberVenue(id);
  };
  return (
    <>
      <div className="form-field suites-venue-choice">
        <label htmlFor="suites-venue" className="form-field__label">
          {t('suites.venueChoice')}
        </label>
        <select id="suites-venue" className="text-input" value={chosen ?? ''} onChange={(event) => choose(event.target.value)}>
          <option value="">{t('suites.everyVenue')}</option>
          {venues.map((venue) => (
            <option key={venue.id} value={venue.id}>
              {venue.name}
            </option>
          ))}
        </select>
      </div>
      {venues
        .filter((venue) => chosen === null || venue.id === chosen)
        .map((venue) => (
          <section key={venue.slug} className="suites-venue" aria-labelledby={`venue-${venue.slug}`}>
            <h2 id={`venue-${venue.slug}`}>{t('suites.venueEvents', { venue: venue.name })}</h2>
            <UpcomingEvents credentials={credentials} restaurant={venue.slug} headingLevel={3} />
          </section>
        ))}
    </>
  );
}

function RetryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="inline-error" role="alert">
      <p>{errorMessage(t, error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('suites.retry')}
      </button>
    </div>
  );
}

function UpcomingEvents({
  credentials,
  restaurant,
  headingLevel,
}: {
  credentials: SessionCredentials;
  restaurant: string;
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation();
  const client = useAccountClient();
  const query = useQuery({
    queryKey: queryKeys.upcomingEvents(credentials.userId, restaurant),
    queryFn: ({ signal }) => getUpcomingEvents(client, credentials, restaurant, signal),
  });
  const live = useLiveSuiteTabs(query.isSuccess && query.data.events.length > 0 ? restaurant : null);
  if (query.isError) return <RetryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.isSuccess) return <Spinner />;
  if (query.data.events.length === 0) return <p>{t('suites.noEvents')}</p>;
  return (
    <ul className="suite-cards">
      {query.data.events.map((entry) => (
        <EventEntry
          key={entry.eventSuiteId}
          entry={entry}
          tab={live.tabs.get(entry.eventSuiteId) ?? entry.tab}
          zone={query.data.zone}
          restaurant={restaurant}
          headingLevel={headingLevel}
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
  headingLevel,
  activity,
}: {
  entry: OwnerEventSuite;
  tab: SuiteTab;
  zone: UpcomingEventsResponse['zone'];
  restaurant: string;
  headingLevel: 2 | 3;
  activity: { client: ApiClient; credentials: SessionCredentials; version: number };
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const titleId = `event-suite-${restaurant}-${entry.eventSuiteId}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const order = `${pathTo('Menu', { restaurantSlug: restaurant })}?${new URLSearchParams({ eventSuite: String(entry.eventSuiteId) }).toString()}`;
  return (
    <li className="suite-card" aria-labelledby={titleId}>
      <Heading id={titleId}>
        <EventName event={entry.event} />
      </Heading>
      <p>
        {t('suites.suiteLine', { suite: localizedName(entry.suite, locale), location: localizedField(entry.suite, 'location', locale) })}
      </p>
      <EventTimes event={entry.event} zone={zone} />
      <PreOrderStateLine state={entry.state} placed={entry.preOrder !== null} event={entry.event} zone={zone} />
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
      <GuestLink restaurant={restaurant} link={entry.link} eventSuiteId={entry.eventSuiteId} />
      <SuiteActivity {...activity} restaurant={restaurant} eventSuiteId={entry.eventSuiteId} zone={zone} />
    </li>
  );
}
