import type {
  GiftCardBalanceResponse,
  IssueGiftCardRequest,
  IssueGiftCardResponse,
  StaffGiftCardsResponse,
} from '@servery/contracts/staff-gift-cards';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/**
 * The gift-card calls (apps/api/src/routes/staff/gift-cards.ts) for one restaurant (its slug) and one
 * signed-in owner or manager; the console's gate (features/staff, composed in app/gift-cards-route.tsx) gives the caller.
 */
export interface GiftCardsCaller {
  client: ApiClient;
  slug: string;
  credentials: SessionCredentials;
}

const headers = ({ slug, credentials }: GiftCardsCaller) => ({ 'X-Restaurant-Id': slug, ...bearer(credentials) });

export const listGiftCards = (caller: GiftCardsCaller, signal?: AbortSignal) =>
  caller.client.get<StaffGiftCardsResponse>('/api/staff/gift-cards', { headers: headers(caller), ...(signal && { signal }) });

/** One key per card the person means to issue: a retry after a lost answer gets the same card back, never a second. */
export const issueGiftCard = (caller: GiftCardsCaller, body: IssueGiftCardRequest, idempotencyKey: string) =>
  caller.client.request<IssueGiftCardResponse>('/api/staff/gift-cards', {
    method: 'POST',
    body,
    headers: { ...headers(caller), 'Idempotency-Key': idempotencyKey },
  });

export const lookUpGiftCard = (caller: GiftCardsCaller, number: string) =>
  caller.client.request<GiftCardBalanceResponse>('/api/staff/gift-cards/balance', {
    method: 'POST',
    body: { number },
    headers: headers(caller),
  });
