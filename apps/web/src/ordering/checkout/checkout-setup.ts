/**
 * What checkout asks before its form shows (checkout-panel.tsx): the payment methods (wallets only
 * where this browser has them) and the pickup times, and what their answer sets in the form; a hub's
 * checkout (its plug-in) joins here, as it asks the times again when the cart's vendors change.
 */
import type { SchedulingResponse } from '@servery/contracts/orders';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { PlaceableOrderType } from '@servery/domain/order-type';
import { resetOnMethodChange } from '@servery/domain/payment-method';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import type { ApiClient } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useLocale } from '../../lib/use-locale';
import type { CartItem } from '../cart/cart-api';
import type { Cart } from '../cart/use-cart';
import { useNoHub, type HubCheckout, type HubParts } from '../plugins';
import { getPaymentConfig, getScheduling, type PaymentConfig } from './checkout-api';
import type { CheckoutForm, PickupChoice } from './checkout-model';
import { defaultSavedCard, type SavedCard } from './checkout-payment';
import { keepBrowserWallets } from './checkout-wallets';

export type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; payment: PaymentConfig; scheduling: SchedulingResponse | null };

function defaultPickup(scheduling: SchedulingResponse | null): PickupChoice {
  if (!scheduling) return { kind: 'none' };
  if (scheduling.asap.available) return { kind: 'asap' };
  const day = scheduling.days.find((entry) => entry.slots.length > 0);
  const slot = day?.slots[0];
  return day && slot ? { kind: 'slot', date: day.date, time: slot.startTime } : { kind: 'none' };
}

/** A time chosen at an earlier opening (checkout-draft.ts) that the server still offers; else none (the first one then). */
export function stillOffered(pickup: PickupChoice, scheduling: SchedulingResponse | null): PickupChoice {
  if (pickup.kind === 'asap') return scheduling?.asap.available ? pickup : { kind: 'none' };
  if (pickup.kind === 'slot') {
    const offered = scheduling?.days.some((day) => day.date === pickup.date && day.slots.some((slot) => slot.startTime === pickup.time));
    return offered ? pickup : { kind: 'none' };
  }
  return pickup;
}

export interface CheckoutSetupOptions {
  client: ApiClient;
  restaurant: PublicRestaurant;
  ordering: Ordering;
  cart: Cart;
  id: string;
  placeable: PlaceableOrderType | null;
  needsPickupTime: boolean;
  genericCatering: boolean;
  suiteOrder: boolean;
  hubParts: HubParts | null;
  savedCards: readonly SavedCard[];
  setForm: Dispatch<SetStateAction<CheckoutForm>>;
  setFailure: (text: string | null) => void;
  onClose: () => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}

export function useCheckoutSetup({
  client,
  restaurant,
  ordering,
  cart,
  id,
  placeable,
  needsPickupTime,
  genericCatering,
  suiteOrder,
  hubParts,
  savedCards,
  setForm,
  setFailure,
  onClose,
  submitRef,
}: CheckoutSetupOptions): { loaded: Loaded; hub: HubCheckout; offersCard: boolean; retry: () => void } {
  const { locale } = useLocale();
  const items = cart.choices.items;
  const { takeoutDateRange, takeoutSpecificDates } = ordering.config;
  const askTimes = useCallback(
    (orderType: PlaceableOrderType, lines: CartItem[], signal?: AbortSignal) =>
      getScheduling(client, { type: orderType, items: lines, config: { takeoutDateRange, takeoutSpecificDates } }, signal),
    [client, takeoutDateRange, takeoutSpecificDates],
  );
  // Payment methods (wallets only where this browser has them) and times: one query per opening
  // (gcTime 0: closed, it is dropped, and the next opening reads afresh) or retry. A change of what it
  // depends on is a new key and TanStack aborts the read in flight (decision 0054). The times are for
  // the lines as they are when asked; the hub asks again when its vendors change (showTimes below).
  const queryClient = useQueryClient();
  const setupKey = queryKeys.checkoutSetup(restaurant.id, locale, placeable, needsPickupTime, genericCatering, {
    takeoutDateRange,
    takeoutSpecificDates,
  });
  const setupQuery = useQuery({
    queryKey: setupKey,
    queryFn: async ({ signal }) => {
      const [payment, scheduling] = await Promise.all([
        getPaymentConfig(client, { applePay: true, googlePay: true, genericCatering: genericCatering }, signal).then(keepBrowserWallets),
        needsPickupTime && placeable ? askTimes(placeable, items, signal) : Promise.resolve(null),
      ]);
      return { payment, scheduling };
    },
    gcTime: 0,
  });
  // A hub's take-out cart is placed as one order per vendor (features/marketplace, the hub's plug-in).
  const useHubCheckout = hubParts?.useCheckout ?? useNoHub;
  const hub = useHubCheckout({
    restaurant,
    orderType: placeable,
    suiteOrder,
    cart,
    id,
    timesShown: setupQuery.isSuccess,
    askTimes: (lines, signal) => askTimes('take-out', lines, signal),
    showTimes: (scheduling) =>
      queryClient.setQueryData(setupKey, (current: typeof setupQuery.data) => (current ? { ...current, scheduling } : current)),
    setFailure,
    afterRemove: (empty) => {
      if (empty) onClose();
      else requestAnimationFrame(() => submitRef.current?.focus());
    },
  });
  const { takeTimes } = hub;
  const savedDefault = defaultSavedCard(savedCards);

  // What the setup's answer sets in the form, in the same render as the answer shows (so "Use a new
  // card" never flashes first): the first pickup time, and the first method shown is already the right
  // one (a diner with saved cards pays by card with the default one).
  const setup = setupQuery.data;
  const [appliedSetup, setAppliedSetup] = useState<typeof setup>(undefined);
  if (setup && setup !== appliedSetup) {
    setAppliedSetup(setup);
    setForm((current) => {
      // A time or a method kept from an earlier opening stays while it is still offered.
      const kept = stillOffered(current.pickup, setup.scheduling);
      const pickup = kept.kind === 'none' ? defaultPickup(setup.scheduling) : kept;
      const keptMethod = current.payment.paymentMethod;
      if (keptMethod !== null && setup.payment.methods.includes(keptMethod)) return { ...current, pickup };
      const saved = setup.payment.methods.includes('credit_card') ? savedDefault : null;
      const method = saved !== null ? 'credit_card' : (setup.payment.methods[0] ?? null);
      return { ...current, pickup, savedCard: saved, payment: resetOnMethodChange(current.payment, method) };
    });
  }
  // The cart's vendor holds follow the times (a hub's vendor that can take nothing).
  const setupTimes = setup?.scheduling;
  useEffect(() => {
    if (setupTimes !== undefined) takeTimes(setupTimes);
  }, [setupTimes, takeTimes]);
  const loaded: Loaded =
    setup && setup === appliedSetup
      ? { status: 'ready', payment: setup.payment, scheduling: setup.scheduling }
      : setupQuery.isError && !setupQuery.isFetching
        ? { status: 'error', error: setupQuery.error }
        : { status: 'loading' };

  // A diner who signs in once checkout is open pays by card with their default one, unless they already chose otherwise.
  const offersCard = loaded.status === 'ready' && loaded.payment.methods.includes('credit_card');
  useEffect(() => {
    if (!offersCard || savedDefault === null) return;
    setForm((current) =>
      current.savedCard !== null || (current.payment.paymentMethod !== 'credit_card' && current.payment.paymentMethod !== null)
        ? current
        : { ...current, savedCard: savedDefault, payment: resetOnMethodChange(current.payment, 'credit_card') },
    );
  }, [offersCard, savedDefault, setForm]);

  const { refetch } = setupQuery;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { loaded, hub, offersCard, retry };
}
