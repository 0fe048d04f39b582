import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { useLocale } from '../../lib/use-locale';
import type { HubCartLinesProps } from '../../ordering';
import { HeldVendorNotice } from './held-vendor-notice';
import { vendorGroups } from './vendor-groups';
import { heldVendors, takeOutVendor, vendorKey, type HeldVendor } from './vendor-state';

/**
 * A marketplace hub's cart lines (the core's cart screen, ordering/cart/cart-lines.tsx, hands them
 * here): listed under each vendor, one order per vendor when placed. A vendor that cannot take its
 * lines now has them marked, with its reason and the one action that takes them out.
 */
export function HubCartLines({ cart, restaurant, headingId, renderLine, onVendorRemoved }: HubCartLinesProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const [removed, setRemoved] = useState('');
  const { items } = cart.choices;
  const held = heldVendors(items, cart.groups, restaurant, cart.orderType, cart.vendorHolds, now, t, locale);
  // One action takes the vendor's lines out; focus goes to the cart's heading, the status says what went.
  const remove = (vendor: HeldVendor) => {
    takeOutVendor(cart, vendor.vendorId);
    setRemoved(t('marketplace.removedVendor', { vendor: vendor.name }));
    onVendorRemoved();
  };
  return (
    <div className="cart-vendors">
      <p role="status" className="visually-hidden">
        {removed}
      </p>
      {vendorGroups(items, cart.groups, restaurant, locale).map((group) => {
        const key = vendorKey(group.vendorId);
        const hold = held.find((vendor) => vendor.vendorId === group.vendorId);
        const reasonId = `${headingId}-vendor-${key}-held`;
        return (
          <section key={key} className="cart-vendor" aria-labelledby={`${headingId}-vendor-${key}`}>
            <h3 id={`${headingId}-vendor-${key}`} className="cart-vendor__name">
              {group.name}
            </h3>
            {hold && <HeldVendorNotice held={hold} id={reasonId} onRemove={remove} />}
            <ul className="cart-lines" aria-label={t('marketplace.vendorLines', { vendor: group.name })}>
              {group.lines.map((line) => renderLine(line, 'h4', hold ? reasonId : null))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
