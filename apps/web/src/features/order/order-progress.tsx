import type { OrderView } from '@servery/contracts/orders';
import { isTerminalStatus } from '@servery/domain/order-lifecycle';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n-context';
import type { ApiClient } from '../../lib/api';
import { getOrder } from './order-api';

/** How often the confirmation asks where the order is, while the tab is in view and the order is not finished. */
export const PROGRESS_POLL_MS = 3000;

/**
 * Where the diner's order is now (new, accepted, being prepared, ready, ...), following the
 * restaurant's moves on its staff board: read again every few seconds until the order is finished.
 */
export function OrderProgress({ client, order, token }: { client: ApiClient; order: OrderView; token: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(order.status);

  useEffect(() => {
    if (isTerminalStatus(status) || status === 'completed') return;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      getOrder(client, order.id, token).then(
        (answer) => {
          if (!stopped) setStatus(answer.order.status);
        },
        () => undefined,
      );
    }, PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client, order.id, token, status]);

  return (
    <p className="checkout-confirmation__progress" role="status">
      {t('checkout.confirmation.progress', { status: t(`checkout.confirmation.statuses.${status}`) })}
    </p>
  );
}
