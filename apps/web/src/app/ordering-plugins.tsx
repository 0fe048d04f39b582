/**
 * Each vertical wired into the ordering core (docs/decisions/0072-ordering-core-plug-ins.md): app is
 * the one layer that knows both the core (ordering/) and the verticals (features/), which never
 * import each other. The screens that show the core (the menu, the canteen, the confirmation) wrap
 * themselves in `WithOrderingPlugins`; they are lazy routes, so the plug-ins stay out of the shell's
 * first load.
 *
 * A plain restaurant's menu (no marketplace hub, no suites, no `?eventSuite=`) needs none of the
 * verticals: it gets inert plug-ins and the verticals' code (app/vertical-plugins.ts, with the
 * vendors' states and the event suite's query) is not fetched (docs/decisions/0096-menu-first-load-lazy-parts.md).
 * Any other loads them with the screen's code before it renders on the server or hydrates
 * (app/ordering-plugins-load.ts, called by app/routes.tsx `preloadRouteAt`).
 */
import { skipToken, useQuery } from '@tanstack/react-query';
import { use, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  confirmationScreen,
  OrderingPluginsProvider,
  pluginChunk,
  type EventSuiteView,
  type MenuVendors,
  type OrderingPlugins,
  type SuiteMenu,
} from '../ordering';
import { loadedOrderingPlugins, needsOrderingPlugins, preloadOrderingPlugins, type VerticalRestaurant } from './ordering-plugins-load';

const NO_VENDORS: MenuVendors = { groupNotes: new Map(), gate: () => null };
const NO_SUITE_MENU: SuiteMenu = { locked: false, notice: null, place: null };
const noParts = () => Promise.reject(new Error('a plain restaurant loads no vertical plug-in'));

/** No event suite: the same state as the suite's query with no `eventSuite` (disabled, never fetched). */
function useNoEventSuite() {
  return useQuery<EventSuiteView>({ queryKey: ['no-event-suite'], queryFn: skipToken });
}

/** A plain restaurant's plug-ins: no vendor splits its cart or notes its menu groups, no order is a suite's. */
const PLAIN: OrderingPlugins = {
  hub: { splits: () => false, useMenuVendors: () => NO_VENDORS, load: pluginChunk(noParts) },
  suite: {
    useEventSuite: useNoEventSuite,
    useSuiteMenu: () => NO_SUITE_MENU,
    usePreOrderInCart: () => undefined,
    load: pluginChunk(noParts),
  },
};

/**
 * The verticals' plug-ins once loaded. Loaded before the server renders and before hydration
 * (preloadRouteAt), so neither suspends; after a navigation on the page, this suspends to the
 * route's boundary until they come.
 */
function VerticalPlugins({ children }: { children: ReactNode }) {
  const plugins = loadedOrderingPlugins() ?? use(preloadOrderingPlugins());
  return <OrderingPluginsProvider plugins={plugins}>{children}</OrderingPluginsProvider>;
}

/**
 * The plug-ins for `restaurant` (the verticals' for a screen without one, the confirmation's). Keyed
 * by which: the hooks the menu calls through them differ, so a switch mounts the screen afresh.
 */
export function WithOrderingPlugins({ restaurant, children }: { restaurant?: VerticalRestaurant; children: ReactNode }) {
  const { search } = useLocation();
  if (!needsOrderingPlugins(restaurant, search))
    return (
      <OrderingPluginsProvider key="plain" plugins={PLAIN}>
        {children}
      </OrderingPluginsProvider>
    );
  return <VerticalPlugins key="verticals">{children}</VerticalPlugins>;
}

/** The confirmation route's screen: the core's, with the plug-ins (a hub's split confirmation). */
export async function confirmationRoute(): Promise<ComponentType> {
  const [Screen] = await Promise.all([confirmationScreen(), preloadOrderingPlugins()]);
  return function ConfirmationRoute() {
    return (
      <WithOrderingPlugins>
        <Screen />
      </WithOrderingPlugins>
    );
  };
}
