import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotFoundContent } from '../ui/not-found-content';
import { Spinner } from '../ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { applyTheme } from '../../lib/theme';
import type { Locale } from '../../i18n/locales';
import { localizedField } from '../../lib/localize';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { isRestaurantDataUnparseable } from './restaurant-data';
import { useRestaurant } from './use-restaurant';
import './restaurant.css';

/** The restaurant's display name (else its name) in the diner's language, as its tenant file translates them. */
export function displayName(restaurant: PublicRestaurant, locale: Locale): string {
  return localizedField(restaurant, 'display_name', locale).trim() || localizedField(restaurant, 'name', locale);
}

/**
 * The restaurant's theme (colours, fonts, favicon) on the page once the restaurant is loaded: every
 * screen of a restaurant takes it through here, the diner's (RestaurantFrame) and the venue operator's
 * (features/suite-operator/require-operator.tsx), which have no frame of their own.
 */
export function useRestaurantTheme(restaurant: PublicRestaurant | null): void {
  useEffect(() => {
    if (restaurant) applyTheme(restaurant.theme);
  }, [restaurant]);
}

/**
 * What Landing and Menu share: the restaurant by the address's slug (loading, not found, failed),
 * its theme, favicon and title, and its brand with the page's one h1. `children` renders the screen;
 * `title` names the page (tab title and h1) when a screen has its own name for it (a school's
 * "Hot lunch"), else the restaurant's display name.
 */
export function RestaurantFrame({
  children,
  title = displayName,
  slug,
}: {
  children: (restaurant: PublicRestaurant) => ReactNode;
  title?: (restaurant: PublicRestaurant, locale: Locale) => string;
  /** The restaurant when the address does not name it (/cantine shows the host's canteen). */
  slug?: string;
}) {
  const { t } = useTranslation();
  const params = useParams();
  const restaurantSlug = slug ?? params.restaurantSlug ?? '';
  const { state, reload } = useRestaurant(restaurantSlug);
  const { locale } = useLocale();
  const restaurant = state.status === 'ready' ? state.restaurant : null;

  useRestaurantTheme(restaurant);
  useDocumentTitle(restaurant ? title(restaurant, locale) : null);

  switch (state.status) {
    case 'loading':
      return <Spinner />;
    case 'not-found':
      return <NotFoundContent />;
    case 'error':
      return (
        <section className="restaurant-error" aria-labelledby="restaurant-error-title">
          {isRestaurantDataUnparseable(state.error) ? (
            <>
              <h1 id="restaurant-error-title">{t('restaurant.parseErrorTitle')}</h1>
              <p>{t('restaurant.parseErrorMessage')}</p>
            </>
          ) : (
            <>
              <h1 id="restaurant-error-title">{t('restaurant.loadErrorTitle')}</h1>
              <p>{errorMessage(t, state.error)}</p>
            </>
          )}
          <button type="button" className="button button--primary" onClick={reload}>
            {t('restaurant.retry')}
          </button>
        </section>
      );
    case 'ready':
      return (
        <div className="restaurant">
          <RestaurantBrand restaurant={state.restaurant} title={title(state.restaurant, locale)} />
          {children(state.restaurant)}
        </div>
      );
  }
}

function RestaurantBrand({ restaurant, title }: { restaurant: PublicRestaurant; title: string }) {
  return (
    <div className="restaurant__brand">
      <RestaurantLogo restaurant={restaurant} />
      <h1 className="restaurant__name">{title}</h1>
    </div>
  );
}

/** The restaurant's logo as the diner's screens show it (a link where the theme names one); nothing without a logo. */
export function RestaurantLogo({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const name = displayName(restaurant, locale);
  const { logo, logoRedirectUrl } = restaurant.theme;
  if (!logo) return null;
  return logoRedirectUrl ? (
    <a className="restaurant__logo-link" href={logoRedirectUrl}>
      <img className="restaurant__logo" src={logo} alt={t('restaurant.logoLinkAlt', { name })} height={64} fetchPriority="low" />
    </a>
  ) : (
    <img className="restaurant__logo" src={logo} alt={t('restaurant.logoAlt', { name })} height={64} fetchPriority="low" />
  );
}
