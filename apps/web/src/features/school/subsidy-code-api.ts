/**
 * The parent's subsidy code at one restaurant (spec accounts-and-suites.md sections 4 and 7), shared
 * by the profile settings and the school checkout: adding or deleting it reprices a school cart.
 */
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The code as the restaurant spells it. */
export async function addSubsidyCode(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  code: string,
): Promise<string | null> {
  const answer = await client.request<{ code: string | null }>('/api/auth/add-subsidy-code', {
    method: 'POST',
    body: { code },
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
  });
  return answer.code;
}

export async function deleteSubsidyCode(client: ApiClient, credentials: SessionCredentials, restaurant: string): Promise<void> {
  await client.request('/api/auth/delete-subsidy-code', {
    method: 'POST',
    body: {},
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
  });
}
