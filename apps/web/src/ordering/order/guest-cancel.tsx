/**
 * A guest cancels their own order (issue 30; POST /api/orders/:id/cancel,
 * apps/api/src/use-cases/orders/cancel-guest-order.ts) where the restaurant allows it
 * (`guest_order_cancellation`; maple-school does): a button while the server says `guestCancellable`,
 * a confirmation dialog, then what happened to the money. Also why a cancelled order was cancelled,
 * as the restaurant wrote it for the diner (`cancelReason`).
 */
import type { OrderView } from '@servery/contracts/orders';
import { chargesCard } from '@servery/domain/payment-method';
import type { TFunction } from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import type { Locale } from '../../i18n/locales';
import { useLocale } from '../../lib/use-locale';
import { cancelGuestOrder, getOrder } from './order-api';

/** "$12.34 goes back to VISA ending in 4242", or that nothing was charged: the outcome of the guest's cancellation. */
export function refundText(order: OrderView, t: TFunction, locale: Locale): string {
  const { method, brand, last4, amount } = order.payment;
  if (!chargesCard(method) || amount === 0) return t('checkout.confirmation.cancel.nothingCharged');
  const card = brand && last4 ? t('checkout.confirmation.card', { brand, last4 }) : t('checkout.confirmation.cancel.yourCard');
  return t('checkout.confirmation.cancel.refund', { amount: formatMoney(amount, locale), card });
}

export function GuestCancel({
  restaurantId,
  order,
  token,
  cancellable,
  onCancelled,
}: {
  restaurantId: number;
  order: OrderView;
  token: string;
  /** The server's `guestCancellable` for this order, as last read. */
  cancellable: boolean;
  /** Told once the guest's cancellation went through (the screen then need not say the refund twice). */
  onCancelled?: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useApiClient(restaurantId);
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useMutation({
    mutationFn: () => cancelGuestOrder(client, order.id, token),
    // Cancelled, or refused because the kitchen took it meanwhile (443): either way the order is read
    // again wherever this restaurant's placed orders show, so its status and the button follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.placedOrdersAt(restaurantId) }),
    onSuccess: () => {
      setAsking(false);
      onCancelled?.();
    },
  });

  if (cancel.isSuccess) {
    return (
      <p role="status" className="notice notice--info">
        {t('checkout.confirmation.cancel.done')} {refundText(cancel.data.order, t, locale)}
      </p>
    );
  }
  const failure = cancel.isError ? errorMessage(t, cancel.error) : null;
  return (
    <>
      {failure && !asking && (
        <p role="alert" className="inline-error">
          {failure}
        </p>
      )}
      {cancellable && (
        <p>
          <button
            ref={opener}
            type="button"
            className="button"
            aria-label={t('checkout.confirmation.cancel.buttonLabel', { number: order.number })}
            onClick={() => {
              cancel.reset();
              setAsking(true);
            }}
          >
            {t('checkout.confirmation.cancel.button')}
          </button>
        </p>
      )}
      {cancellable && asking && (
        <ConfirmDialog
          title={t('checkout.confirmation.cancel.title', { number: order.number })}
          question={t('checkout.confirmation.cancel.question')}
          confirm={t('checkout.confirmation.cancel.confirm')}
          cancelLabel={t('checkout.confirmation.cancel.keep')}
          busy={cancel.isPending}
          returnFocusTo={opener.current}
          onConfirm={() => cancel.mutate()}
          onCancel={() => setAsking(false)}
        >
          {failure && (
            <p role="alert" className="inline-error">
              {failure}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/** Why the order was cancelled or refunded, as staff wrote it for the diner; nothing for any other order. */
export function CancelReason({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  if ((order.status !== 'cancelled' && order.status !== 'refunded') || !order.cancelReason) return null;
  return (
    <p className="notice notice--warning">
      <span className="notice__title">{t('checkout.confirmation.cancel.reason')}</span> {order.cancelReason}
    </p>
  );
}

/**
 * The same for one order a vertical shows itself (a school checkout's days, features/school): the
 * order is read with its secret to learn whether the guest may cancel it; nothing shows until then.
 */
export function PlacedOrderCancel({ restaurantId, orderId, token }: { restaurantId: number; orderId: string; token: string }) {
  const client = useApiClient(restaurantId);
  const answer = useQuery({
    queryKey: queryKeys.placedOrder(restaurantId, orderId),
    queryFn: ({ signal }) => getOrder(client, orderId, token, signal),
  });
  if (!answer.data) return null;
  return (
    <>
      <CancelReason order={answer.data.order} />
      <GuestCancel
        restaurantId={restaurantId}
        order={answer.data.order}
        token={token}
        cancellable={answer.data.guestCancellable === true}
      />
    </>
  );
}
