import type { VenueResult } from '@servery/contracts/venue-search';
import { Link } from 'react-router';
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
