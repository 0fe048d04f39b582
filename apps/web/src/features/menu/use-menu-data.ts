import type { AnnouncementsResponse, MenusResponse, PublicRestaurant, QueueTimeResponse } from '@servery/contracts/restaurant';
import type { SchedulingResponse } from '@servery/contracts/orders';
import { isLastCall, openState } from '@servery/domain/opening-hours';
import type { OrderType } from '@servery/domain/order-type';
import { isPlaceable, orderTypeTraits, pausedFor } from '@servery/domain/order-types/traits';
import type { OrderingConfig } from '@servery/domain/ordering-config';
import { useMemo } from 'react';
import type { Ordering } from '../../components/restaurant-shell/use-ordering';
import { localizedText } from '../../lib/localize';
import type { MenuGroupView, OrderingGate } from '../../lib/menu-model';
import { useLocale } from '../../lib/use-locale';
import type { OpenNow } from './menu-notices';
import { useInitialData, useServerState } from '../../lib/initial-data';
import { useApiClient } from '../../lib/use-api-client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useServerData } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { fetchAnnouncements, fetchMenus, fetchQueueTime } from '../../components/restaurant-shell/restaurant-api';

/**
 * The menus for the order type (null: none needed yet, e.g. while the diner chooses how to order),
 * for the current member; read again when the tab shows again, and when the cart learns the menu
 * changed (ordering/cart/use-cart.ts invalidates `queryKeys.menusOf`).
 */
export function useMenus(
  restaurant: PublicRestaurant,
  orderType: OrderType | null,
  /** Bumped when the diner's membership changes: the server answers by the member cookie. */
  memberVersion = 0,
): UseQueryResult<MenusResponse> {
  const client = useApiClient();
  const server = useServerState(restaurant.slug);
  const queryKey = queryKeys.menus(restaurant.id, orderType, memberVersion);
  const fromServer = useServerData(queryKey, server?.menus);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchMenus(client, restaurant.id, orderType ?? 'dine_in', signal),
    enabled: orderType !== null,
    ...fromServer,
    // A page left open while the restaurant publishes a new version would keep its old prices: the
    // menus are asked again each time the tab shows again. That costs one conditional request: the
    // browser sends the ETag it holds and the server answers 304 before routing while the version is
    // the same (routes/restaurants/menus.ts), and an answer equal to the one held changes nothing.
    refetchOnWindowFocus: 'always',
  });
}

/** Announcements and the queue banner are extras: a failure hides them rather than showing an error. */
export function useAnnouncements(restaurant: PublicRestaurant): AnnouncementsResponse | null {
  const client = useApiClient();
  const server = useServerState(restaurant.slug);
  const { ssr } = useInitialData();
  // The server only ever sends announcements for its own restaurant; none is also an answer.
  const initial = server ? (server.announcements ?? { announcements: [] }) : ssr?.slug === restaurant.slug ? ssr.announcements : null;
  const queryKey = queryKeys.announcements(restaurant.id);
  const fromServer = useServerData(queryKey, initial);
  const { data } = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAnnouncements(client, restaurant.id, signal),
    ...fromServer,
  });
  return data ?? null;
}

export function useQueueTime(restaurant: PublicRestaurant): QueueTimeResponse | null {
  const client = useApiClient();
  const server = useServerState(restaurant.slug);
  const initial = server ? (server.queue ?? { enabled: false, orders_ahead: 0, minutes: 0 }) : null;
  const queryKey = queryKeys.queueTime(restaurant.id);
  const fromServer = useServerData(queryKey, initial);
  const { data } = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchQueueTime(client, restaurant.id, signal),
    ...fromServer,
  });
  return data ?? null;
}

/** What the server offers a diner ordering ahead: the first slot's start, or null when it offers none. */
export type OrderAhead = { status: 'loading' } | { status: 'ready'; firstSlot: Date | null };

/**
 * While the restaurant is closed or paused, the first slot an order of this type may take, as
 * POST /api/orders/scheduling says by the server's clock and rules (docs/decisions/0027-ordering-ahead.md).
 * Null when not asked: the type does not order ahead, or ASAP is open. A failed call is null too:
 * items stay addable and checkout says what the server offers.
 */
export function useOrderAhead(
  restaurant: PublicRestaurant,
  orderType: OrderType,
  config: Pick<OrderingConfig, 'takeoutDateRange' | 'takeoutSpecificDates'>,
  asapStopped: boolean,
  /** The menus shown: the first slot is the earliest any of them takes (a caterer's need days of notice). */
  menus: readonly number[],
): OrderAhead | null {
  const client = useApiClient();
  const type = isPlaceable(orderType) && orderTypeTraits(orderType).ordersAhead && asapStopped ? orderType : null;
  const dates = { takeoutDateRange: config.takeoutDateRange, takeoutSpecificDates: config.takeoutSpecificDates };
  const { data, status, fetchStatus } = useQuery({
    queryKey: queryKeys.scheduling(restaurant.id, type, { ...dates, menus }),
    queryFn: ({ signal }) =>
      client
        .withRestaurant(restaurant.id)
        .request<SchedulingResponse>('/api/orders/scheduling', { method: 'POST', body: { type, items: [], menus, config: dates }, signal }),
    enabled: type !== null,
  });
  if (type === null) return null;
  if (status === 'pending' && fetchStatus !== 'idle') return { status: 'loading' };
  if (data === undefined) return null;
  const start = data.days.find((day) => day.slots.length > 0)?.slots[0]?.start;
  return { status: 'ready', firstSlot: start ? new Date(start) : null };
}

/**
 * Whether the menu takes orders now: open or closed by the hours (and each menu's last call), paused
 * (all orders, or ASAP only), and the first later slot where the type orders ahead. `gate` is what
 * the item dialog, the cart and the card's quick add are stopped by (lib/menu-model.ts); `notices`
 * what the notices above the menu say of it.
 */
export function useMenuGate(restaurant: PublicRestaurant, ordering: Ordering, views: MenuGroupView[], now: Date) {
  const { locale } = useLocale();
  const zone = restaurant.zone;
  // openState builds a week and more of opening intervals through Intl (several milliseconds on a
  // phone): once per clock tick, not on every render of the screen (there are several while it hydrates).
  const { hours, holiday_hours: holidayHours } = restaurant;
  const openNow: OpenNow = useMemo(() => openState(hours, holidayHours, now, zone), [hours, holidayHours, now, zone]);
  const lastCalls = useMemo(
    () =>
      views
        .flatMap((group) => group.menus)
        .flatMap(({ menu }) => {
          if (menu.last_call_time === null) return [];
          const state = openState(hours, holidayHours, now, zone, menu.last_call_time);
          if (!isLastCall(state, now) || !state.open) return [];
          return [{ id: menu.id, name: localizedText(menu, 'name', locale), closesAt: state.closesAt }];
        }),
    [views, hours, holidayHours, now, zone, locale],
  );
  const shownMenus = useMemo(() => views.flatMap((group) => group.menus.map(({ menu }) => menu.id)).sort((a, b) => a - b), [views]);
  const orderAhead = useOrderAhead(restaurant, ordering.orderType, ordering.config, restaurant.asap_paused || !openNow.open, shownMenus);
  // A pause of every order stops every cart; an ASAP-only one stops a table's too (as the server's admitOrder does).
  const paused = pausedFor(ordering.orderType, restaurant);
  const gate: OrderingGate = {
    viewOnly: ordering.config.viewOnly,
    paused,
    open: openNow.open,
    ahead: orderAhead !== null && (orderAhead.status === 'loading' || orderAhead.firstSlot !== null),
  };
  // What the notices above the menu say of it (menu-notices.tsx).
  const notices = { paused, openNow, lastCalls, firstSlot: orderAhead?.status === 'ready' ? orderAhead.firstSlot : null };
  return { gate, notices };
}
