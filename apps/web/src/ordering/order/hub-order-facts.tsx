/**
 * A marketplace hub's vendor order in the confirmation's facts (order-facts.tsx). The hub's checkout
 * charged the diner once and became one order per vendor; the receipt's "See your order's status"
 * link (apps/api/src/use-cases/checkout/status-link.ts) opens one of them alone, where no vendor
 * heading or "Paid once" line of the hub's split (features/marketplace) stands above it. So the facts
 * name the vendor, word its amount as this vendor's part, never "Total charged", and say what the
 * whole hub order charged, as the server kept it with the order (`marketplace.checkoutAmount`).
 * Inside the split (`inSplit`), the heading names the vendor and the split says the amount paid once.
 */
import type { OrderView } from '@servery/contracts/orders';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

/** A checkout that became orders of several vendors: this order is a part of it. */
export function isHubPart(order: OrderView): boolean {
  return order.marketplace !== undefined && (order.marketplace.orderCount ?? 2) > 1;
}

export function HubVendorRow({ order, inSplit }: { order: OrderView; inSplit: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const split = order.marketplace;
  if (!split || inSplit) return null;
  return (
    <>
      <dt>{t('checkout.confirmation.vendor')}</dt>
      <dd>{split.vendor.names[locale] ?? split.vendor.name}</dd>
    </>
  );
}

/** This vendor's part, then (alone) the hub order's one charge or total; `amount` is the part in cents. */
export function HubPartTotal({
  order,
  amount,
  paidLater,
  inSplit,
}: {
  order: OrderView;
  amount: number;
  paidLater: boolean;
  inSplit: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const whole = order.marketplace?.checkoutAmount;
  const count = order.marketplace?.orderCount ?? 0;
  return (
    <>
      <dt>{t('checkout.confirmation.vendorPart')}</dt>
      <dd>{formatMoney(amount, locale)}</dd>
      {!inSplit && whole !== undefined && whole > 0 && (
        <>
          <dt>{paidLater ? t('checkout.confirmation.hubTotal', { count }) : t('checkout.confirmation.hubCharged', { count })}</dt>
          <dd>{formatMoney(whole, locale)}</dd>
        </>
      )}
    </>
  );
}
