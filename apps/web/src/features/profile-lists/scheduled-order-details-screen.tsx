import type { ScheduledOrderDetailResponse } from '@servery/contracts/accounts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { isSessionExpired, useAccountClient, type SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { cancelScheduledOrder, getScheduledOrder } from './profile-api';
import { RequireSession } from '../../components/require-session';
import { orderLabel, SchoolOrderFacts, ZonedDateTime, type CancelledNotice } from './scheduled-orders-screen';
import { orderFactsModule } from '../../ordering';
import { ProfileListPage } from './profile-list-page';

/**
 * The order's costs as it was priced, every reduction, charge, tax, tip and tender, so its lines add
 * up to its total (issue 30, defect 3): the confirmation's own rows, from the ordering core.
 */
const OrderCosts = lazy(() => orderFactsModule().then((module) => ({ default: module.OrderCosts })));

/** Spec section 8: 443 on cancel means the order can no longer be cancelled. */
const NOT_CANCELLABLE_CODE = 443;

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
      {order.isSuccess && <OrderDetails detail={order.data} credentials={credentials} listPath={listPath} />}
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
  const navigate = useNavigate();
  const client = useAccountClient();
  const { order, items, costs } = detail;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  // Cancelled or refused as no longer cancellable (443), the order leaves the list, and the credit
  // it gave back shows in the user's snapshot: both are read again.
  const cancelOrder = useMutation({
    mutationFn: () => cancelScheduledOrder(client, credentials, order.id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.scheduledOrders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userSnapshots });
      void queryClient.invalidateQueries({ queryKey: queryKeys.creditBalances(credentials.userId) });
    },
  });

  async function cancel() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await cancelOrder.mutateAsync();
      const notice: CancelledNotice = {
        cancelled: { orderId: order.id, amount: answer.credit.amount, expiresAt: answer.credit.expiresAt, zone: order.restaurantZone },
      };
      void navigate(listPath, { state: notice });
    } catch (error) {
      if (isSessionExpired(error)) return;
      setFailure(errorMessage(t, error));
      if (isApiError(error) && error.code === NOT_CANCELLABLE_CODE) {
        // Spec accounts-and-suites.md section 4: a 443 answer removes the order from the list too.
        const notice: CancelledNotice = { refused: { orderId: order.id } };
        void navigate(listPath, { state: notice });
        return;
      }
      setConfirming(false);
      setBusy(false);
    }
  }

  const cancellable = detail.cancellable;
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
        {!detail.cancellable && (
          <>
            <dt>{t('scheduledOrders.status')}</dt>
            <dd>{t(`scheduledOrders.statuses.${isKnownStatus(order.status) ? order.status : 'other'}`)}</dd>
          </>
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
      {failure && (
        <p role="alert" className="inline-error">
          {failure}
        </p>
      )}
      {cancellable && !confirming && (
        <div className="button-row">
          <button ref={cancelRef} type="button" className="button" onClick={() => setConfirming(true)}>
            {t('scheduledOrders.cancel')}
          </button>
        </div>
      )}
      {cancellable && confirming && (
        <ConfirmCancel
          amount={formatMoney(order.total, locale)}
          busy={busy}
          onConfirm={() => void cancel()}
          onKeep={() => {
            setConfirming(false);
            // Back to the button that opened the question.
            requestAnimationFrame(() => cancelRef.current?.focus());
          }}
        />
      )}
    </>
  );
}

const STATUSES = ['placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled', 'refunded'] as const;
function isKnownStatus(status: string): status is (typeof STATUSES)[number] {
  return (STATUSES as readonly string[]).includes(status);
}

function ConfirmCancel({ amount, busy, onConfirm, onKeep }: { amount: string; busy: boolean; onConfirm: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <div className="profile-confirm" role="group" aria-labelledby="cancel-question">
      <p id="cancel-question" ref={questionRef} tabIndex={-1} className="profile-confirm__question">
        {t('scheduledOrders.confirmCancel', { amount })}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {t('scheduledOrders.confirmCancelYes')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onKeep}>
          {t('scheduledOrders.confirmCancelNo')}
        </button>
      </div>
    </div>
  );
}
