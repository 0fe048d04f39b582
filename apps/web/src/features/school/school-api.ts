import type {
  CreateK12OrderBody,
  CreateK12OrderResponse,
  RotationalMenusResponse,
  SetK12CostsBody,
  SetK12CostsResponse,
} from '@servery/contracts/school';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/**
 * GET /api/rotational-menus: the school days from `start` to `end` (yyyy-MM-dd) with the rotation's
 * menus. `ordering_menus=false` keeps the days past the cut-off too, so a week shows them as closed.
 */
export function fetchSchoolDays(
  client: ApiClient,
  restaurantId: number,
  range: { start: string; end: string },
  signal?: AbortSignal,
  credentials?: SessionCredentials | null,
): Promise<RotationalMenusResponse> {
  const query = new URLSearchParams({ start_date: range.start, end_date: range.end, ordering_menus: 'false' });
  // Signed in, the items come priced with the parent's subsidy code.
  return client.withRestaurant(restaurantId).get<RotationalMenusResponse>(`/api/rotational-menus?${query.toString()}`, {
    ...(signal ? { signal } : {}),
    ...(credentials ? { headers: bearer(credentials) } : {}),
  });
}

/** POST /api/orders/set-k12-costs: every (date, student) cart priced, dates past the cut-off dropped. */
export function setK12Costs(
  client: ApiClient,
  credentials: SessionCredentials | null,
  body: SetK12CostsBody,
  signal?: AbortSignal,
): Promise<SetK12CostsResponse> {
  return client.request<SetK12CostsResponse>('/api/orders/set-k12-costs', {
    method: 'POST',
    body,
    ...(credentials ? { headers: bearer(credentials) } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * POST /api/orders/create-k12-order with the attempt's Idempotency-Key: a retry returns the same
 * orders. `credentials` null: a guest (only where the school lets guests order).
 */
export function createK12Order(
  client: ApiClient,
  credentials: SessionCredentials | null,
  body: CreateK12OrderBody,
  idempotencyKey: string,
): Promise<CreateK12OrderResponse> {
  return client.request<CreateK12OrderResponse>('/api/orders/create-k12-order', {
    method: 'POST',
    body,
    headers: { ...(credentials ? bearer(credentials) : {}), 'Idempotency-Key': idempotencyKey },
  });
}
