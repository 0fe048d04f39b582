/**
 * When the verticals' plug-ins are needed, and their loading (app/ordering-plugins.tsx uses them).
 * Apart from it because app/routes.tsx, in the entry, asks it: this module imports nothing of the
 * ordering core at run time, which would bring the core onto every page's first load.
 */
import type { PublicRestaurant } from '@servery/contracts/restaurant';
import { loadChunk } from '../lib/chunk-load';
import type { OrderingPlugins } from '../ordering';

export type VerticalRestaurant = Pick<PublicRestaurant, 'marketplaceHub' | 'suites_enabled'>;

/**
 * Whether this restaurant's ordering may need a vertical's plug-in: a hub (its vendors, its split
 * cart), a restaurant with suites, or a suite's link. A superset of what the plug-ins themselves
 * decide (the hub's `splits`, the suite's `eventSuite`): where it says yes, they decide as before.
 */
export function needsOrderingPlugins(restaurant: VerticalRestaurant | null | undefined, search: string): boolean {
  if (!restaurant) return true;
  return restaurant.marketplaceHub || restaurant.suites_enabled || new URLSearchParams(search).has('eventSuite');
}

let pending: Promise<OrderingPlugins> | null = null;
let loaded: OrderingPlugins | null = null;

/** Loads the verticals' plug-ins (once; again after a failure). */
export function preloadOrderingPlugins(): Promise<OrderingPlugins> {
  pending ??= loadChunk(() => import('./vertical-plugins').then((module) => module.orderingPlugins)).then(
    (plugins) => {
      loaded = plugins;
      return plugins;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The verticals' plug-ins once loaded; null before. */
export function loadedOrderingPlugins(): OrderingPlugins | null {
  return loaded;
}
