import type { OrderView } from '@servery/contracts/orders';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

/**
 * What the restaurant gave back of the order so far (partial refunds, docs/decisions/0103-partial-refunds.md):
 * the sum, then each refund's reason as staff wrote it for the diner; nothing when there is none.
 */
export function OrderRefunds({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <div className="notice">
      <p className="notice__title">{t('orderRefunds.notice', { amount: formatMoney(order.refundedAmount ?? 0, locale) })}</p>
      <ul>
        {refunds.map((refund) => (
          <li key={refund.id}>
            {formatMoney(refund.amount, locale)} · {t('orderRefunds.reason', { reason: refund.reason })}
          </li>
        ))}
      </ul>
    </div>
  );
}
