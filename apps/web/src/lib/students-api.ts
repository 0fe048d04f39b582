/**
 * The parent's students at one restaurant (spec accounts-and-suites.md section 7), shared by the
 * profile's student screens and the school checkout, which lists them and adds one in a dialog.
 * The client must speak for the restaurant (`client.withRestaurant(id)`): students are kept per restaurant.
 */
import type { Student, StudentRequest, UserSnapshotResponse } from '@servery/contracts/accounts';
import type { ApiClient } from './api';
import { bearer, type SessionCredentials } from './session';

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
