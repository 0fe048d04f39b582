import { orderTypePolicy } from '@servery/domain/order-type';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { errorMessage } from '../../lib/error-message';
import { useCartTenders, useCartValidation } from './cart-actions';
import { staleCartOf } from './cart-api';
import { entryKey } from './cart-model';
import { CateringMinimum, cateringShortfall, OpenTabInfo, TakeoutOptions, UpsellItems } from './cart-extras';
import { CateringLeadTime } from './catering-lead-time';
import { CartLines } from './cart-lines';
import { HeadCountField } from './head-count-field';
import { CartNoticeAlert, CartTotalAnnouncer } from './cart-notice';
import { GiftCardField, PayWhatYouCanField, PromoCodeField } from './cart-tenders';
import { TipChooser } from './cart-tip';
import { CostSummary } from './cost-breakdown';
import { notOrderableReason, type MenuItemEntry, type OrderingGate } from '../../lib/menu-model';
import type { Cart } from './use-cart';
import './cart.css';
import { isCateringOrder } from '@servery/domain/order-type';
import { tableLocationChoices } from '@servery/domain/generic-catering';

export interface CartPanelProps {
  cart: Cart;
  restaurant: PublicRestaurant;
  /** The items the menu shows (its menuList applied): where upsell items come from. */
  entries: readonly MenuItemEntry[];
  gate: OrderingGate;
  onClose: () => void;
  /** Opens an item's dialog over the cart (upsell). */
  onOpenItem: (entry: MenuItemEntry, opener: HTMLElement) => void;
  /** Gets focus back when the cart closes (the cart button). */
  returnFocusTo?: HTMLElement | null;
  /**
   * A signed-in diner's account credits (they come with accounts). Guests have none, and nothing is
   * shown: the cart has no credits control of its own to leave dead.
   */
  credits?: ReactNode;
  /** A validated cart goes on to checkout. */
  onCheckout?: () => void;
  /** What the order is for, above its lines (a suite order: the suite and the event, ordering/plugins.tsx `SuiteMenu`). */
  place?: ReactNode;
}

/**
 * The cart screen, a modal <dialog> over the menu (its own chunk, loaded on first open): lines,
 * takeout option, upsell, promo code, gift card, tip, pay what you can, the server's costs with
 * "Why this price?", and "Continue to checkout" (POST /orders/validate).
 */
export function CartPanel({
  cart,
  restaurant,
  entries,
  gate,
  onClose,
  onOpenItem,
  returnFocusTo,
  credits,
  onCheckout,
  place,
}: CartPanelProps) {
  const { t } = useTranslation();
  const now = useNow();
  const id = useId();
  const titleId = `${id}-title`;
  const tenders = useCartTenders(cart, restaurant.id);
  const { validation, validate } = useCartValidation(cart, restaurant.id);

  // The last line removed: its list is gone, and focus goes to the cart's heading rather than the page.
  const empty = cart.choices.items.length === 0;
  const wasEmpty = useRef(empty);
  useEffect(() => {
    if (empty && !wasEmpty.current) document.getElementById(titleId)?.focus();
    wasEmpty.current = empty;
  }, [empty, titleId]);

  const inCart = useMemo(() => new Set(cart.choices.items.map((line) => line.id)), [cart.choices.items]);
  // The menus of the cart's lines, kept while the lines are: the catering note works out the
  // checkout's first time from them (a pass over the weeks' slots), not on every keystroke in the cart.
  const lineMenus = useMemo(
    () =>
      cart.choices.items.flatMap((line) => {
        const entry = cart.entries.get(entryKey(line));
        return entry ? [entry.menu] : [];
      }),
    [cart.choices.items, cart.entries],
  );
  const upsell = useMemo(() => {
    const seen = new Set<number>();
    return entries.filter((entry) => {
      if (!entry.item.upsell_item || inCart.has(entry.item.id) || seen.has(entry.item.id)) return false;
      seen.add(entry.item.id);
      return notOrderableReason(entry, gate, now, restaurant.zone) === null;
    });
  }, [entries, inCart, gate, now, restaurant.zone]);

  // Generic catering without pickup (genericCateringShowPickupOption false): delivered, or served at
  // one of the table locations when the restaurant lists some; delivery alone is chosen for the diner.
  const noPickup = cart.orderType === 'generic_catering' && !restaurant.genericCateringShowPickupOption;
  const besideDelivery = !noPickup
    ? 'pickup'
    : tableLocationChoices(restaurant.generic_table_locations?.locations).length > 0
      ? 'location'
      : null;
  const deliveryOnly = besideDelivery === null && restaurant.delivery !== null && orderTypePolicy(cart.orderType).allowsDelivery;
  const delivering = cart.choices.delivery;
  const setDelivery = cart.setDelivery;
  useEffect(() => {
    if (deliveryOnly && !delivering) setDelivery(true);
  }, [deliveryOnly, delivering, setDelivery]);

  const subsidies = restaurant.subsidies;
  const payWhatYouCan = restaurant.subsidiesEnabled && subsidies?.is_active === true && subsidies.type === 'pay_what_you_can';
  const shortfall = isCateringOrder(cart.orderType) ? cateringShortfall(cart.costs, restaurant.min_catering_amount) : null;
  const blocked = empty || shortfall !== null;
  // A stale cart is said by the notice (what changed); other refusals (paused, meals, minimum) here.
  const validationError = validation.status === 'error' && !staleCartOf(validation.error) ? errorMessage(t, validation.error) : null;

  return (
    <ModalDialog
      title={t('cart.title')}
      titleId={titleId}
      titleFocusable
      closeLabel={t('cart.close')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      className="cart-panel"
      closeOnBackdrop
      closeOnBack
    >
      <div className="item-dialog__body cart-panel__body">
        {place}
        <CartNoticeAlert cart={cart} maxItems={restaurant.maxItemsPerCart} />
        <CartTotalAnnouncer cart={cart} />
        {empty ? (
          <p className="cart-panel__empty">{t('cart.empty')}</p>
        ) : (
          <>
            {isCateringOrder(cart.orderType) && !cart.suiteOrder && <HeadCountField cart={cart} />}
            <CartLines cart={cart} maxItems={restaurant.maxItemsPerCart} headingId={titleId} restaurant={restaurant} />
            {isCateringOrder(cart.orderType) && !cart.suiteOrder && (
              <CateringLeadTime menus={lineMenus} now={now} restaurant={restaurant} />
            )}
            {orderTypePolicy(cart.orderType).allowsDelivery && restaurant.delivery !== null && !cart.suiteOrder && (
              <TakeoutOptions
                delivery={cart.choices.delivery}
                onChange={cart.setDelivery}
                terms={restaurant.delivery}
                besideDelivery={besideDelivery}
              />
            )}
            {restaurant.allow_open_tab && !cart.suiteOrder && <OpenTabInfo />}
            <UpsellItems entries={upsell} now={now} zone={restaurant.zone} onOpen={onOpenItem} />
            {(restaurant.hasDiscounts || restaurant.voucher !== null || credits) && (
              <div className="cart-section cart-tenders">
                {restaurant.hasDiscounts && <PromoCodeField cart={cart} tenders={tenders} />}
                {restaurant.voucher !== null && <GiftCardField cart={cart} tenders={tenders} voucher={restaurant.voucher} />}
                {credits}
              </div>
            )}
            {restaurant.tipConfig !== null && <TipChooser tipConfig={restaurant.tipConfig} tip={cart.choices.tip} onChange={cart.setTip} />}
            {payWhatYouCan && <PayWhatYouCanField cart={cart} taxInclusive={restaurant.taxInclusive === true} />}
            <CostSummary cart={cart} headingId={`${id}-summary`} splitTaxes={restaurant.showSplitTaxes} restaurant={restaurant} />
          </>
        )}
      </div>
      <div className="item-dialog__footer">
        {shortfall && <CateringMinimum shortfall={shortfall} id={`${id}-minimum`} />}
        <div role="status" className="cart-panel__status">
          {validation.status === 'busy' && t('cart.checkout.checking')}
          {validation.status === 'valid' && t('cart.checkout.ready')}
        </div>
        {validationError && (
          <p role="alert" className="field-error">
            {validationError}
          </p>
        )}
        {/* An empty cart has nothing to check out: it leads back to the menu (issue 31, defect 8). */}
        {empty ? (
          <button type="button" className="button button--primary item-dialog__add" onClick={onClose}>
            {t('cart.backToMenu')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary item-dialog__add"
            aria-disabled={blocked || validation.status === 'busy' || undefined}
            aria-describedby={shortfall ? `${id}-minimum` : undefined}
            onClick={() => {
              if (blocked || validation.status === 'busy') return;
              void validate().then((valid) => {
                if (valid) onCheckout?.();
              });
            }}
          >
            {t('cart.checkout.continue')}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
