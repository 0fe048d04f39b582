import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { pathTo } from '../../lib/route-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useChain } from './use-chain';
import './venue-search.css';

/**
 * /bowlero-coming-soon: the chain's venues that are not open yet (a venue's `opening_date` in its
 * tenant data), the one the diner came for (`?venue=`) first, and the way back to the search.
 */
export function ComingSoonScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { group, chain } = useChain();
  const chainName = chain.isSuccess ? chain.data.name : null;
  const title = chainName ? t('venueSearch.comingSoonTitleOf', { chain: chainName }) : t('venueSearch.comingSoonTitle');
  useDocumentTitle(title);
  const asked = params.get('venue');
  const searchPath = `${pathTo('BowleroLocationSearch')}${params.get('group') ? `?${new URLSearchParams({ group }).toString()}` : ''}`;

  if (chain.isPending) return <Spinner />;
  if (chain.isError) {
    return (
      <section className="venue-search" aria-labelledby="coming-soon-title">
        <h1 id="coming-soon-title">{title}</h1>
        <p className="inline-error" role="alert">
          {errorMessage(t, chain.error)}
        </p>
        <button type="button" className="button button--primary" onClick={() => void chain.refetch()}>
          {t('restaurant.retry')}
        </button>
      </section>
    );
  }
  const venues = [...chain.data.coming_soon].sort((a, b) => Number(b.slug === asked) - Number(a.slug === asked));
  return (
    <section className="venue-search" aria-labelledby="coming-soon-title">
      <div className="venue-search__brand">
        {chain.data.logo && (
          <img className="venue-search__logo" src={chain.data.logo} alt={t('restaurant.logoAlt', { name: chain.data.name })} height={56} />
        )}
        <h1 id="coming-soon-title">{title}</h1>
      </div>
      {venues.length === 0 ? (
        <p>{t('venueSearch.comingSoonNone')}</p>
      ) : (
        <ul className="venue-results">
          {venues.map((venue) => (
            <li key={venue.slug} className="venue-results__item">
              <article className="venue-card" aria-labelledby={`soon-${venue.slug}`}>
                <h2 className="venue-card__name" id={`soon-${venue.slug}`}>
                  {venue.name}
                </h2>
                <p className="venue-card__address">{venue.address}</p>
                <p className="venue-card__state venue-card__state--soon">
                  {venue.opening_date
                    ? t('venueSearch.comingSoonOn', { date: formatDate(`${venue.opening_date}T12:00:00Z`, 'UTC') })
                    : t('venueSearch.comingSoon')}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={searchPath}>{t('venueSearch.backToSearch', { chain: chain.data.name })}</Link>
      </p>
    </section>
  );
}
