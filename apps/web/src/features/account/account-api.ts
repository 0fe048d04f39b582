import type { AuthResponse, EditUserRequest, OkResponse, UserResponse } from '@servery/contracts/accounts';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The account calls of the screens (spec accounts-and-suites.md section 7); restore and logout live in lib/session. */
export function loginNative(client: ApiClient, body: { email: string; password: string }): Promise<AuthResponse> {
  return client.request<AuthResponse>('/api/auth/login-native', { method: 'POST', body });
}

/** The same answer whether or not the e-mail has an account; the restaurant (slug) picks the site of the link. */
export function forgotPassword(client: ApiClient, email: string, restaurant: string | null): Promise<OkResponse> {
  return client.request<OkResponse>('/api/auth/forgot-password', {
    method: 'POST',
    body: { email },
    ...(restaurant ? { headers: { 'X-Restaurant-Id': restaurant } } : {}),
  });
}

export function resetPassword(client: ApiClient, body: { token: string; password: string }): Promise<OkResponse> {
  return client.request<OkResponse>('/api/auth/reset-password', { method: 'POST', body });
}

export function editUser(client: ApiClient, credentials: SessionCredentials, body: EditUserRequest): Promise<UserResponse> {
  return client.request<UserResponse>('/api/auth/edit-user', { method: 'POST', body, headers: bearer(credentials) });
}
