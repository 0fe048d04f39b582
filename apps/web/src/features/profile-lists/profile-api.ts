import type { CancelScheduledOrderResponse, ScheduledOrderDetailResponse } from '@servery/contracts/accounts';
import type { PastReceipt, PastReceiptsResponse, ScheduledOrder } from '@servery/contracts/accounts';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/**
 * The profile lists' calls (spec accounts-and-suites.md section 7): receipts and scheduled orders
 * span every restaurant. Students, kept per restaurant, are the school's
 * (features/school/students/students-api.ts).
 */
function signal(value: AbortSignal | undefined): { signal?: AbortSignal } {
  return value ? { signal: value } : {};
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
