/**
 * A marketplace hub's take-out checkout (docs/decisions/0031-marketplace-orders.md): what the generic
 * checkout (features/checkout/checkout-panel.tsx) asks of the hub, in one place. The times are those
 * every vendor of the cart can take (packages/domain/src/marketplace.ts), asked again when the set of
 * vendors changes; a vendor the server says cannot take its lines (the times, a refused placement) is
 * named with its reason, its lines are marked, and one action takes them out; the cart is placed as
 * one order per vendor with one payment. Where the cart is not split by vendor, every piece is inert.
 */
import type { PlaceOrderBody, SchedulingResponse } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { OrderType } from '@servery/domain/order-type';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiClient } from '../../lib/api';
import { useNow } from '../../lib/clock';
import { useLocale } from '../../lib/use-locale';
import type { HeldVendorNoticesProps } from './held-vendor-notice';
import { holdsForAnotherTime, timesHolds } from './hub-holds';
import { placeHubOrder, type PlacedHubOrder } from './marketplace-api';
import { useTimesAgain } from './use-hub-times';
import { vendorOfMenus } from './vendor-groups';
import { heldVendors, placementHolds, splitsByVendor, takeOutVendor, vendorKey, type HeldVendor, type HubCart } from './vendor-state';

type Line = { menu_id: number; orderId: number };

export interface UseHubCheckoutOptions<T extends Line> {
  restaurant: PublicRestaurant;
  /** The order type checkout places; null: none. */
  orderType: OrderType | null;
  /** A suite order (the link's eventSuite) is never split by vendor. */
  suiteOrder: boolean;
  cart: HubCart<T>;
  /** The checkout's id: a vendor's reason is `<id>-held-<vendor key>`. */
  id: string;
  /** The checkout's times are on screen: from then on a change of vendors asks them again. */
  timesShown: boolean;
  /** Asks the checkout's times for these lines. */
  askTimes: (items: T[], signal?: AbortSignal) => Promise<SchedulingResponse>;
  /** Shows times asked again, in place, without blanking the form. */
  showTimes: (scheduling: SchedulingResponse) => void;
  /** The checkout's failure line: the server's refusal, cleared once the vendor is taken out. */
  setFailure: (text: string | null) => void;
  /** A vendor's items came out; `empty`: nothing is left to place. */
  afterRemove: (empty: boolean) => void;
}

export interface HubCheckout {
  /** The cart is placed as one order per vendor. */
  active: boolean;
  /** The lines whose vendor cannot take them now: order id to the id of the vendor's reason. */
  heldLines: ReadonlyMap<number, string>;
  /** The held vendors' notices (held-vendor-notice.tsx `HeldVendorNotices`). */
  notices: HeldVendorNoticesProps;
  /** The checkout's first times: a vendor that can take nothing is held. Stable. */
  takeTimes: (scheduling: SchedulingResponse | null) => void;
  /** The diner chose another time: a vendor that was full or closed at the one asked may suit it. */
  timeChosen: () => void;
  /** A placement a vendor refused: its lines are marked and its removal focused. False: not the hub's refusal. */
  refused: (error: unknown, text: string) => boolean;
  /** Places the cart as one order per vendor (POST /orders/create-marketplace-order). */
  place: (client: ApiClient, body: PlaceOrderBody, idempotencyKey: string, headers: Record<string, string>) => Promise<PlacedHubOrder>;
}

export function useHubCheckout<T extends Line>({
  restaurant,
  orderType,
  suiteOrder,
  cart,
  id,
  timesShown,
  askTimes,
  showTimes,
  setFailure,
  afterRemove,
}: UseHubCheckoutOptions<T>): HubCheckout {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const active = orderType !== null && !suiteOrder && splitsByVendor(restaurant, orderType);
  const items = cart.choices.items;
  const { setVendorHolds } = cart;

  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  });
  const takeTimes = useCallback(
    (scheduling: SchedulingResponse | null) => {
      if (activeRef.current) setVendorHolds(() => timesHolds(scheduling));
    },
    [setVendorHolds],
  );

  // Once a vendor's items come out (or go in), the times are asked again (use-hub-times.ts).
  useTimesAgain({
    restaurantId: restaurant.id,
    active,
    items,
    groups: cart.groups,
    timesShown,
    askTimes,
    show: (scheduling) => {
      showTimes(scheduling);
      setVendorHolds(() => timesHolds(scheduling));
    },
  });

  // The vendors that cannot take their lines: the server's word (times, a refused placement), else the menu's state.
  const held = useMemo(
    () => (active ? heldVendors(items, cart.groups, restaurant, 'take-out', cart.vendorHolds, now, t, locale) : []),
    [active, items, cart.groups, restaurant, cart.vendorHolds, now, t, locale],
  );
  const reasonId = useCallback((vendor: Pick<HeldVendor, 'vendorId'>) => `${id}-held-${vendorKey(vendor.vendorId)}`, [id]);
  const heldLines = useMemo(() => {
    const lines = new Map<number, string>();
    if (held.length === 0) return lines;
    const vendorOfMenu = vendorOfMenus(cart.groups);
    for (const line of items) {
      const vendorId = vendorOfMenu.get(line.menu_id) ?? null;
      if (held.some((vendor) => vendor.vendorId === vendorId)) lines.set(line.orderId, reasonId({ vendorId }));
    }
    return lines;
  }, [held, items, cart.groups, reasonId]);

  const firstButtonRef = useRef<HTMLButtonElement | null>(null);
  const [removed, setRemoved] = useState('');
  const onRemove = (vendor: HeldVendor) => {
    const rest = takeOutVendor(cart, vendor.vendorId);
    setFailure(null);
    setRemoved(t('marketplace.removedVendor', { vendor: vendor.name }));
    afterRemove(rest.length === 0);
  };

  const refused = (error: unknown, text: string) => {
    const holds = active && isApiError(error) ? placementHolds(error.error, error.details) : null;
    if (!holds) return false;
    // A vendor refused its lines: they are marked with its reason, and its removal is the next step.
    setVendorHolds(() => holds);
    setFailure(text);
    requestAnimationFrame(() => firstButtonRef.current?.focus());
    return true;
  };

  return {
    active,
    heldLines,
    notices: { held, removed, reasonId, onRemove, firstButtonRef },
    takeTimes,
    timeChosen: () => {
      if (active) setVendorHolds(holdsForAnotherTime);
    },
    refused,
    place: placeHubOrder,
  };
}
