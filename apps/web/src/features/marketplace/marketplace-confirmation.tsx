/**
 * The confirmation of a marketplace hub's checkout (features/order/checkout-confirmation-screen.tsx):
 * how the cart was split, each vendor's order under its vendor's name with its lines, and the one
 * payment. The order's own facts (number, status, pickup time, amount) come from the order feature.
 */
import type { OrderView } from '@servery/contracts/orders';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import './marketplace.css';

export function MarketplaceSplit({ count, paid, children }: { count: number; paid: number; children: ReactNode }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <div className="marketplace-split">
      <p className="checkout-confirmation__lead">{t('marketplace.splitLead', { count })}</p>
      {paid > 0 && <p className="marketplace-split__paid">{t('marketplace.paidOnce', { amount: formatMoney(paid, locale) })}</p>}
      {children}
    </div>
  );
}

/** One vendor's order: its vendor and number as a heading, its lines, then `children` (its facts). */
export function VendorOrder({ order, children }: { order: OrderView; children: ReactNode }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const split = order.marketplace;
  const vendor = split ? (split.vendor.names[locale] ?? split.vendor.name) : '';
  const headingId = `vendor-order-${order.id}`;
  return (
    <section className="marketplace-order" aria-labelledby={headingId}>
      <h3 id={headingId} className="marketplace-order__title">
        {t('marketplace.vendorOrder', { vendor, number: order.number })}
      </h3>
      {split && (
        <ul className="marketplace-order__lines" aria-label={t('marketplace.vendorLines', { vendor })}>
          {split.lines.map((line) => (
            <li key={line.orderId}>
              {line.quantity} × {line.names[locale] ?? line.names['en-CA'] ?? ''}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
