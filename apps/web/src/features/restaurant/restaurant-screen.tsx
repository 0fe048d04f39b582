import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../components/ui/not-found-content';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { localizedName } from '../../lib/localize';
import { applyTheme } from '../../lib/theme';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useRestaurant, type MenusState } from './use-restaurant';
import './restaurant.css';

/** Restaurant home shared by Menu and Landing: for now the restaurant's name, logo and menu names. */
export function RestaurantScreen() {
  const { t } = useTranslation();
  const { restaurantSlug = '' } = useParams();
  const { state, reload } = useRestaurant(restaurantSlug);
  const restaurant = state.status === 'ready' ? state.restaurant : null;

  useEffect(() => {
    if (restaurant) applyTheme(restaurant.theme);
  }, [restaurant]);
  useDocumentTitle(restaurant ? displayName(restaurant) : null);

  switch (state.status) {
    case 'loading':
      return <Spinner />;
    case 'not-found':
      return <NotFoundContent />;
    case 'error':
      return (
        <section className="restaurant-error" aria-labelledby="restaurant-error-title">
          <h1 id="restaurant-error-title">{t('restaurant.loadErrorTitle')}</h1>
          <p>{errorMessage(t, state.error)}</p>
          <button type="button" className="button button--primary" onClick={reload}>
            {t('restaurant.retry')}
          </button>
        </section>
      );
    case 'ready':
      return (
        <div className="restaurant">
          <RestaurantBrand restaurant={state.restaurant} />
          <Menus menus={state.menus} onRetry={reload} />
        </div>
      );
  }
}

function displayName(restaurant: PublicRestaurant): string {
  return restaurant.display_name?.trim() || restaurant.name;
}

function RestaurantBrand({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const name = displayName(restaurant);
  const { logo, logoRedirectUrl } = restaurant.theme;
  return (
    <div className="restaurant__brand">
      {logo &&
        (logoRedirectUrl ? (
          <a className="restaurant__logo-link" href={logoRedirectUrl}>
            <img className="restaurant__logo" src={logo} alt={t('restaurant.logoLinkAlt', { name })} />
          </a>
        ) : (
          <img className="restaurant__logo" src={logo} alt={t('restaurant.logoAlt', { name })} />
        ))}
      <h1 className="restaurant__name">{name}</h1>
    </div>
  );
}

function Menus({ menus, onRetry }: { menus: MenusState; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="restaurant__menus" aria-labelledby="menus-heading">
      <h2 id="menus-heading">{t('restaurant.menusHeading')}</h2>
      {menus.status === 'loading' && <Spinner />}
      {menus.status === 'error' && (
        <div role="alert" className="inline-error">
          <p>
            {t('restaurant.menusError')} {errorMessage(t, menus.error)}
          </p>
          <button type="button" className="button" onClick={onRetry}>
            {t('restaurant.retry')}
          </button>
        </div>
      )}
      {menus.status === 'ready' && <MenuGroups groups={menus.groups} />}
    </section>
  );
}

function MenuGroups({ groups }: { groups: MenuGroupFile[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (groups.length === 0) return <p>{t('restaurant.noMenus')}</p>;
  return (
    <ul className="menu-groups">
      {groups.map((group) => (
        <li key={group.id} className="menu-group">
          <h3 className="menu-group__name">{localizedName(group, locale)}</h3>
          <ul className="menu-group__menus">
            {[...group.menus]
              .sort((a, b) => a.order - b.order)
              .map((menu) => (
                <li key={menu.id} className="menu-group__menu">
                  {localizedName(menu, locale)}
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
