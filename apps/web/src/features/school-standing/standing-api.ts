/**
 * A parent's standing weekly orders and "repeat this week" at a school (contracts/standing-orders.ts,
 * decision 0118). The client speaks for the school (`client.withRestaurant(id)`).
 */
import type { OkResponse, Student, UserSnapshotResponse } from '@servery/contracts/accounts';
import type {
  RepeatWeekResponse,
  SaveStandingDayRequest,
  SaveStandingOrderRequest,
  SkipStandingRequest,
  StandingOrderResponse,
  StandingOrdersResponse,
  StandingWeekday,
  UpdateStandingOrderRequest,
} from '@servery/contracts/standing-orders';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

export async function listChildren(client: ApiClient, credentials: SessionCredentials, signal?: AbortSignal): Promise<Student[]> {
  const answer = await client.request<UserSnapshotResponse>('/api/auth/get-user-snapshot', {
    method: 'POST',
    body: {},
    headers: bearer(credentials),
    ...(signal ? { signal } : {}),
  });
  return answer.students;
}

export function getStandingOrders(
  client: ApiClient,
  credentials: SessionCredentials,
  signal?: AbortSignal,
): Promise<StandingOrdersResponse> {
  return client.get<StandingOrdersResponse>('/api/auth/standing-orders', { headers: bearer(credentials), ...(signal ? { signal } : {}) });
}

export function saveStandingOrder(
  client: ApiClient,
  credentials: SessionCredentials,
  studentId: number,
  body: SaveStandingOrderRequest,
): Promise<StandingOrderResponse> {
  return client.request<StandingOrderResponse>(`/api/auth/standing-orders/${studentId}`, {
    method: 'PUT',
    body,
    headers: bearer(credentials),
  });
}

/** Another of the parent's cards, or paused / resumed. */
export function updateStanding(
  client: ApiClient,
  credentials: SessionCredentials,
  studentId: number,
  body: UpdateStandingOrderRequest,
): Promise<StandingOrderResponse> {
  return client.request<StandingOrderResponse>(`/api/auth/standing-orders/${studentId}`, {
    method: 'PATCH',
    body,
    headers: bearer(credentials),
  });
}

/** One weekday's meals of one rotation week (none: the day left out). */
export function saveStandingDay(
  client: ApiClient,
  credentials: SessionCredentials,
  target: { studentId: number; week: number; weekday: StandingWeekday },
  body: SaveStandingDayRequest,
): Promise<StandingOrderResponse> {
  return client.request<StandingOrderResponse>(
    `/api/auth/standing-orders/${target.studentId}/weeks/${target.week}/days/${target.weekday}`,
    { method: 'PUT', body, headers: bearer(credentials) },
  );
}

export function skipStanding(
  client: ApiClient,
  credentials: SessionCredentials,
  studentId: number,
  body: SkipStandingRequest,
): Promise<StandingOrderResponse> {
  return client.request<StandingOrderResponse>(`/api/auth/standing-orders/${studentId}/skip`, {
    method: 'POST',
    body,
    headers: bearer(credentials),
  });
}

export function deleteStandingOrder(client: ApiClient, credentials: SessionCredentials, studentId: number): Promise<OkResponse> {
  return client.request<OkResponse>(`/api/auth/standing-orders/${studentId}`, { method: 'DELETE', headers: bearer(credentials) });
}

export function repeatWeek(
  client: ApiClient,
  credentials: SessionCredentials,
  studentId: number,
  week: string,
): Promise<RepeatWeekResponse> {
  return client.request<RepeatWeekResponse>('/api/auth/school/repeat-week', {
    method: 'POST',
    body: { studentId, week },
    headers: bearer(credentials),
  });
}
