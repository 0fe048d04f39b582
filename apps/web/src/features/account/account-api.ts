import type {
  AuthResponse,
  CreditBalancesResponse,
  EditUserRequest,
  OkResponse,
  RegisterUserRequest,
  RestaurantCredits,
  UserResponse,
} from '@servery/contracts/accounts';
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The account calls of the screens (spec accounts-and-suites.md section 7); restore and logout live in lib/session. */

/** The restaurant (id or slug) a call is for: its credits, students and subsidy code come with the user. */
function forRestaurant(restaurant: string | null | undefined): { headers?: Record<string, string> } {
  return restaurant ? { headers: { 'X-Restaurant-Id': restaurant } } : {};
}

export function loginNative(
  client: ApiClient,
  body: { email: string; password: string },
  restaurant?: string | null,
): Promise<AuthResponse> {
  return client.request<AuthResponse>('/api/auth/login-native', { method: 'POST', body, ...forRestaurant(restaurant) });
}

/** Contact information sign-up: creates the account and signs in. */
export function registerUser(client: ApiClient, body: RegisterUserRequest, restaurant?: string | null): Promise<AuthResponse> {
  return client.request<AuthResponse>('/api/auth/register-user', { method: 'POST', body, ...forRestaurant(restaurant) });
}

/** The same answer whether or not the e-mail has an account; the restaurant (slug) picks the site of the link. */
export function forgotPassword(client: ApiClient, email: string, restaurant: string | null): Promise<OkResponse> {
  return client.request<OkResponse>('/api/auth/forgot-password', { method: 'POST', body: { email }, ...forRestaurant(restaurant) });
}

export function resetPassword(client: ApiClient, body: { token: string; password: string }): Promise<OkResponse> {
  return client.request<OkResponse>('/api/auth/reset-password', { method: 'POST', body });
}

export function editUser(
  client: ApiClient,
  credentials: SessionCredentials,
  body: EditUserRequest,
  restaurant?: string | null,
): Promise<UserResponse> {
  const headers = { ...bearer(credentials), ...forRestaurant(restaurant).headers };
  return client.request<UserResponse>('/api/auth/edit-user', { method: 'POST', body, headers });
}

/** GET /{slug}/data.json: the restaurant's name, support e-mail and subsidy settings. */
export function fetchAccountRestaurant(client: ApiClient, slug: string, signal?: AbortSignal): Promise<PublicRestaurant> {
  return client.get<PublicRestaurant>(`/${encodeURIComponent(slug)}/data.json`, signal ? { signal } : {});
}

/** The user's credit at every restaurant where some is usable now (credits are spent only where they were given). */
export async function fetchCreditBalances(
  client: ApiClient,
  credentials: SessionCredentials,
  signal?: AbortSignal,
): Promise<RestaurantCredits[]> {
  const answer = await client.request<CreditBalancesResponse>('/api/auth/credit-balances', {
    headers: bearer(credentials),
    ...(signal && { signal }),
  });
  return answer.restaurants;
}
