import type { OwnerVenuesResponse, SuiteActivityResponse, SuiteTabResponse, UpcomingEventsResponse } from '@servery/contracts/suites';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/**
 * The owner's suite calls (spec accounts-and-suites.md section 7; contracts/suites.ts). Each names its
 * restaurant by X-Restaurant-Id (but get-venues, which looks across them). The event suite of a link
 * (public facts, the owner's view) is lib/event-suite.ts.
 */
function abortable(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

export function getUpcomingEvents(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  signal?: AbortSignal,
): Promise<UpcomingEventsResponse> {
  return client.request<UpcomingEventsResponse>('/api/catering/suite-owners/get-upcoming-events', {
    method: 'POST',
    body: {},
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
    ...abortable(signal),
  });
}

/** POST /catering/suite-owners/get-venues: the venues where the signed-in account owns suites (no restaurant header). */
export function getOwnerVenues(client: ApiClient, credentials: SessionCredentials, signal?: AbortSignal): Promise<OwnerVenuesResponse> {
  return client.request<OwnerVenuesResponse>('/api/catering/suite-owners/get-venues', {
    method: 'POST',
    body: {},
    headers: bearer(credentials),
    ...abortable(signal),
  });
}

/** POST /catering/event-suites/get-activity, with the owner's or the operator's token. */
export function getSuiteActivity(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  eventSuiteId: number,
  signal?: AbortSignal,
): Promise<SuiteActivityResponse> {
  return client.request<SuiteActivityResponse>('/api/catering/event-suites/get-activity', {
    method: 'POST',
    body: { eventSuiteId },
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
    ...abortable(signal),
  });
}

/**
 * POST /catering/event-suites/get-tab: the suite's tab as it is now, with the owner's token or a
 * login-as session's (the operator ordering on event day), for the cart (suite-cart-tab.tsx).
 */
export function getSuiteTab(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurantId: number,
  eventSuiteId: number,
  signal?: AbortSignal,
): Promise<SuiteTabResponse> {
  return client.request<SuiteTabResponse>('/api/catering/event-suites/get-tab', {
    method: 'POST',
    body: { eventSuiteId },
    headers: { ...bearer(credentials), 'X-Restaurant-Id': String(restaurantId) },
    ...abortable(signal),
  });
}
