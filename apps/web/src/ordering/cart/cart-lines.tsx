import type { OptionGroupFile } from '@servery/contracts/tenant-file';
import { removeLine, setLineQuantity } from '@servery/domain/cart';
import { useEffect, useId, useRef, useState } from 'react';
import { LocalizedText } from '../../components/ui/localized';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import type { CartItem } from './cart-api';
import { entryKey, findOptionValue } from './cart-model';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import type { Cart } from './use-cart';
import { Spinner } from '../../components/ui/spinner';
import { useHubParts, type HubRestaurant } from '../plugins';

type CartOptionGroup = CartItem['orderOptions'][number];

/** What a removal moves focus to: the next line's remove button, else the previous one's (the last line's removal: the cart screen's heading). */
function focusTargetAfterRemoving(items: readonly CartItem[], orderId: number): number | null {
  const index = items.findIndex((line) => line.orderId === orderId);
  return (items[index + 1] ?? items[index - 1])?.orderId ?? null;
}

/**
 * The cart's lines with their options (nested, in the diner's language), a labelled quantity stepper
 * and a remove button each. Quantities change here (capped at the cart's maximum, the line's price in
 * proportion, domain setLineQuantity); the server reprices the cart right after.
 */
export function CartLines({
  cart,
  maxItems,
  headingId,
  restaurant,
}: {
  cart: Cart;
  maxItems: number | null;
  headingId: string;
  /**
   * A marketplace hub's lines are listed under each vendor by the hub's plug-in
   * (features/marketplace/hub-cart-lines.tsx): one order per vendor when placed.
   */
  restaurant?: HubRestaurant;
}) {
  const { t } = useTranslation();
  const hub = useHubParts(restaurant);
  const { items } = cart.choices;
  const removeButtons = useRef(new Map<number, HTMLButtonElement>());
  const [focusRequest, setFocusRequest] = useState<{ orderId: number | null } | null>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const target = focusRequest.orderId === null ? null : removeButtons.current.get(focusRequest.orderId);
    (target ?? document.getElementById(headingId))?.focus();
    setFocusRequest(null);
  }, [focusRequest, headingId]);

  const limits = { maxItemsPerCart: maxItems };
  const lineTotals = new Map(cart.costs?.lines.map((line) => [line.orderId, line.subtotal]));

  const renderLine = (line: CartItem, nameAs: 'h3' | 'h4' = 'h3', heldBy: string | null = null) => (
    <CartLine
      heldBy={heldBy}
      nameAs={nameAs}
      key={line.orderId}
      cart={cart}
      line={line}
      // The server's price of the line (its costs, else the price it gave the line when it was added): shown, never computed.
      price={lineTotals.get(line.orderId) ?? line.orderPrice}
      max={maxItems === null ? null : Math.max(line.quantity, maxItems - (cart.count - line.quantity))}
      onQuantity={(quantity) => cart.setItems(setLineQuantity(items, line.orderId, quantity, limits).items)}
      onRemove={() => {
        setFocusRequest({ orderId: focusTargetAfterRemoving(items, line.orderId) });
        cart.setItems(removeLine(items, line.orderId));
      }}
      removeRef={(element) => {
        if (element) removeButtons.current.set(line.orderId, element);
        else removeButtons.current.delete(line.orderId);
      }}
    />
  );
  if (hub.pending) return <Spinner />;
  if (hub.parts && restaurant)
    return (
      <hub.parts.CartLines
        cart={cart}
        restaurant={restaurant}
        headingId={headingId}
        renderLine={renderLine}
        onVendorRemoved={() => setFocusRequest({ orderId: null })}
      />
    );
  return (
    <ul className="cart-lines" aria-label={t('cart.linesLabel')}>
      {items.map((line) => renderLine(line))}
    </ul>
  );
}

interface CartLineProps {
  /** A hub's vendor cannot take this line now: the id of its reason (features/marketplace/held-vendor-notice.tsx). */
  heldBy: string | null;
  /** The line's name is a heading under the cart's (h3), or under its vendor's (h4). */
  nameAs: 'h3' | 'h4';
  cart: Cart;
  line: CartItem;
  price: number;
  max: number | null;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  removeRef: (element: HTMLButtonElement | null) => void;
}

function CartLine({ heldBy, nameAs, cart, line, price, max, onQuantity, onRemove, removeRef }: CartLineProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const entry = cart.entries.get(entryKey(line));
  const name = entry ? localizedText(entry.item, 'name', locale) : { text: t('cart.unknownItem'), locale };
  const quantityId = `${id}-quantity`;
  const perPerson = cart.isPerPerson(line.id) && cart.choices.headCount != null;
  return (
    <li className={heldBy ? 'cart-line cart-line--held' : 'cart-line'}>
      <div className="cart-line__head">
        <LocalizedText as={nameAs} className="cart-line__name" text={name.text} locale={name.locale} />
        <span className="cart-line__price">{formatMoney(price, locale)}</span>
      </div>
      {heldBy && (
        <p className="badge badge--state cart-line__held" aria-describedby={heldBy}>
          {t('marketplace.heldLine')}
        </p>
      )}
      {entry && line.orderOptions.length > 0 && <OptionSummary groups={entry.item.options} chosen={line.orderOptions} />}
      {line.specialInstructions && <p className="cart-line__instructions">{t('cart.instructions', { text: line.specialInstructions })}</p>}
      <div className="cart-line__actions">
        {!perPerson && (
          <span id={quantityId} className="visually-hidden">
            {t('cart.quantity', { name: name.text })}
          </span>
        )}
        {perPerson ? (
          // One per guest: the number of guests above the lines sets it (decision 0116).
          <p id={quantityId} className="cart-line__per-person">
            {t('cateringHeadCount.perLine', { name: name.text, count: line.quantity })}
          </p>
        ) : (
          <QuantityStepper
            decreaseLabel={t('cart.decrease', { name: name.text })}
            increaseLabel={t('cart.increase', { name: name.text })}
            value={line.quantity}
            min={entry?.item.min_quantity ?? 1}
            max={max}
            labelledBy={quantityId}
            onChange={onQuantity}
          />
        )}
        <button
          ref={removeRef}
          type="button"
          className="button button--small cart-line__remove"
          aria-label={t('cart.removeLabel', { name: name.text })}
          onClick={onRemove}
        >
          {t('cart.remove')}
        </button>
      </div>
      {entry && entry.item.min_quantity > 1 && (
        <p className="cart-line__minimum">{t('item.minimum', { count: entry.item.min_quantity })}</p>
      )}
    </li>
  );
}

/** The chosen values under a line, nested as chosen, "× 2" for more than one. */
function OptionSummary({ groups, chosen }: { groups: readonly OptionGroupFile[]; chosen: readonly CartOptionGroup[] }) {
  const { locale } = useLocale();
  return (
    <ul className="cart-line__options">
      {chosen.flatMap((group) =>
        group.values.map((value) => {
          const option = findOptionValue(groups, value.id);
          const name = option ? localizedText(option, 'name', locale) : null;
          return (
            <li key={`${group.id}-${value.id}`}>
              {name && <LocalizedText text={name.text} locale={name.locale} />}
              {value.quantity > 1 && <span className="cart-line__option-quantity">{` × ${value.quantity}`}</span>}
              {option && value.options && value.options.length > 0 && <OptionSummary groups={option.options} chosen={value.options} />}
            </li>
          );
        }),
      )}
    </ul>
  );
}
