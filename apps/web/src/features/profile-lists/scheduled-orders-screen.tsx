import type { AccountOrder } from '@servery/contracts/accounts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { getScheduledOrder, listScheduledOrders } from './profile-api';
import { RequireSession } from '../../components/require-session';
import { ProfileListPage } from './profile-list-page';
import { LiveStatuses, LiveStatusFact } from './live-statuses';

/** What the details screen tells the list after a cancel: the refund, or the refusal (443), and the order to leave out. */
export interface CancelledNotice {
  cancelled?: { orderId: string; amount: number; expiresAt: string; zone: string };
  refused?: { orderId: string };
}

/** A school order's day and child (spec ordering.md section 3, Student), in place of a pickup time. */
export function SchoolOrderFacts({ schoolDate, studentName }: { schoolDate: string; studentName: string | undefined }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${schoolDate}T12:00:00Z`),
  );
  return (
    <>
      <dt>{t('scheduledOrders.schoolDay')}</dt>
      <dd>
        <time dateTime={schoolDate}>{day}</time>
      </dd>
      {studentName && (
        <>
          <dt>{t('scheduledOrders.child')}</dt>
          <dd>{studentName}</dd>
        </>
      )}
    </>
  );
}

export function ScheduledOrdersScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.ScheduledOrders.title'));
  return (
    <RequireSession>
      {({ credentials }) => (
        <ProfileListPage title={t('screens.ScheduledOrders.title')}>
          <ScheduledOrders credentials={credentials} />
        </ProfileListPage>
      )}
    </RequireSession>
  );
}

/** A date and time in the restaurant's zone that wraps between the two parts only. */
export function ZonedDateTime({ value, zone }: { value: string; zone: string }) {
  const { locale } = useLocale();
  return (
    <time dateTime={value}>
      <span className="profile-when__part">{formatDate(value, zone)}</span>{' '}
      <span className="profile-when__part">{formatTime(value, locale, zone)}</span>
    </time>
  );
}

export function orderLabel(order: Pick<AccountOrder, 'number' | 'id'>): string {
  return order.number === null ? order.id.slice(0, 8) : `#${order.number}`;
}

/**
 * A school order's meals in the list: the list's rows (AccountOrder) carry no lines, so each school
 * order reads its own details (GET /api/auth/scheduled-orders/{id}); a failure leaves the row without them.
 */
function SchoolOrderMeals({ orderId, credentials }: { orderId: string; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useAccountClient();
  // The server names the meals in the asked language: a language switch reads them again.
  const query = useQuery({
    queryKey: queryKeys.scheduledOrders.one(credentials.userId, orderId, locale),
    queryFn: ({ signal }) => getScheduledOrder(client, credentials, orderId, signal),
  });
  if (!query.isSuccess || query.data.items.length === 0) return null;
  return (
    <>
      <dt>{t('scheduledOrders.meals')}</dt>
      <dd>{query.data.items.map((item) => t('scheduledOrders.line', { quantity: item.quantity, name: item.name })).join(', ')}</dd>
    </>
  );
}

function ScheduledOrders({ credentials }: { credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { search, state: navigationState } = useLocation();
  const client = useAccountClient();
  // Kept here and dropped from the history entry, so a reload does not announce the refund again.
  const [{ cancelled, refused }] = useState(() => (navigationState ?? {}) as CancelledNotice);
  const navigate = useNavigate();
  useEffect(() => {
    if (navigationState) void navigate(`${ROUTE_PATHS.ScheduledOrders}${search}`, { replace: true, state: null });
  }, [navigationState, navigate, search]);
  const query = useQuery({
    queryKey: queryKeys.scheduledOrders.list(credentials.userId),
    queryFn: ({ signal }) => listScheduledOrders(client, credentials, signal),
    // An order placed in another tab shows on coming back here, and is followed live (live-statuses.tsx).
    refetchOnWindowFocus: true,
  });
  // A cancelled order is gone even if the list was read a moment before the cancel landed.
  const orders = query.isSuccess ? query.data.filter((order) => order.id !== cancelled?.orderId && order.id !== refused?.orderId) : [];
  return (
    <>
      <p role="status" className="profile-lists__notice">
        {cancelled
          ? t('scheduledOrders.credited', {
              amount: formatMoney(cancelled.amount, locale),
              date: formatDate(cancelled.expiresAt, cancelled.zone),
            })
          : refused
            ? t('errors.SCHEDULED_ORDER_NOT_CANCELLABLE')
            : ''}
      </p>
      {query.isError && (
        <div className="inline-error" role="alert">
          <p>{errorMessage(t, query.error)}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('scheduledOrders.retry')}
          </button>
        </div>
      )}
      {!query.isSuccess && !query.isError && <Spinner />}
      {query.isSuccess && orders.length === 0 && <p>{t('scheduledOrders.empty')}</p>}
      {orders.length > 0 && (
        <LiveStatuses
          reload={() => void query.refetch()}
          orders={orders.map((order) => ({
            id: order.id,
            status: order.status,
            label: orderLabel(order),
            restaurant: order.restaurantName,
            pickupTime: order.pickupTime,
          }))}
        >
          <ul className="profile-cards" aria-label={t('screens.ScheduledOrders.title')}>
            {orders.map((order) => (
              <li key={order.id} className="profile-card">
                <h2 className="profile-card__title">
                  <Link to={`${ROUTE_PATHS.ScheduledOrderDetails.replace(':orderId', encodeURIComponent(order.id))}${search}`}>
                    {t('scheduledOrders.orderAt', { number: orderLabel(order), restaurant: order.restaurantName })}
                  </Link>
                </h2>
                <dl className="profile-card__facts">
                  {order.schoolDate ? (
                    <>
                      <SchoolOrderFacts schoolDate={order.schoolDate} studentName={order.studentName} />
                      <SchoolOrderMeals orderId={order.id} credentials={credentials} />
                    </>
                  ) : (
                    <>
                      <dt>{order.delivery ? t('scheduledOrders.delivery') : t('scheduledOrders.pickup')}</dt>
                      <dd>{order.pickupTime && <ZonedDateTime value={order.pickupTime} zone={order.restaurantZone} />}</dd>
                    </>
                  )}
                  <dt>{t('scheduledOrders.total')}</dt>
                  <dd>{formatMoney(order.total, locale)}</dd>
                  <LiveStatusFact orderId={order.id} loaded={order.status} />
                </dl>
              </li>
            ))}
          </ul>
        </LiveStatuses>
      )}
    </>
  );
}
