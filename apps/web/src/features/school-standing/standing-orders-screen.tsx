/**
 * /{slug}/standing-orders (decision 0118): a parent's weeks at a school, per child: "repeat this
 * week" fills the next open week's day carts with the same meals (for the parent to review and pay on
 * the menu), and a standing weekly order places each coming week by itself with the card on file,
 * skipped by day or week, paused or deleted, with its coming days and what happened to past ones.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequireSession } from '../../components/require-session';
import { RestaurantFrame } from '../../components/restaurant-shell/restaurant-frame';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-keys';
import { pathTo } from '../../lib/route-paths';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';
import type { AccountUser } from '@servery/contracts/accounts';
import { ChildStanding } from './child-standing';
import { getStandingOrders, listChildren } from './standing-api';
import './standing.css';

export function StandingOrdersScreen() {
  const { t } = useTranslation();
  return (
    <RestaurantFrame title={() => t('standing.title')}>
      {(restaurant) => (
        <RequireSession>
          {(session) => <StandingOrders restaurant={restaurant} credentials={session.credentials} user={session.user} />}
        </RequireSession>
      )}
    </RestaurantFrame>
  );
}

function StandingOrders({
  restaurant,
  credentials,
  user,
}: {
  restaurant: PublicRestaurant;
  credentials: SessionCredentials;
  user: AccountUser;
}) {
  const { t } = useTranslation();
  const client = useAccountClient().withRestaurant(restaurant.id);
  const { locale } = useLocale();
  const key = queryKeys.standingOrders(restaurant.id, credentials.userId, locale);
  const children = useQuery({
    queryKey: queryKeys.students.of(restaurant.id, credentials.userId),
    queryFn: ({ signal }) => listChildren(client, credentials, signal),
  });
  const standing = useQuery({ queryKey: key, queryFn: ({ signal }) => getStandingOrders(client, credentials, signal) });
  const menu = pathTo('Menu', { restaurantSlug: restaurant.slug });
  if (!restaurant.k12) return <p className="standing__lead">{t('standing.notSchool')}</p>;
  const failed = children.error ?? standing.error;
  if (failed) {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(t, failed)}</p>
        <button type="button" className="button" onClick={() => void Promise.all([children.refetch(), standing.refetch()])}>
          {t('standing.retry')}
        </button>
      </div>
    );
  }
  if (!children.data || !standing.data) return <Spinner />;
  return (
    <div className="standing">
      <p className="standing__lead">{t('standing.lead')}</p>
      {children.data.length === 0 ? (
        <p>
          {t('standing.noChildren')} <Link to={menu}>{t('standing.toMenu')}</Link>
        </p>
      ) : (
        children.data.map((child) => (
          <ChildStanding
            key={child.id}
            restaurant={restaurant}
            client={client}
            credentials={credentials}
            cards={user.paymentMethods}
            child={child}
            standing={standing.data.standingOrders.find((entry) => entry.studentId === child.id) ?? null}
            weeks={standing.data.orderedWeeks.filter((entry) => entry.studentId === child.id)}
            cycle={standing.data.cycle}
            menus={standing.data.menus}
            mealsPerDay={standing.data.mealsPerDay}
            queryKey={key}
          />
        ))
      )}
      <p>
        <Link to={menu}>{t('standing.toMenu')}</Link>
      </p>
    </div>
  );
}
