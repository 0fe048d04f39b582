import type { AuthResponse } from '@servery/contracts/accounts';
import type { ActiveEventsResponse, EventDaySettingsRequest, EventDaySettingsResponse } from '@servery/contracts/suites';
import type { ApiClient } from '../../lib/api';
import { bearer, type SessionCredentials } from '../../lib/session';

/** The operator's suite calls (spec accounts-and-suites.md section 7), with the operator's own token. */
export function getActiveEvents(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  signal?: AbortSignal,
): Promise<ActiveEventsResponse> {
  return client.request<ActiveEventsResponse>('/api/catering/events/get-active-events', {
    method: 'GET',
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
    ...(signal ? { signal } : {}),
  });
}

export function updateEventDaySettings(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  target: { eventId: number; suiteId: number },
  body: EventDaySettingsRequest,
): Promise<EventDaySettingsResponse> {
  return client.request<EventDaySettingsResponse>(
    `/api/catering/events/${target.eventId}/event-suites/${target.suiteId}/update-event-day-settings`,
    { method: 'PUT', body, headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant } },
  );
}

/** POST /auth/login-as: a session for the suite's owner, in which the operator orders on event day. */
export function loginAsOwner(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  eventSuiteId: number,
): Promise<AuthResponse> {
  return client.request<AuthResponse>('/api/auth/login-as', {
    method: 'POST',
    body: { eventSuiteId },
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
  });
}
