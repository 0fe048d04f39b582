/**
 * Each vertical wired into the ordering core (docs/decisions/0072-ordering-core-plug-ins.md): app is
 * the one layer that knows both the core (ordering/) and the verticals (features/), which never
 * import each other. The screens that show the core (the menu, the canteen, the confirmation) wrap
 * themselves in `WithOrderingPlugins`; they are lazy routes, so the plug-ins stay out of the shell's
 * first load. The tests' renderWithProviders hands down the same object.
 */
import type { ComponentType, ReactNode } from 'react';
import { hubPlugin } from '../features/marketplace/hub-plugin';
import { suitePlugin } from '../features/suites/suite-plugin';
import { confirmationScreen, OrderingPluginsProvider, type OrderingPlugins } from '../ordering';

export const orderingPlugins: OrderingPlugins = { hub: hubPlugin, suite: suitePlugin };

export function WithOrderingPlugins({ children }: { children: ReactNode }) {
  return <OrderingPluginsProvider plugins={orderingPlugins}>{children}</OrderingPluginsProvider>;
}

/** The confirmation route's screen: the core's, with the plug-ins (a hub's split confirmation). */
export async function confirmationRoute(): Promise<ComponentType> {
  const Screen = await confirmationScreen();
  return function ConfirmationRoute() {
    return (
      <WithOrderingPlugins>
        <Screen />
      </WithOrderingPlugins>
    );
  };
}
