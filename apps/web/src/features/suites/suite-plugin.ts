/**
 * The stadium suite plugged into the ordering core (ordering/plugins.tsx `SuitePlugin`; wired in
 * app/ordering-plugins.ts): the link's event suite for the menu, its lock and name (suite-menu.tsx),
 * the owner's pre-order put back in the cart, and the checkout's delivery preference, tab and saved
 * card, fetched for a suite order only.
 */
import { pluginChunk, type SuitePlugin } from '../../ordering';
import { useEventSuite } from './event-suite';
import { usePreOrderInCart } from './pre-order-in-cart';
import { useSuiteMenu } from './suite-menu';

export const suitePlugin: SuitePlugin = {
  useEventSuite,
  usePreOrderInCart,
  useSuiteMenu,
  load: pluginChunk(() => import('./suite-parts').then((module) => module.suiteParts)),
};
