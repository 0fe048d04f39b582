import type { ScheduledOrderDetailResponse } from '@servery/contracts/accounts';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useAccountClient, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { getScheduledOrder } from './profile-api';
import { RequireSession } from '../../components/require-session';
import { orderLabel, SchoolOrderFacts, ZonedDateTime } from './scheduled-orders-screen';
import { CancelOrder } from './cancel-order';
import { orderFactsModule, ReceiptPdfLink } from '../../ordering';
import { ProfileListPage } from './profile-list-page';
import { LiveStatuses, LiveStatusFact, type FollowedOrder } from './live-statuses';
import { isInProgress, statusLabelKey } from '../../lib/order-status';

function followedOrder({ order }: ScheduledOrderDetailResponse): FollowedOrder {
  return { id: order.id, status: order.status, label: orderLabel(order), restaurant: order.restaurantName, pickupTime: order.pickupTime };
}

/**
 * The order's costs as it was priced, every reduction, charge, tax, tip and tender, so its lines add
 * up to its total (issue 30, defect 3): the confirmation's own rows, from the ordering core.
 */
const OrderCosts = lazy(() => orderFactsModule().then((module) => ({ default: module.OrderCosts })));

export function ScheduledOrderDetailsScreen() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  useDocumentTitle(t('screens.ScheduledOrders.title'));
  return (
    <RequireSession>
      {({ credentials }) => <ScheduledOrderDetails key={orderId} orderId={orderId} credentials={credentials} />}
    </RequireSession>
  );
}

function ScheduledOrderDetails({ orderId, credentials }: { orderId: string; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { locale } = useLocale();
  const client = useAccountClient();
  // The server names the lines in the asked language: a language switch reads them again.
  const order = useQuery({
    queryKey: queryKeys.scheduledOrders.one(credentials.userId, orderId, locale),
    queryFn: ({ signal }) => getScheduledOrder(client, credentials, orderId, signal),
  });
  const listPath = `${ROUTE_PATHS.ScheduledOrders}${search}`;
  const title = order.isSuccess
    ? t('screens.ScheduledOrderDetails.title', { orderId: orderLabel(order.data.order) })
    : t('screens.ScheduledOrders.title');
  return (
    <ProfileListPage title={title}>
      {order.isError && (
        <p className="inline-error" role="alert">
          {errorMessage(t, order.error)}
        </p>
      )}
      {!order.isSuccess && !order.isError && <Spinner />}
      {order.isSuccess && (
        // A move of the kitchen's reads the order again: once accepted, it can no longer be cancelled.
        <LiveStatuses orders={[followedOrder(order.data)]} onChange={() => void order.refetch()} reload={() => void order.refetch()}>
          <OrderDetails detail={order.data} credentials={credentials} listPath={listPath} />
        </LiveStatuses>
      )}
      <p>
        <Link to={listPath}>{t('scheduledOrders.back')}</Link>
      </p>
    </ProfileListPage>
  );
}

function OrderDetails({
  detail,
  credentials,
  listPath,
}: {
  detail: ScheduledOrderDetailResponse;
  credentials: SessionCredentials;
  listPath: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { order, items, costs } = detail;
  return (
    <>
      <dl className="profile-card__facts">
        <dt>{t('scheduledOrders.restaurant')}</dt>
        <dd>{order.restaurantName}</dd>
        {order.schoolDate ? (
          <SchoolOrderFacts schoolDate={order.schoolDate} studentName={order.studentName} />
        ) : (
          <>
            <dt>{detail.delivery ? t('scheduledOrders.delivery') : t('scheduledOrders.pickup')}</dt>
            <dd>{order.pickupTime && <ZonedDateTime value={order.pickupTime} zone={order.restaurantZone} />}</dd>
          </>
        )}
        {isInProgress(order.status) ? (
          <LiveStatusFact orderId={order.id} loaded={order.status} />
        ) : (
          !detail.cancellable && (
            <>
              <dt>{t('scheduledOrders.status')}</dt>
              <dd>{t(statusLabelKey(order.status))}</dd>
            </>
          )
        )}
      </dl>
      <h2>{t('scheduledOrders.items')}</h2>
      <ul className="profile-lines">
        {items.map((item, index) => (
          <li key={index} className="profile-line">
            <span className="profile-line__name">
              {t('scheduledOrders.line', { quantity: item.quantity, name: item.name })}
              {item.options.length > 0 && <span className="profile-line__options">{item.options.join(', ')}</span>}
            </span>
            <span className="profile-line__amount">{formatMoney(item.amount, locale)}</span>
          </li>
        ))}
      </ul>
      <Suspense fallback={<Spinner />}>
        <OrderCosts costs={costs} splitTaxes={detail.splitTaxes} level={2} />
      </Suspense>
      <p>
        <ReceiptPdfLink restaurantId={order.restaurantId} orderId={order.id} />
      </p>
      <CancelOrder order={order} cancellable={detail.cancellable} credentials={credentials} listPath={listPath} />
    </>
  );
}
