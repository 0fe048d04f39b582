import type { PublicRestaurant } from '@servery/contracts/restaurant';
import type { SsrState } from '@servery/contracts/ssr';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export interface InitialData {
  /** What the server rendered the first page with; null when the page was not server-rendered. */
  ssr: SsrState | null;
  /** The address (path and query) the server rendered. */
  url: string | null;
  /** Whether the diner is still on that first address; set false on the first navigation, for good. */
  pristine: boolean;
  /** Restaurants already loaded in this page's life, by slug, so moving between Landing and Menu does not refetch. */
  restaurants: Map<string, PublicRestaurant>;
}

const InitialDataContext = createContext<InitialData | null>(null);

/**
 * Data the app starts with. One per app instance (a server render, a test, a page), never a module
 * global, so two server renders cannot see each other's restaurants.
 */
export function InitialDataProvider({
  ssr = null,
  url = null,
  children,
}: {
  ssr?: SsrState | null;
  url?: string | null;
  children: ReactNode;
}) {
  const [data] = useState<InitialData>(() => {
    const restaurants = new Map<string, PublicRestaurant>();
    if (ssr?.restaurant) restaurants.set(ssr.slug, ssr.restaurant);
    return { ssr, url: ssr ? normaliseUrl(url ?? '') : null, pristine: ssr !== null, restaurants };
  });
  return <InitialDataContext value={data}>{children}</InitialDataContext>;
}

export function useInitialData(): InitialData {
  const data = useContext(InitialDataContext);
  if (!data) throw new Error('useInitialData needs an <InitialDataProvider> above it');
  return data;
}

/**
 * The server's state when the current address is the one it rendered and the diner has not moved
 * since: its menus, announcements and queue then stand in for the first fetches (and make the
 * browser's first render match the server's HTML). After any navigation, screens fetch fresh data.
 */
export function useServerState(slug: string): SsrState | null {
  const data = useInitialData();
  const location = useLocation();
  if (!data.ssr || !data.pristine || data.ssr.slug !== slug) return null;
  return normaliseUrl(location.pathname + location.search) === data.url ? data.ssr : null;
}

/** Marks the server's state as used up on the first navigation (rendered once, inside the router). */
export function NavigationTracker() {
  const data = useInitialData();
  const location = useLocation();
  const current = normaliseUrl(location.pathname + location.search);
  useEffect(() => {
    if (data.pristine && current !== data.url) data.pristine = false;
  }, [data, current]);
  return null;
}

function normaliseUrl(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}
