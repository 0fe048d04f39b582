import type { GeolocationSearchResponse, VenueResult } from '@servery/contracts/venue-search';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { useNow } from '../../lib/clock';
import { formatDate, formatTime, relativeDay } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { useLocale } from '../../lib/use-locale';

/** "10.7 mi" / "17,2 km": one decimal, in the diner's language. */
export function formatDistance(distance: number, unit: 'mi' | 'km', locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: unit === 'mi' ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(distance);
}

/** "10 mi" / "5 000 km": a radius, in whole units. */
export function formatRadius(radius: number, unit: 'mi' | 'km', locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: unit === 'mi' ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(radius);
}

/** The venues found, nearest first: name (a link to its menu), distance, address, open now or next opening. */
export function VenueResults({ results, group }: { results: VenueResult[]; group: string }) {
  return (
    <ol className="venue-results">
      {results.map((venue) => (
        <li key={venue.slug} className="venue-results__item">
          <VenueCard venue={venue} group={group} />
        </li>
      ))}
    </ol>
  );
}

function VenueCard({ venue, group }: { venue: VenueResult; group: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const to = venue.coming_soon
    ? `${pathTo('BowleroComingSoon')}?${new URLSearchParams({ group, venue: venue.slug }).toString()}`
    : pathTo('Menu', { restaurantSlug: venue.slug });
  return (
    <article className="venue-card" aria-labelledby={`venue-${venue.slug}`}>
      <h2 className="venue-card__name" id={`venue-${venue.slug}`}>
        <Link to={to}>{venue.name}</Link>
      </h2>
      <p className="venue-card__distance">
        {t('venueSearch.distanceAway', { distance: formatDistance(venue.distance, venue.unit, locale) })}
      </p>
      <p className="venue-card__address">{venue.address}</p>
      <OpenState venue={venue} />
      <Link className="button button--primary venue-card__action" to={to} aria-describedby={`venue-${venue.slug}`}>
        {venue.coming_soon ? t('venueSearch.comingSoonLink') : t('venueSearch.viewMenu')}
      </Link>
    </article>
  );
}

function OpenState({ venue }: { venue: VenueResult }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  if (venue.coming_soon) {
    return (
      <p className="venue-card__state venue-card__state--soon">
        {venue.opening_date
          ? t('venueSearch.comingSoonOn', { date: formatDate(`${venue.opening_date}T12:00:00Z`, 'UTC') })
          : t('venueSearch.comingSoon')}
      </p>
    );
  }
  if (venue.open_now) {
    return (
      <p className="venue-card__state venue-card__state--open">
        {venue.closes_at ? t('venueSearch.openUntil', { time: formatTime(venue.closes_at, locale, venue.zone) }) : t('venueSearch.openNow')}
      </p>
    );
  }
  if (!venue.next_opening) return <p className="venue-card__state">{t('venueSearch.closed')}</p>;
  const opening = new Date(venue.next_opening);
  const { relation, day } = relativeDay(opening, now, locale, venue.zone);
  const time = formatTime(opening, locale, venue.zone);
  return <p className="venue-card__state">{t(`venueSearch.opens.${relation}`, { day, time })}</p>;
}

/**
 * The search's outcome under the form (venue-search-screen.tsx): announced to a screen reader, a
 * spinner while it runs, the failure (results null), or how many venues were found and the list.
 */
export function SearchOutcome({
  searching,
  results,
  failure,
  originLabel,
  group,
}: {
  searching: boolean;
  /** undefined: no search yet; null: the search failed. */
  results: GeolocationSearchResponse | null | undefined;
  failure: string | null;
  originLabel: string;
  group: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const found = (answer: GeolocationSearchResponse) =>
    t('venueSearch.found', {
      count: answer.results.length,
      radius: formatRadius(answer.radius, answer.unit, locale),
      origin: originLabel,
    });
  return (
    <div className="venue-search__results">
      <p className="visually-hidden" role="status">
        {searching ? t('venueSearch.searching') : results ? found(results) : ''}
      </p>
      {searching && <Spinner />}
      {!searching && results === null && (
        <div className="inline-error" role="alert">
          <p>{t('venueSearch.failed')}</p>
          {failure && <p>{failure}</p>}
        </div>
      )}
      {!searching && results && (
        <>
          <h2 className="venue-search__summary">{found(results)}</h2>
          {results.results.length === 0 ? <p>{t('venueSearch.noneHint')}</p> : <VenueResults results={results.results} group={group} />}
        </>
      )}
    </div>
  );
}
