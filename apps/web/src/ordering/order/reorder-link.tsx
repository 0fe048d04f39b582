import type { OrderView } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { reorderKind, reorderQuery } from '@servery/domain/reorder';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Apart from another-round-notice.tsx, which the menu shows: this link and the reorder rules are
// the confirmation's only (docs/decisions/0096-menu-first-load-lazy-parts.md).

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
