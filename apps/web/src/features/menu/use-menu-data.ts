import type { AnnouncementsResponse, MenusResponse, PublicRestaurant, QueueTimeResponse } from '@servery/contracts/restaurant';
import type { OrderType } from '@servery/domain/order-type';
import { useInitialData, useServerState } from '../../lib/initial-data';
import { useApiClient } from '../../lib/use-api-client';
import { useResource, type ResourceState } from '../../lib/use-resource';
import { fetchAnnouncements, fetchMenus, fetchQueueTime } from '../../components/restaurant-shell/restaurant-api';

/** The menus for the order type (null: none needed yet, e.g. while the diner chooses how to order). */
export function useMenus(
  restaurant: PublicRestaurant,
  orderType: OrderType | null,
): { state: ResourceState<MenusResponse>; reload: () => void } {
  const client = useApiClient();
  const server = useServerState(restaurant.slug);
  return useResource(
    orderType === null ? null : `${restaurant.id}:${orderType}`,
    (signal) => fetchMenus(client, restaurant.id, orderType ?? 'dine_in', signal),
    server?.menus,
  );
}

/** Announcements and the queue banner are extras: a failure hides them rather than showing an error. */
export function useAnnouncements(restaurant: PublicRestaurant): AnnouncementsResponse | null {
  const client = useApiClient();
  const server = useServerState(restaurant.slug);
  const { ssr } = useInitialData();
  // The server only ever sends announcements for its own restaurant; none is also an answer.
  const initial = server ? (server.announcements ?? { announcements: [] }) : ssr?.slug === restaurant.slug ? ssr.announcements : null;
  const { state } = useResource(`${restaurant.id}`, (signal) => fetchAnnouncements(client, restaurant.id, signal), initial);
  return state.status === 'ready' ? state.data : null;
}

export function useQueueTime(restaurant: PublicRestaurant): QueueTimeResponse | null {
  const client = useApiClient();
  const server = useServerState(restaurant.slug);
  const initial = server ? (server.queue ?? { enabled: false, orders_ahead: 0, minutes: 0 }) : null;
  const { state } = useResource(`${restaurant.id}`, (signal) => fetchQueueTime(client, restaurant.id, signal), initial);
  return state.status === 'ready' ? state.data : null;
}
