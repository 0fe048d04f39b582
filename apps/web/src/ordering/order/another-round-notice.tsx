import type { OrderView } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { reorderKind, reorderQuery } from '@servery/domain/reorder';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import type { AnotherRound } from './use-another-round';

/**
 * The lines of the earlier order that could not go into the new cart, each named with why (in the
 * cart notice's own words), kept on the menu until dismissed: a toast would be gone before the
 * diner has read which dish is missing (issue 30 item 2).
 */
export function AnotherRoundLeftOut({ round }: { round: AnotherRound }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (round.leftOut.length === 0) return null;
  return (
    <div role="alert" className="notice notice--warning cart-notice">
      <p className="notice__title">{t('cart.anotherRound.leftOutTitle')}</p>
      <ul className="cart-notice__list">
        {round.leftOut.map((line) => (
          <li key={line.orderId}>{line.name ? t(`cart.notice.${line.reason}`, { name: line.name[locale] }) : t('cart.notice.gone')}</li>
        ))}
      </ul>
      <button type="button" className="button button--small" onClick={round.dismiss}>
        {t('cart.notice.dismiss')}
      </button>
    </div>
  );
}

/**
 * "Another round" (a table's order) or "Order this again" (takeout, catering) on the confirmation:
 * the menu of the same order type with `?anotherRoundId=`, which fills a new cart with this order's
 * lines at today's prices (use-another-round.ts). Nothing where the restaurant turned it off or the
 * order's cart is not the menu's (domain/reorder.ts).
 */
export function ReorderLink({ restaurant, order }: { restaurant: PublicRestaurant; order: OrderView }) {
  const { t } = useTranslation();
  const kind = reorderKind(order, restaurant);
  if (kind === null) return null;
  return (
    <Link className="button" to={`/${restaurant.slug}?${reorderQuery(order, order.id)}`}>
      {kind === 'another_round' ? t('checkout.confirmation.anotherRound') : t('checkout.confirmation.orderAgain')}
    </Link>
  );
}
