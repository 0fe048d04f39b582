import type { RotationalMenusResponse } from '@servery/contracts/school';
import type { ApiClient } from '../../lib/api';

/**
 * GET /api/rotational-menus: the school days from `start` to `end` (yyyy-MM-dd) with the rotation's
 * menus. `ordering_menus=false` keeps the days past the cut-off too, so a week shows them as closed.
 */
export function fetchSchoolDays(
  client: ApiClient,
  restaurantId: number,
  range: { start: string; end: string },
  signal?: AbortSignal,
): Promise<RotationalMenusResponse> {
  const query = new URLSearchParams({ start_date: range.start, end_date: range.end, ordering_menus: 'false' });
  return client
    .withRestaurant(restaurantId)
    .get<RotationalMenusResponse>(`/api/rotational-menus?${query.toString()}`, signal ? { signal } : {});
}
