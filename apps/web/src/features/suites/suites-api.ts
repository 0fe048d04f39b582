import type { AuthEventInfoResponse, MinimalEventInfo, SuiteActivityResponse, UpcomingEventsResponse } from '@servery/contracts/suites';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/**
 * The owner's suite calls (spec accounts-and-suites.md section 7; contracts/suites.ts). Each names its
 * restaurant by X-Restaurant-Id. An `eventSuite` link value is a plain id (digits) or the server's
 * sealed value.
 */
function abortable(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

export function eventSuiteBody(value: string): { eventSuiteId: number } | { encryptedValue: string } {
  return /^\d{1,12}$/.test(value) ? { eventSuiteId: Number(value) } : { encryptedValue: value };
}

export function getMinimalEventInfo(
  client: ApiClient,
  restaurantId: number,
  eventSuite: string,
  signal?: AbortSignal,
): Promise<MinimalEventInfo> {
  return client.request<MinimalEventInfo>('/api/catering/events/get-minimal-info', {
    method: 'POST',
    body: eventSuiteBody(eventSuite),
    headers: { 'X-Restaurant-Id': String(restaurantId) },
    ...abortable(signal),
  });
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

export function getAuthEventInfo(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  eventSuite: string,
  signal?: AbortSignal,
): Promise<AuthEventInfoResponse> {
  return client.request<AuthEventInfoResponse>('/api/catering/events/auth-get-event-info', {
    method: 'POST',
    body: eventSuiteBody(eventSuite),
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
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
