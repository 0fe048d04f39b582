import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, isApiError } from '../../lib/api';
import { useInitialData } from '../../lib/initial-data';
import { useApiClient } from '../../lib/use-api-client';
import { loadRestaurantData } from './restaurant-data';

export type RestaurantState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error'; error: unknown } | { status: 'ready'; restaurant: PublicRestaurant };

/**
 * One request per restaurant at a time for the page: the header (restaurant-header.tsx) and the screen
 * both ask for it on a client-side navigation. Not aborted by either: the answer fills the page's map.
 */
const inFlight = new WeakMap<object, Map<string, Promise<PublicRestaurant>>>();
function sharedFetch(page: object, slug: string, load: () => Promise<PublicRestaurant>): Promise<PublicRestaurant> {
  let pending = inFlight.get(page);
  if (!pending) inFlight.set(page, (pending = new Map()));
  const running = pending.get(slug);
  if (running) return running;
  const started = load().finally(() => pending.delete(slug));
  pending.set(slug, started);
  return started;
}

/**
 * Loads a restaurant by slug. A restaurant the page already has (from the server render, or from
 * the other restaurant screen) is shown at once without a request. Switching language does not
 * refetch: the data holds both languages and the screen picks one.
 */
export function useRestaurant(slug: string): { state: RestaurantState; reload: () => void } {
  const client = useApiClient();
  const clientRef = useRef(client);
  useEffect(() => {
    clientRef.current = client;
  }, [client]);
  const { ssr, restaurants } = useInitialData();
  // The initial data never changes, so this changes with the slug only.
  const known = useCallback((): RestaurantState | null => {
    const cached = restaurants.get(slug);
    if (cached) return { status: 'ready', restaurant: cached };
    if (ssr && ssr.slug === slug && ssr.restaurant === null) return { status: 'not-found' };
    return null;
  }, [restaurants, ssr, slug]);
  const [entry, setEntry] = useState<{ slug: string; state: RestaurantState }>(() => ({ slug, state: known() ?? { status: 'loading' } }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const already = attempt === 0 ? known() : null;
    if (already) {
      setEntry((current) => (current.slug === slug && current.state.status === already.status ? current : { slug, state: already }));
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    setEntry({ slug, state: { status: 'loading' } });
    sharedFetch(restaurants, slug, () => loadRestaurantData(clientRef.current, slug)).then(
      (restaurant) => {
        if (signal.aborted) return;
        restaurants.set(slug, restaurant);
        setEntry({ slug, state: { status: 'ready', restaurant } });
      },
      (error: unknown) => {
        if (signal.aborted || isAbortError(error)) return;
        setEntry({ slug, state: isApiError(error) && error.status === 404 ? { status: 'not-found' } : { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [known, restaurants, slug, attempt]);

  const reload = useCallback(() => {
    restaurants.delete(slug);
    setAttempt((n) => n + 1);
  }, [restaurants, slug]);
  const state: RestaurantState = entry.slug === slug ? entry.state : (known() ?? { status: 'loading' });
  return { state, reload };
}
