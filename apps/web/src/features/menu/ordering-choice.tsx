import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../lib/route-paths';
import { withQuery } from './query';
import { TableNumberForm } from './table-number-form';

type ChoiceRestaurant = Pick<PublicRestaurant, 'slug'> &
  Partial<Pick<PublicRestaurant, 'catering' | 'marketplaceHub' | 'concourse' | 'suites_enabled' | 'delivery'>>;

/**
 * What kind of place the restaurant is, for the ways it offers: a caterer, an arena (a concourse, seat
 * delivery or suites: no tables there), a marketplace hub (vendors' counters, no table service), or a
 * restaurant with tables.
 */
export function venueKind(restaurant: ChoiceRestaurant): 'caterer' | 'arena' | 'hub' | 'restaurant' {
  if (restaurant.catering === true) return 'caterer';
  if (restaurant.marketplaceHub === true) return 'hub';
  if (restaurant.concourse || restaurant.suites_enabled === true || restaurant.delivery?.stadium_sections) return 'arena';
  return 'restaurant';
}

const MESSAGE = {
  caterer: 'ordering.cateringMessage',
  arena: 'ordering.arenaMessage',
  hub: 'ordering.hubMessage',
  restaurant: 'ordering.message',
} as const;

/**
 * The no-flags-provided error (spec ordering.md section 8): the address says neither a table, takeout,
 * catering nor K-12, so the menu cannot know what to offer. Ways forward instead of a dead end, the
 * place's own and in its words: a caterer (`catering`) takes catering orders, with a minimum and
 * notice, so it is offered that, not a table (its menus are placed ahead, none is for a table) nor
 * takeout (which would skip the catering minimum); an arena has seats, a concourse and suites, and a
 * hub vendors' counters, not tables (found in a walk: both asked for a table number).
 */
export function OrderingChoice({ restaurant }: { restaurant: ChoiceRestaurant }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const kind = venueKind(restaurant);
  const takeout = (type: 'pickup' | 'delivery' | null) => withQuery(search, { takeout: 'true', takeoutType: type, viewOnly: null });
  return (
    <section className="ordering-choice" aria-labelledby="ordering-choice-title">
      <h2 id="ordering-choice-title">{t('ordering.title')}</h2>
      <p>{t(MESSAGE[kind])}</p>
      <ul className="ordering-choice__ways">
        {kind === 'caterer' && (
          <LinkWay heading={t('ordering.cateringHeading')} search={withQuery(search, { catering: 'true', viewOnly: null })} primary>
            {t('ordering.catering')}
          </LinkWay>
        )}
        {kind === 'arena' && (
          <>
            {restaurant.delivery?.stadium_sections && (
              <LinkWay heading={t('ordering.seatHeading')} search={takeout('delivery')} primary>
                {t('ordering.seat')}
              </LinkWay>
            )}
            <LinkWay heading={t('ordering.pickupHeading')} search={takeout('pickup')} primary>
              {t('ordering.pickup')}
            </LinkWay>
            {restaurant.suites_enabled === true && (
              <li className="ordering-choice__way">
                <h3 className="ordering-choice__heading">{t('ordering.suiteHeading')}</h3>
                <Link className="button" to={`${pathTo('EventList')}?${new URLSearchParams({ restaurant: restaurant.slug }).toString()}`}>
                  {t('ordering.suite')}
                </Link>
              </li>
            )}
          </>
        )}
        {kind === 'hub' && (
          <LinkWay heading={t('ordering.hubPickupHeading')} search={takeout('pickup')} primary>
            {t('ordering.pickup')}
          </LinkWay>
        )}
        {kind === 'restaurant' && (
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
