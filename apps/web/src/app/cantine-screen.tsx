import { RestaurantFrame } from '../components/restaurant-shell/restaurant-frame';
import { useOrdering } from '../components/restaurant-shell/use-ordering';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { NotFoundContent } from '../components/ui/not-found-content';
import { Spinner } from '../components/ui/spinner';
import { CanteenLanding } from '../features/canteen/canteen-landing';
import { useCanteenSlug } from '../features/canteen/use-canteen-slug';
import { RestaurantMenu } from '../features/menu/menu-screen';
import { WithOrderingPlugins } from './ordering-plugins';
import { isApiError } from '../lib/api';
import { errorMessage } from '../lib/error-message';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * /cantine: the workplace canteen of this host (spec accounts-and-suites.md section 2). The path is a
 * static route, so it would hide a canteen whose slug is `cantine`; this screen is that canteen's
 * home instead: its landing, and once a day is chosen (the takeout flags in the address) its menu,
 * cart and checkout, the same as any restaurant's. Composed here because features never import each other.
 */
export function CantineScreen() {
  const { t } = useTranslation();
  const canteen = useCanteenSlug();
  if (canteen.isPending) return <Spinner />;
  if (canteen.isError) {
    if (isApiError(canteen.error) && canteen.error.status === 404) return <NotFoundContent />;
    return (
      <section className="restaurant-error" aria-labelledby="canteen-error-title">
        <h1 id="canteen-error-title">{t('restaurant.loadErrorTitle')}</h1>
        <p>{errorMessage(t, canteen.error)}</p>
        <button type="button" className="button button--primary" onClick={() => void canteen.refetch()}>
          {t('restaurant.retry')}
        </button>
      </section>
    );
  }
  return <RestaurantFrame slug={canteen.data}>{(restaurant) => <CanteenHome restaurant={restaurant} />}</RestaurantFrame>;
}

function CanteenHome({ restaurant }: { restaurant: PublicRestaurant }) {
  const { t } = useTranslation();
  const ordering = useOrdering(restaurant);
  if (!ordering.ok) return <CanteenLanding restaurant={restaurant} />;
  return (
    <>
      <p>
        <Link to={{ search: '' }}>{t('canteen.backToWeek')}</Link>
      </p>
      <WithOrderingPlugins restaurant={restaurant}>
        <RestaurantMenu restaurant={restaurant} />
      </WithOrderingPlugins>
    </>
  );
}
