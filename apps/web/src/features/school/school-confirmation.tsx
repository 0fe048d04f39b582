import type { CreateK12OrderResponse } from '@servery/contracts/school';
import type { CartItem } from '@servery/domain/cart';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CARD_BRAND_NAMES } from '../../components/ui/card-fields';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMoney } from '../../lib/format';
import { ROUTE_PATHS } from '../../lib/route-paths';
import { useLocale } from '../../lib/use-locale';
import { PlacedOrderCancel } from '../../ordering/verticals';
import { studentName } from './school-ordering';

/**
 * After a school checkout: every order placed, by date, with its child, its meals and its total, then
 * the one payment. Focus moves to the heading so a screen reader starts here. A guest (`guestEmail`)
 * has no account and so no scheduled orders to open: they are told where the receipt went instead,
 * and may cancel a day here where the school allows guests to (`guest_order_cancellation`).
 */
export function SchoolConfirmation({
  placed,
  guestEmail,
  restaurantSlug,
  restaurantId,
  lineName,
  lineOptions,
  onDone,
}: {
  placed: CreateK12OrderResponse;
  guestEmail: string | null;
  restaurantSlug: string;
  restaurantId: number;
  lineName: (line: { id: number; menu_id: number; section_id: number | null }) => string;
  lineOptions: (line: CartItem) => string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { payment } = placed;
  const brand =
    payment.brand && payment.brand in CARD_BRAND_NAMES ? CARD_BRAND_NAMES[payment.brand as keyof typeof CARD_BRAND_NAMES] : payment.brand;
  const card =
    payment.last4 !== null
      ? t('checkout.payment.savedCard', { brand: brand ?? t('checkout.payment.methods.credit_card'), last4: payment.last4 })
      : t('checkout.payment.methods.credit_card');
  const orders = [...placed.orders].sort((a, b) =>
    a.date === b.date ? studentName(a.student).localeCompare(studentName(b.student)) : a.date < b.date ? -1 : 1,
  );
  return (
    <section className="school-confirmation" aria-labelledby="school-confirmation-title">
      <h2 id="school-confirmation-title" ref={headingRef} tabIndex={-1}>
        {t('school.confirmation.title')}
      </h2>
      <p>{t('school.confirmation.lead', { count: orders.length })}</p>
      <ul className="school-confirmation__orders">
        {orders.map(({ order, date, student, access_token: token }) => (
          <li key={order.id} className="school-confirmation__order">
            <h3 className="school-confirmation__date">{formatDay(date, locale)}</h3>
            <p className="school-confirmation__facts">
              <span>{t('school.confirmation.for', { name: studentName(student) })}</span>
              <span>{t('school.confirmation.order', { number: order.number })}</span>
            </p>
            <ul className="school-confirmation__lines">
              {order.items.map((line) => (
                <li key={line.orderId}>
                  {t('scheduledOrders.line', { quantity: line.quantity, name: lineName(line) })}
                  {lineOptions(line) !== '' && <span className="school-cart__options"> ({lineOptions(line)})</span>}
                </li>
              ))}
            </ul>
            <p className="school-confirmation__total">
              {t('school.confirmation.total', { amount: formatMoney(order.costs.total, locale) })}
            </p>
            {/* A guest has no profile to cancel a day from: where the school allows it, it is done here. */}
            {guestEmail !== null && <PlacedOrderCancel restaurantId={restaurantId} orderId={order.id} token={token} />}
          </li>
        ))}
      </ul>
      <p className="school-confirmation__payment">
        {placed.paymentNotRequired || payment.amount === 0
          ? t('school.confirmation.paidNothing')
          : t('school.confirmation.paid', { amount: formatMoney(payment.amount, locale), card })}
      </p>
      {guestEmail !== null && <p>{t('school.confirmation.receiptSent', { email: guestEmail })}</p>}
      <div className="button-row">
        {guestEmail === null && (
          <Link className="button button--primary" to={`${ROUTE_PATHS.ScheduledOrders}?restaurant=${encodeURIComponent(restaurantSlug)}`}>
            {t('school.confirmation.scheduled')}
          </Link>
        )}
        <button type="button" className="button" onClick={onDone}>
          {t('school.confirmation.backToWeek')}
        </button>
      </div>
    </section>
  );
}
