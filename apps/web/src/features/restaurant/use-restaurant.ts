import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { MenuGroupFile } from '@servery/contracts/tenant-file';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, isApiError } from '../../lib/api';
import { useApiClient } from '../../lib/use-api-client';
import { fetchDineInMenus, fetchRestaurant } from './restaurant-api';

export type MenusState = { status: 'loading' } | { status: 'ready'; groups: MenuGroupFile[] } | { status: 'error'; error: unknown };

export type RestaurantState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; restaurant: PublicRestaurant; menus: MenusState };

/**
 * Loads a restaurant by slug, then its dine-in menus. Switching language does not refetch: the
 * data holds both languages and the screen picks one; the next call carries the new headers.
 */
export function useRestaurant(slug: string): { state: RestaurantState; reload: () => void } {
  const client = useApiClient();
  const clientRef = useRef(client);
  useEffect(() => {
    clientRef.current = client;
  }, [client]);
  const [state, setState] = useState<RestaurantState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: 'loading' });

    async function load(): Promise<void> {
      let restaurant: PublicRestaurant;
      try {
        restaurant = await fetchRestaurant(clientRef.current, slug, signal);
      } catch (error) {
        if (signal.aborted || isAbortError(error)) return;
        setState(isApiError(error) && error.status === 404 ? { status: 'not-found' } : { status: 'error', error });
        return;
      }
      if (signal.aborted) return;
      setState({ status: 'ready', restaurant, menus: { status: 'loading' } });
      try {
        const menus = await fetchDineInMenus(clientRef.current, restaurant.id, signal);
        if (!signal.aborted) setState({ status: 'ready', restaurant, menus: { status: 'ready', groups: menus.menu_groups } });
      } catch (error) {
        if (signal.aborted || isAbortError(error)) return;
        setState({ status: 'ready', restaurant, menus: { status: 'error', error } });
      }
    }

    void load();
    return () => controller.abort();
  }, [slug, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
