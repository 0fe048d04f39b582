import type { ReactNode } from 'react';
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
          <LinkWay heading={t('ordering.cateringHeading')} search={withQuery(search, { catering: 'true', viewOnly: null })} primary>
            {t('ordering.catering')}
          </LinkWay>
        ) : (
          <>
            <li className="ordering-choice__way">
              <h3 className="ordering-choice__heading">{t('ordering.atTableHeading')}</h3>
              <TableNumberForm slug={restaurant.slug} primary />
            </li>
            <LinkWay heading={t('ordering.takeoutHeading')} search={withQuery(search, { takeout: 'true', viewOnly: null })} primary>
              {t('ordering.takeout')}
            </LinkWay>
          </>
        )}
        <LinkWay heading={t('ordering.browseHeading')} search={withQuery(search, { viewOnly: 'true' })}>
          {t('ordering.viewOnly')}
        </LinkWay>
      </ul>
    </section>
  );
}

/** One way forward that is a link to the same menu with other flags. */
function LinkWay({
  heading,
  search,
  primary = false,
  children,
}: {
  heading: string;
  search: string;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="ordering-choice__way">
      <h3 className="ordering-choice__heading">{heading}</h3>
      <Link className={primary ? 'button button--primary' : 'button'} to={{ search }}>
        {children}
      </Link>
    </li>
  );
}
