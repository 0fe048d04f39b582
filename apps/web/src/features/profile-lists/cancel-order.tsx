import type { ScheduledOrderDetailResponse } from '@servery/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { isSessionExpired, useAccountClient, type SessionCredentials } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';
import { cancelScheduledOrder } from './profile-api';
import type { CancelledNotice } from './scheduled-orders-screen';

/** Spec section 8: 443 on cancel means the order can no longer be cancelled. */
const NOT_CANCELLABLE_CODE = 443;

/**
 * A scheduled order's cancellation (scheduled-order-details-screen.tsx): the button, the question
 * with the amount, then back to the list, which says what became of the order and its credit.
 */
export function CancelOrder({
  order,
  cancellable,
  credentials,
  listPath,
}: {
  order: ScheduledOrderDetailResponse['order'];
  /** The server still lets it be cancelled; a failure already said stays when it no longer does. */
  cancellable: boolean;
  credentials: SessionCredentials;
  listPath: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const client = useAccountClient();
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

  return (
    <>
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
