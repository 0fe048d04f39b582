import type { AnnouncementsResponse, MenusResponse, QueueTimeResponse } from '@servery/contracts/restaurant';
import type { OrderType } from '@servery/domain/order-type';
import type { ApiClient } from '../../lib/api';

function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

/**
 * GET /api/restaurants/{id}/menus?type=…: the published menus for an order type. The server also
 * reads the `{slug}-member` cookie and adds member-only menus for a valid member.
 */
export function fetchMenus(client: ApiClient, restaurantId: number, orderType: OrderType, signal?: AbortSignal): Promise<MenusResponse> {
  return client.withRestaurant(restaurantId).get<MenusResponse>(menusPath(restaurantId, orderType), withSignal(signal));
}

export function menusPath(restaurantId: number, orderType: OrderType): string {
  return `/api/restaurants/${restaurantId}/menus?type=${encodeURIComponent(orderType)}`;
}

/** GET /api/restaurants/{id}/announcements: current announcements, HTML already sanitised. */
export function fetchAnnouncements(client: ApiClient, restaurantId: number, signal?: AbortSignal): Promise<AnnouncementsResponse> {
  return client
    .withRestaurant(restaurantId)
    .get<AnnouncementsResponse>(`/api/restaurants/${restaurantId}/announcements`, withSignal(signal));
}

/** GET /api/orders/get-next-order-queue-time: the wait behind the orders already placed. */
export function fetchQueueTime(client: ApiClient, restaurantId: number, signal?: AbortSignal): Promise<QueueTimeResponse> {
  return client.withRestaurant(restaurantId).get<QueueTimeResponse>('/api/orders/get-next-order-queue-time', withSignal(signal));
}
