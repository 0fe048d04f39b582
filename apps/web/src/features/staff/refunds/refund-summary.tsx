import type { StaffOrder } from '@servery/contracts/staff';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/**
 * An order card's partial refunds (each amount and why) and, for an owner or a manager while some of
 * the card's charge is left, the "Refund…" button that opens the refund dialog.
 */
export function RefundSummary({
  order,
  onRefund,
}: {
  order: StaffOrder;
  /** Absent for a role that cannot refund (the kitchen's). */
  onRefund?: ((order: StaffOrder, opener: HTMLElement) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const refunds = order.refunds ?? [];
  return (
    <>
      {refunds.length > 0 && (
        <ul className="staff-card__refunds" aria-label={t('staff.refunds.listLabel', { number: order.number })}>
          {refunds.map((refund) => (
            <li key={refund.id}>{t('staff.refunds.done', { amount: formatMoney(refund.amount, locale), reason: refund.reason })}</li>
          ))}
        </ul>
      )}
      {onRefund && (order.refundable ?? 0) > 0 && (
        <button
          type="button"
          className="button"
          aria-label={t('staff.refunds.openLabel', { number: order.number })}
          onClick={(event) => onRefund(order, event.currentTarget)}
        >
          {t('staff.refunds.open')}
        </button>
      )}
    </>
  );
}
