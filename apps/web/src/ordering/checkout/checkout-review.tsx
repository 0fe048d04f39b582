/** The review before "Place order" (the placed order's facts are in features/order/order-facts.tsx). */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { CateringMinimum, cateringShortfall } from '../cart/cart-extras';
import { CostSummary } from '../cart/cost-breakdown';
import type { Cart } from '../cart/use-cart';
import type { HubRestaurant } from '../plugins';

export function ReviewSection({
  id,
  cart,
  tableNum,
  cateringMinimum,
  splitTaxes,
  heldLines,
  restaurant,
}: {
  id: string;
  cart: Cart;
  /** Dine-in: the table the order is brought to. */
  tableNum: string | null;
  /** Catering: the restaurant's minimum in cents (the server refuses an order below it). */
  cateringMinimum: number | null;
  /** The restaurant's showSplitTaxes. */
  splitTaxes: boolean;
  /** A hub's lines whose vendor cannot take them now: order id to the id of the vendor's reason. */
  heldLines?: ReadonlyMap<number, string>;
  /** A hub: its split per vendor under the summary. */
  restaurant?: HubRestaurant;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const headingId = `${id}-review-heading`;
  const shortfall = cateringMinimum === null ? null : cateringShortfall(cart.costs, cateringMinimum);
  return (
    <section className="cart-section checkout-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-section__title">
        {t('checkout.review.title')}
      </h3>
      {tableNum !== null && (
        // One phrase ("Table 12"), where the diner checks what they are about to pay for.
        <p className="checkout-review__fact">
          <strong>{t('checkout.review.tableNumber', { table: tableNum })}</strong>
        </p>
      )}
      {cateringMinimum !== null && (
        <p className="checkout-hint">{t('checkout.review.cateringMinimum', { minimum: formatMoney(cateringMinimum, locale) })}</p>
      )}
      {shortfall && <CateringMinimum id={`${id}-catering`} shortfall={shortfall} />}
      <ul className="checkout-lines">
        {cart.choices.items.map((line) => (
          <li key={line.orderId} className="checkout-line">
            <span>
              {line.quantity} × {cart.lineName(line) ?? t('cart.unknownItem')}
              {heldLines?.has(line.orderId) && (
                <>
                  {' '}
                  <span className="badge badge--state" aria-describedby={heldLines.get(line.orderId)}>
                    {t('marketplace.heldLine')}
                  </span>
                </>
              )}
            </span>
            <span>{formatMoney(line.orderPrice, locale)}</span>
          </li>
        ))}
      </ul>
      <CostSummary cart={cart} headingId={`${id}-summary`} splitTaxes={splitTaxes} restaurant={restaurant} />
    </section>
  );
}
