/**
 * The week's cart section: the core's day carts listed by child and day (their own chunk, shown once a
 * day has a meal), the way to checkout, and a bar at the foot of a phone's screen that jumps here.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { dayCartListModule, type DayCarts, type DayOrdering } from '../../ordering';

const DayCartList = lazy(() => dayCartListModule().then((module) => ({ default: module.DayCartList })));
const DayPricingState = lazy(() => dayCartListModule().then((module) => ({ default: module.DayPricingState })));

const CART_TITLE_ID = 'school-cart-title';

/** The week's cart brought into view with focus on its heading: the phone's bar below, and the header's cart link (use-cart-link.ts). */
export function showWeekCart(): void {
  const heading = document.getElementById(CART_TITLE_ID);
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus();
}

export function WeekCartSection({ cart, plugin, onCheckout }: { cart: DayCarts; plugin: DayOrdering; onCheckout: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const count = cart.orders.reduce((sum, order) => sum + order.items.reduce((inner, line) => inner + line.quantity, 0), 0);
  const subtotal = cart.orders.reduce((sum, order) => sum + order.items.reduce((inner, line) => inner + line.orderPrice, 0), 0);
  return (
    <>
      <section className="school-cart-panel" aria-labelledby={CART_TITLE_ID}>
        <h2 id={CART_TITLE_ID} tabIndex={-1}>
          {t('school.cart.title')}
        </h2>
        {cart.orders.length === 0 ? (
          <p>{t('school.cart.empty')}</p>
        ) : (
          <>
            <Suspense fallback={<Spinner />}>
              <DayCartList orders={cart.orders} priced={cart.priced} plugin={plugin} onQuantity={cart.setQuantity} headingLevel={2} />
              <DayPricingState cart={cart} />
            </Suspense>
            <button type="button" className="button button--primary school-cart-panel__checkout" onClick={onCheckout}>
              {t('school.cart.checkout')}
            </button>
          </>
        )}
      </section>
      {count > 0 && (
        // The week is long on a phone: the cart stays one tap away at the foot of the screen.
        <div className="school-cart-bar">
          <button type="button" className="button button--primary school-cart-bar__button" onClick={showWeekCart}>
            {t('school.cart.jump', {
              items: t('school.cart.items', { count }),
              amount: formatMoney(cart.priced?.total.amountDue ?? subtotal, locale),
            })}
          </button>
        </div>
      )}
    </>
  );
}
