import type { AuthEventInfoResponse, MinimalEventInfo } from '@servery/contracts/suites';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '../../lib/api';
import { useAdoptServerTime } from '../../lib/clock';
import { queryKeys } from '../../lib/query-keys';
import { bearer, useSession, type SessionCredentials } from '../../lib/session';
import { useApiClient } from '../../lib/use-api-client';
import type { EventSuiteView } from '../../ordering';

/**
 * The event suite of a link (`?eventSuite=`: a plain id or the value the server sealed), as the
 * menu, its checkout and the landing need it (spec accounts-and-suites.md sections 4 and 7):
 * - the public facts (POST /catering/events/get-minimal-info): the event, its menus, the suite, the lock;
 * - for its owner signed in, before event day, the owner's view too (POST /catering/events/auth-get-event-info):
 *   the pre-order state, the current pre-order and its cart lines, the tab.
 * The menu and checkout reach it through the core's suite plug-in (suite-plugin.ts); its type is the core's (ordering/plugins.tsx).
 */
export type { EventSuiteView };

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
    ...(signal ? { signal } : {}),
  });
}

export function getAuthEventInfo(
  client: ApiClient,
  credentials: SessionCredentials,
  restaurantId: number,
  eventSuite: string,
  signal?: AbortSignal,
): Promise<AuthEventInfoResponse> {
  return client.request<AuthEventInfoResponse>('/api/catering/events/auth-get-event-info', {
    method: 'POST',
    body: eventSuiteBody(eventSuite),
    headers: { ...bearer(credentials), 'X-Restaurant-Id': String(restaurantId) },
    ...(signal ? { signal } : {}),
  });
}

/** The public facts as the owner's view carries them. */
export function minimalOf(owner: AuthEventInfoResponse, sealed: boolean): MinimalEventInfo {
  const { eventSuite, zone } = owner;
  return { eventSuite: { id: eventSuite.eventSuiteId, suite: eventSuite.suite }, event: eventSuite.event, zone, sealed };
}

/**
 * The event suite `eventSuite` names (null: none, nothing loaded). `ownerView`: ask for the owner's
 * view when someone is signed in (a pre-order; on event day the operator's login-as session may not
 * ask it). Waits while the session is being restored, so the screen asks once.
 */
export function useEventSuite(restaurantId: number, eventSuite: string | null, ownerView: boolean): UseQueryResult<EventSuiteView> {
  const client = useApiClient(restaurantId);
  const session = useSession();
  const settled = session.status === 'authenticated' || session.status === 'anonymous';
  const credentials = ownerView && session.status === 'authenticated' ? session.credentials : null;
  // The public facts say the server's time: the event-day checkout says when the order comes by it
  // (suite-checkout.tsx `EventDayDelivery`), as the server will decide, whatever the browser's clock says.
  const adoptServerTime = useAdoptServerTime();
  return useQuery({
    queryKey: queryKeys.eventSuite(restaurantId, eventSuite, credentials?.userId ?? null),
    enabled: eventSuite !== null && settled,
    queryFn: ({ signal }) =>
      loadEventSuite(client, restaurantId, eventSuite ?? '', credentials, signal).then((view) => {
        if (view.info.now) adoptServerTime(view.info.now);
        return view;
      }),
  });
}

async function loadEventSuite(
  client: ApiClient,
  restaurantId: number,
  value: string,
  credentials: SessionCredentials | null,
  signal: AbortSignal,
): Promise<EventSuiteView> {
  if (credentials) {
    try {
      const owner = await getAuthEventInfo(client, credentials, restaurantId, value, signal);
      return { info: minimalOf(owner, !/^\d+$/.test(value)), owner, notOwner: false };
    } catch (error) {
      if (!isApiError(error) || error.error !== 'NOT_ASSIGNED_TO_SUITE') throw error;
      return { info: await getMinimalEventInfo(client, restaurantId, value, signal), owner: null, notOwner: true };
    }
  }
  return { info: await getMinimalEventInfo(client, restaurantId, value, signal), owner: null, notOwner: false };
}
