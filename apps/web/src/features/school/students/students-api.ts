/**
 * The parent's students at one restaurant (spec accounts-and-suites.md section 7): the school week
 * and its checkout list them and add one in a dialog; the profile's student screens (this folder)
 * list, add, edit and delete them. The client must speak for the restaurant
 * (`client.withRestaurant(id)`): students are kept per restaurant.
 */
import type { OkResponse, Student, StudentRequest, UserSnapshotResponse } from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useSearchParams } from 'react-router';
import type { ApiClient } from '../../../lib/api';
import { bearer, type SessionCredentials } from '../../../lib/session';

export async function listStudents(client: ApiClient, credentials: SessionCredentials, abort?: AbortSignal): Promise<Student[]> {
  const answer = await client.request<UserSnapshotResponse>('/api/auth/get-user-snapshot', {
    method: 'POST',
    body: {},
    headers: bearer(credentials),
    ...(abort ? { signal: abort } : {}),
  });
  return answer.students;
}

export async function createStudent(client: ApiClient, credentials: SessionCredentials, body: StudentRequest): Promise<Student> {
  const answer = await client.request<{ student: Student }>('/api/auth/students', { method: 'POST', body, headers: bearer(credentials) });
  return answer.student;
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

/** The restaurant slug the profile's student screens were opened for (`?restaurant=maple-school`), if any. */
export function useProfileRestaurantSlug(): string | null {
  const [searchParams] = useSearchParams();
  const slug = searchParams.get('restaurant')?.trim() ?? '';
  return /^[a-z0-9-]{1,100}$/.test(slug) ? slug : null;
}

/** GET /{slug}/data.json: its id (for the restaurant header) and its schools. */
export function fetchProfileRestaurant(client: ApiClient, slug: string, abort?: AbortSignal): Promise<PublicRestaurant> {
  return client.get<PublicRestaurant>(`/${encodeURIComponent(slug)}/data.json`, abort ? { signal: abort } : {});
}
