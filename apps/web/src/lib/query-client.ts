import { hashKey, keepPreviousData, QueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { isAbortError, isApiError } from './api';
import { queryKeys } from './query-keys';

/** How many times a failed GET is asked again (network errors and 5xx only). */
export const QUERY_RETRIES = 2;

/**
 * Whether a failed query is asked again: a network error (status 0) or a 5xx may pass on a second
 * try; a 4xx is the server's answer (not found, not allowed, session expired) and says the same the
 * next time, so it is shown at once. Anything that is not an ApiError (a bug in a query function) is
 * not retried either.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (isAbortError(error) || !isApiError(error)) return false;
  return error.status === 0 || error.status >= 500;
}

export interface QueryClientOptions {
  /** The server render: its data comes with the request (initialData), and the client dies with the request. */
  server?: boolean;
  /** Unit tests: a failure shows at once (a test's stub answers the same every time). */
  test?: boolean;
}

/**
 * One per app: the page's (app/app.tsx), one per server render (app/server-app.tsx), one per unit
 * test (testing/render-with-providers.tsx). Never a module global shared by server renders.
 */
export function createQueryClient({ server = false, test = false }: QueryClientOptions = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: test ? false : shouldRetryQuery,
        // A menu is read while the diner looks at it: coming back to the tab must not read every
        // menu, list and report again at once. A screen that needs fresh data invalidates or refetches.
        refetchOnWindowFocus: false,
        // The server render never fetches (hooks' effects do not run there); nothing to retry.
        ...(server ? { retry: false } : {}),
      },
      // A write is never repeated by the library: an order or a payment has its own idempotency.
      mutations: { retry: false },
    },
  });
  // The session is restored once and then only written (lib/session.ts): never refetched, never collected.
  client.setQueryDefaults(queryKeys.session, { staleTime: Infinity, gcTime: Infinity, retry: false });
  return client;
}

/**
 * Data the server render already gave, for the key the hook first asked with: shown at once and not
 * fetched again (on hydration the browser renders what the server did). Any other key (another order
 * type, a membership that changes what the server answers) is fetched, as is a later mount once the
 * diner has moved. Without the first key, TanStack Query would seed every new key with the same data.
 */
export function useServerData<T>(queryKey: QueryKey, initial: T | null | undefined): { initialData?: T; staleTime?: number } {
  const [serverKey] = useState(() => (initial != null ? hashKey(queryKey) : null));
  return initial != null && serverKey === hashKey(queryKey) ? { initialData: initial, staleTime: Infinity } : {};
}

/**
 * How a cart's prices are read (the cart's costs, the school cart's): the last prices stay shown while
 * the next are asked; a price is for the cart as it is now, never kept for a return to an earlier
 * cart; a refusal is the server's answer about this cart, not a fault to try again.
 */
export const PRICING_QUERY = { placeholderData: keepPreviousData, gcTime: 0, retry: false } as const;

let ambient: QueryClient | null = null;

/**
 * The browser page's one client (or the running unit test's): what the module-level session helpers
 * act on when no React tree is at hand (docs/decisions/0054-session-in-the-query-cache.md). The
 * server render never uses it: it passes its own client to its tree.
 */
export function ambientQueryClient(): QueryClient {
  ambient ??= createQueryClient();
  return ambient;
}

/** Makes `client` the ambient one (a unit test's fresh client); null starts afresh on the next use. */
export function setAmbientQueryClient(client: QueryClient | null): void {
  ambient = client;
}
