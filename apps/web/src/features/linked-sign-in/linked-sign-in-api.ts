import type { SocialLinksResponse, SocialLinkStartResponse, SocialProviderType } from '@servery/contracts/accounts';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The person's providers, per account (read again on every visit: a link is made away from this page). */
export const socialLinksKey = (userId: number) => ['social-links', userId] as const;

export function fetchSocialLinks(client: ApiClient, credentials: SessionCredentials, signal?: AbortSignal): Promise<SocialLinksResponse> {
  return client.get<SocialLinksResponse>('/api/auth/social-links', { headers: bearer(credentials), ...(signal ? { signal } : {}) });
}

/** Starts connecting a provider: where the browser goes next (the provider), to come back to `returnTo`. */
export function startLink(
  client: ApiClient,
  credentials: SessionCredentials,
  type: SocialProviderType,
  returnTo: string,
): Promise<SocialLinkStartResponse> {
  return client.request<SocialLinkStartResponse>(`/api/auth/social/${type}/link`, {
    method: 'POST',
    body: { returnTo },
    headers: bearer(credentials),
  });
}

export function unlink(client: ApiClient, credentials: SessionCredentials, type: SocialProviderType): Promise<SocialLinksResponse> {
  return client.request<SocialLinksResponse>(`/api/auth/social/${type}/unlink`, { method: 'POST', body: {}, headers: bearer(credentials) });
}

/** Leaving for the provider: a whole-page navigation (the one place; tests replace it). */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};
