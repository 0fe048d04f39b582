import type { AuthResponse } from '@servery/contracts/accounts';
import type {
  ActiveEventsResponse,
  CloseTabResponse,
  EventDaySettingsRequest,
  EventDaySettingsResponse,
  PreOrderChangeRequest,
  PreOrderChangeResponse,
  SuiteManifestResponse,
} from '@servery/contracts/suites';
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

/**
 * POST /auth/login-as: a session in which the operator orders on event day for the suite's owner, or
 * for a guest of the suite (by name) who has no account.
 */
export function loginAs(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  eventSuiteId: number,
  guestName?: string,
): Promise<AuthResponse> {
  return client.request<AuthResponse>('/api/auth/login-as', {
    method: 'POST',
    body: { eventSuiteId, ...(guestName !== undefined && { guestName }) },
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
  });
}

/** POST /catering/events/{event}/event-suites/{suite}/close-tab: close and settle the tab now (or settle it again). */
export function closeTab(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  target: { eventId: number; suiteId: number },
): Promise<CloseTabResponse> {
  return client.request<CloseTabResponse>(`/api/catering/events/${target.eventId}/event-suites/${target.suiteId}/close-tab`, {
    method: 'POST',
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
  });
}

/** GET /catering/events/{event}/manifest: the event's production and delivery manifest across its suites. */
export function getSuiteManifest(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<SuiteManifestResponse> {
  return client.request<SuiteManifestResponse>(`/api/catering/events/${encodeURIComponent(eventId)}/manifest`, {
    method: 'GET',
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
    ...(signal ? { signal } : {}),
  });
}

/** The same manifest as CSV, in the client's language. */
export function getSuiteManifestCsv(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  eventId: string,
): Promise<string> {
  return client.getText(`/api/catering/events/${encodeURIComponent(eventId)}/manifest.csv`, {
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant },
  });
}

/**
 * POST /catering/events/{event}/event-suites/{suite}/change-pre-order: the operator's change of a
 * suite's pre-order with its reason; `idempotencyKey` is kept while the same change is retried.
 */
export function changePreOrder(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurant: string,
  target: { eventId: number; suiteId: number },
  body: PreOrderChangeRequest,
  idempotencyKey: string,
): Promise<PreOrderChangeResponse> {
  return client.request<PreOrderChangeResponse>(`/api/catering/events/${target.eventId}/event-suites/${target.suiteId}/change-pre-order`, {
    method: 'POST',
    body,
    headers: { ...bearer(credentials), 'X-Restaurant-Id': restaurant, 'Idempotency-Key': idempotencyKey },
  });
}
