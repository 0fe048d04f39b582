import { useEffect, useMemo, useState } from 'react';
import { offeredLocales } from '@servery/domain/locales';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTE_PATHS } from '../../lib/route-paths';
import { useOperatorSession, useSession } from '../../lib/session';
import { applyTheme } from '../../lib/theme';
import { useLocale } from '../../lib/use-locale';
import { LanguageSwitch } from '../ui/language-switch';
import { menuAddress } from './menu-address';
import { displayName } from './restaurant-frame';
import { useRestaurant } from './use-restaurant';

/** The state a link to the menu carries to open the cart there (features/menu/menu-screen.tsx reads it). */
export interface OpenCartState {
  openCart: true;
}

export function isOpenCartState(state: unknown): state is OpenCartState {
  return typeof state === 'object' && state !== null && (state as Partial<OpenCartState>).openCart === true;
}

/** A person as the header names them: first and last name, else the e-mail. */
function personName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The operator's events: at this venue where they operate it, else at their first venue. */
function operatorHome(user: { operatorVenues?: string[] | undefined }, slug: string): string {
  const venue = !user.operatorVenues || user.operatorVenues.includes(slug) ? slug : (user.operatorVenues[0] ?? slug);
  return `${pathTo('OperatorEventList', { restaurantSlug: venue })}?suiteOperator=true`;
}

/** The id of the header's root: what deferred hydration watches (app/app-layout.tsx). */
export const RESTAURANT_HEADER_ID = 'restaurant-header';

/**
 * The header of every screen of a restaurant (and of the profile opened from one): its name back to
 * the menu as the diner had it, the cart with its count, sign in or the account, and the language.
 * Sign in comes back to this very address (`redirect`), so the ordering mode and the cart stay.
 */
export function RestaurantHeader({ slug, cartCount }: { slug: string; cartCount: number }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const session = useSession();
  const operator = useOperatorSession();
  const { state } = useRestaurant(slug);
  const restaurant = state.status === 'ready' ? state.restaurant : null;
  const onRestaurantScreen = pathname === `/${slug}` || pathname.startsWith(`/${slug}/`);

  // Opened from a restaurant, the profile and the login keep its colours.
  useEffect(() => {
    if (restaurant && !onRestaurantScreen) applyTheme(restaurant.theme);
  }, [restaurant, onRestaurantScreen]);

  // The restaurant decides which languages it speaks (domain/locales.ts). The server renders its pages
  // in one of them; a screen reached in another (from the profile, say) turns to its default.
  const offered = useMemo(() => offeredLocales(restaurant?.locales), [restaurant]);
  const { locale, showLocale } = useLocale();
  useEffect(() => {
    if (restaurant && !offered.includes(locale)) showLocale(offered[0] ?? locale);
  }, [restaurant, offered, locale, showLocale]);

  // Read after hydration: the server has no tab storage, and the first render must match its HTML.
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => setRemembered(menuAddress(slug)), [slug, pathname, search]);
  const menu = pathname === `/${slug}` ? `${pathname}${search}` : (remembered ?? `/${slug}`);
  const here = `${pathname}${search}`;
  const signIn = `${ROUTE_PATHS.Login}?${new URLSearchParams({ redirect: here }).toString()}`;
  const account = `${pathTo('ProfileSettings')}?${new URLSearchParams({ restaurant: slug }).toString()}`;
  const name = restaurant ? displayName(restaurant, locale) : null;

  return (
    <nav id={RESTAURANT_HEADER_ID} className="restaurant-header" aria-label={t('header.label')}>
      {name && (
        <Link className="restaurant-header__brand" to={menu}>
          {onRestaurantScreen ? name : t('header.backTo', { name })}
        </Link>
      )}
      <div className="restaurant-header__actions">
        <Link
          className="restaurant-header__cart"
          to={menu}
          state={{ openCart: true } satisfies OpenCartState}
          aria-label={t('header.cartCount', { count: cartCount })}
        >
          {/* Visible "Cart 2" is the label's own words ("Cart, 2 items"): a voice user says what they see. */}
          <span>{t('header.cart')}</span> <span className="restaurant-header__count">{cartCount}</span>
        </Link>
        {session.status === 'authenticated' ? (
          <Link className="restaurant-header__account" to={account}>
            {t('header.account')}
          </Link>
        ) : operator.status === 'authenticated' ? (
          // A suite operator signed in (no user beside): who, leading to the venue's events (issue 31 defect 4).
          <Link className="restaurant-header__account" to={operatorHome(operator.user, slug)}>
            {t('suites.operatorSignedIn', { name: personName(operator.user) })}
          </Link>
        ) : pathname === ROUTE_PATHS.Login ? null : (
          <Link className="restaurant-header__account" to={signIn}>
            {t('header.signIn')}
          </Link>
        )}
        <LanguageSwitch offered={offered} />
      </div>
    </nav>
  );
}
