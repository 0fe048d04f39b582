import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withQuery } from './query';
import { TableNumberForm } from './table-number-form';

/**
 * The no-flags-provided error (spec ordering.md section 8): the address says neither a table, takeout,
 * catering nor K-12, so the menu cannot know what to offer. Ways forward instead of a dead end, the
 * restaurant's own: a caterer (`catering`) takes catering orders, with a minimum and notice, so it is
 * offered that, not a table (its menus are placed ahead, none is for a table) nor takeout (which
 * would skip the catering minimum).
 */
export function OrderingChoice({ restaurant }: { restaurant: { slug: string; catering?: boolean | undefined } }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const caterer = restaurant.catering === true;
  return (
    <section className="ordering-choice" aria-labelledby="ordering-choice-title">
      <h2 id="ordering-choice-title">{t('ordering.title')}</h2>
      <p>{t(caterer ? 'ordering.cateringMessage' : 'ordering.message')}</p>
      <ul className="ordering-choice__ways">
        {caterer ? (
          <li className="ordering-choice__way">
            <h3 className="ordering-choice__heading">{t('ordering.cateringHeading')}</h3>
            <Link className="button button--primary" to={{ search: withQuery(search, { catering: 'true', viewOnly: null }) }}>
              {t('ordering.catering')}
            </Link>
          </li>
        ) : (
          <>
            <li className="ordering-choice__way">
              <h3 className="ordering-choice__heading">{t('ordering.atTableHeading')}</h3>
              <TableNumberForm slug={restaurant.slug} primary />
            </li>
            <li className="ordering-choice__way">
              <h3 className="ordering-choice__heading">{t('ordering.takeoutHeading')}</h3>
              <Link className="button button--primary" to={{ search: withQuery(search, { takeout: 'true', viewOnly: null }) }}>
                {t('ordering.takeout')}
              </Link>
            </li>
          </>
        )}
        <li className="ordering-choice__way">
          <h3 className="ordering-choice__heading">{t('ordering.browseHeading')}</h3>
          <Link className="button" to={{ search: withQuery(search, { viewOnly: 'true' }) }}>
            {t('ordering.viewOnly')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
