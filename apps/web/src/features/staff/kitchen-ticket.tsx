import type { StaffOrder } from '@servery/contracts/staff';
import { useTranslation } from 'react-i18next';
import { OrderFacts, OrderLines } from './order-card';

/** The printed kitchen ticket: only this shows on paper (staff.css, @media print). */
export function KitchenTicket({ order, zone, today, restaurant }: { order: StaffOrder; zone: string; today: string; restaurant: string }) {
  const { t } = useTranslation();
  return (
    <div className="staff-ticket" aria-hidden="true">
      <p>{restaurant}</p>
      <p className="staff-ticket__number">{t('staff.board.orderNumber', { number: order.number })}</p>
      <OrderFacts order={order} zone={zone} today={today} />
      <p>{order.contact.full_name}</p>
      <OrderLines order={order} />
    </div>
  );
}
