import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { CartNoticeAlert, CartTotalAnnouncer } from './cart-notice';
import type { Cart } from './use-cart';

export interface CartBarProps {
  cart: Cart;
  /** The cart screen is open: it says the notices and totals itself (the page behind it is inert). */
  panelOpen: boolean;
  maxItems: number | null;
  /** Opens the cart screen; the button is where focus goes back when it closes. */
  onOpen: (opener: HTMLElement) => void;
  onPreload: () => void;
}

/**
 * The cart's button at the bottom of the menu (sticky on phones): "View cart, 3 items, $42.10", the
 * total being the server's. Rendered the same on the server and in the first render (an empty cart:
 * no button), so hydration matches; a restored cart shows it after hydration.
 */
export function CartBar({ cart, panelOpen, maxItems, onOpen, onPreload }: CartBarProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const total = cart.costs ? formatMoney(cart.costs.totalWithTip, locale) : null;
  const label = total === null ? t('cart.buttonLabel', { count: cart.count }) : t('cart.buttonLabelTotal', { count: cart.count, total });
  return (
    <div className="cart-bar">
      {!panelOpen && <CartNoticeAlert cart={cart} maxItems={maxItems} />}
      <CartTotalAnnouncer cart={cart} silent={panelOpen} />
      {(cart.count > 0 || panelOpen) && (
        <button
          type="button"
          className="button button--primary cart-bar__button"
          aria-label={label}
          aria-haspopup="dialog"
          aria-busy={cart.costsStatus === 'busy' || undefined}
          onClick={(event) => onOpen(event.currentTarget)}
          onPointerEnter={onPreload}
          onFocus={onPreload}
        >
          {/* The spaces between the parts keep the visible text one with the label, word for word (axe label-content-name-mismatch). */}
          <span className="cart-bar__label">{t('cart.button')}</span>{' '}
          <span className="cart-bar__count">{t('cart.itemCount', { count: cart.count })}</span>
          {total !== null && (
            <>
              {' '}
              <span className="cart-bar__total">{total}</span>
            </>
          )}
        </button>
      )}
    </div>
  );
}
