import type {
  CancelScheduledOrderResponse,
  OkResponse,
  ScheduledOrderDetailResponse,
  Student,
  StudentRequest,
} from '@servery/contracts/accounts';
import type { PastReceipt, PastReceiptsResponse, ScheduledOrder } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useSearchParams } from 'react-router';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/**
 * The profile lists' calls (spec accounts-and-suites.md section 7): students are kept per restaurant
 * (the `restaurant` query names it, as on every profile screen), receipts and scheduled orders span
 * every restaurant.
 */
function signal(value: AbortSignal | undefined): { signal?: AbortSignal } {
  return value ? { signal: value } : {};
}

/** The restaurant slug the profile screens were opened for (`?restaurant=maple-school`), if any. */
export function useProfileRestaurantSlug(): string | null {
  const [searchParams] = useSearchParams();
  const slug = searchParams.get('restaurant')?.trim() ?? '';
  return /^[a-z0-9-]{1,100}$/.test(slug) ? slug : null;
}

/** GET /{slug}/data.json: its id (for the restaurant header) and its schools. */
export function fetchProfileRestaurant(client: ApiClient, slug: string, abort?: AbortSignal): Promise<PublicRestaurant> {
  return client.get<PublicRestaurant>(`/${encodeURIComponent(slug)}/data.json`, signal(abort));
}

export async function updateStudent(
  client: ApiClient,
  credentials: SessionCredentials,
  id: number,
  body: StudentRequest,
): Promise<Student> {
  const answer = await client.request<{ student: Student }>(`/api/auth/students/${id}`, {
    method: 'PUT',
    body,
    headers: bearer(credentials),
  });
  return answer.student;
}

export function deleteStudent(client: ApiClient, credentials: SessionCredentials, id: number): Promise<OkResponse> {
  return client.request<OkResponse>(`/api/auth/delete-student/${id}`, { method: 'POST', body: {}, headers: bearer(credentials) });
}

export async function listPastReceipts(client: ApiClient, credentials: SessionCredentials, abort?: AbortSignal): Promise<PastReceipt[]> {
  const answer = await client.request<PastReceiptsResponse>('/api/auth/get-past-receipts', {
    method: 'POST',
    body: {},
    headers: bearer(credentials),
    ...signal(abort),
  });
  return answer.receipts;
}

export async function listScheduledOrders(
  client: ApiClient,
  credentials: SessionCredentials,
  abort?: AbortSignal,
): Promise<ScheduledOrder[]> {
  const answer = await client.request<{ orders: ScheduledOrder[] }>('/api/auth/orders/get-scheduled-orders', {
    method: 'POST',
    body: {},
    headers: bearer(credentials),
    ...signal(abort),
  });
  return answer.orders;
}

export function getScheduledOrder(
  client: ApiClient,
  credentials: SessionCredentials,
  orderId: string,
  abort?: AbortSignal,
): Promise<ScheduledOrderDetailResponse> {
  return client.request<ScheduledOrderDetailResponse>(`/api/auth/scheduled-orders/${encodeURIComponent(orderId)}`, {
    headers: bearer(credentials),
    ...signal(abort),
  });
}

export function cancelScheduledOrder(
  client: ApiClient,
  credentials: SessionCredentials,
  orderId: string,
): Promise<CancelScheduledOrderResponse> {
  return client.request<CancelScheduledOrderResponse>(`/api/auth/orders/cancel-scheduled-order/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    headers: bearer(credentials),
  });
}
