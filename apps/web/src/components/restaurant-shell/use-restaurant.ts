import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../lib/api';
import { useInitialData } from '../../lib/initial-data';
import { shouldRetryQuery } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import { loadRestaurantData } from './restaurant-data';

export type RestaurantState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error'; error: unknown } | { status: 'ready'; restaurant: PublicRestaurant };

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * Loads a restaurant by slug, a query shared by the header (restaurant-header.tsx) and the screen
 * (one request between them). The restaurant the server rendered is shown at once without a request,
 * and one loaded before is kept for the page's life: a restaurant's data changes with a new tenant
 * file, not while a diner looks. Switching language does not refetch: the data holds both languages
 * and the screen picks one.
 */
export function useRestaurant(slug: string): { state: RestaurantState; reload: () => void } {
  const client = useApiClient();
  const { ssr, restaurants } = useInitialData();
  // What the server rendered: that restaurant, or that the slug names none.
  const rendered = restaurants.get(slug);
  const renderedMissing = ssr !== null && ssr.slug === slug && ssr.restaurant === null;
  const query = useQuery({
    queryKey: queryKeys.restaurant(slug),
    queryFn: ({ signal }) => loadRestaurantData(client, slug, signal),
    ...(rendered && { initialData: rendered }),
    enabled: !renderedMissing,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: (count, error) => !isNotFound(error) && shouldRetryQuery(count, error),
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const state: RestaurantState = query.data
    ? { status: 'ready', restaurant: query.data }
    : renderedMissing || isNotFound(query.error)
      ? { status: 'not-found' }
      : query.error
        ? { status: 'error', error: query.error }
        : { status: 'loading' };
  return { state, reload };
}
