/**
 * The verticals' plug-ins into the ordering core (docs/decisions/0072-ordering-core-plug-ins.md): the
 * hub's and the suite's. A chunk of its own, loaded by app/ordering-plugins.tsx only for a restaurant
 * that may need them (docs/decisions/0096-menu-first-load-lazy-parts.md); the tests' renderWithProviders
 * hands down the same object.
 */
import { hubPlugin } from '../features/marketplace/hub-plugin';
import { suitePlugin } from '../features/suites/suite-plugin';
import type { OrderingPlugins } from '../ordering';

export const orderingPlugins: OrderingPlugins = { hub: hubPlugin, suite: suitePlugin };
