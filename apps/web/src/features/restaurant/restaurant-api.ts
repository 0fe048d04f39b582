import type { MenusResponse, PublicRestaurant } from '@servery/contracts/restaurant';
import type { ApiClient } from '../../lib/api';

/** GET /{slug}/data.json: what a diner may see of the restaurant (404 RESTAURANT_NOT_FOUND for an unknown slug). */
export function fetchRestaurant(client: ApiClient, slug: string, signal?: AbortSignal): Promise<PublicRestaurant> {
  return client.get<PublicRestaurant>(`/${encodeURIComponent(slug)}/data.json`, signal ? { signal } : {});
}

/** GET /api/restaurants/{id}/menus?type=dine_in, with the restaurant header. */
export function fetchDineInMenus(client: ApiClient, restaurantId: number, signal?: AbortSignal): Promise<MenusResponse> {
  return client
    .withRestaurant(restaurantId)
    .get<MenusResponse>(`/api/restaurants/${restaurantId}/menus?type=dine_in`, signal ? { signal } : {});
}
