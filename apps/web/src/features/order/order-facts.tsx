/** The confirmation's facts about a placed order (the review before placing it is features/checkout/checkout-review.tsx). */
import { chargesCard } from '@servery/domain/payment-method';
import type { OrderView } from '@servery/contracts/orders';
import { useTranslation } from '../../i18n/i18n-context';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

type ReferenceMethod = 'purchase_order' | 'cost_center' | 'invoice';
/** Payment methods whose reference (a PO number, a cost centre, an invoice) the diner's accounts need to see again. */
const REFERENCE_METHODS = new Set<string>(['purchase_order', 'cost_center', 'invoice']);

/** What the diner keeps of a placed order: number, when, where, the amount and the receipt's address. */
export function OrderFacts({ order, zone }: { order: OrderView; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const delivered = order.delivery !== null;
  // An invoice, a cost centre or a purchase order is billed later, like paying at the counter.
  const paidLater = !chargesCard(order.payment.method);
  const where = order.delivery ? deliverySummary(order.delivery) : null;
  return (
    <>
      <dl className="checkout-confirmation__facts">
        <dt>{t('checkout.confirmation.number')}</dt>
        <dd>{order.number}</dd>
        <dt>{t('scheduledOrders.status')}</dt>
        <dd className="checkout-confirmation__status">{t(`scheduledOrders.statuses.${order.status}`)}</dd>
        {order.tableNum && (
          <>
            <dt>{t('checkout.review.table')}</dt>
            <dd>{order.tableNum}</dd>
          </>
        )}
        {order.tableLocation && (
          <>
            <dt>{t('checkout.confirmation.tableLocation')}</dt>
            <dd>{order.tableLocation}</dd>
          </>
        )}
        {order.tabOwner && (
          <>
            <dt>{t('checkout.confirmation.tab')}</dt>
            <dd>{order.tabOwner}</dd>
          </>
        )}
        {order.pickup_time && (
          <>
            <dt>{delivered ? t('checkout.confirmation.delivery') : t('checkout.confirmation.pickup')}</dt>
            <dd>
              {formatDate(order.pickup_time, zone)} {formatTime(order.pickup_time, locale, zone)}
            </dd>
          </>
        )}
        {where && (
          <>
            <dt>{t('checkout.confirmation.deliverTo')}</dt>
            <dd>{where}</dd>
          </>
        )}
        {order.payment.reference && REFERENCE_METHODS.has(order.payment.method ?? '') && (
          <>
            <dt>{t(`checkout.confirmation.reference.${order.payment.method as ReferenceMethod}`)}</dt>
            <dd>{order.payment.reference}</dd>
          </>
        )}
        <dt>{paidLater ? t('checkout.confirmation.total') : t('checkout.confirmation.charged')}</dt>
        <dd>{formatMoney(paidLater ? order.costs.totalWithTip : order.payment.amount, locale)}</dd>
      </dl>
      {order.contact.email && <p>{t('checkout.confirmation.receipt', { email: order.contact.email })}</p>}
    </>
  );
}

function deliverySummary(delivery: NonNullable<OrderView['delivery']>): string {
  const parts = [
    delivery.address,
    delivery.location,
    delivery.postalCode,
    delivery.area,
    delivery.student,
    delivery.school,
    delivery.grade,
    delivery.classroom,
    delivery.teacher,
    delivery.section,
    delivery.row,
    delivery.seat,
  ];
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(', ');
}
