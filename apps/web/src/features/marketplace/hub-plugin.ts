/**
 * The marketplace hub plugged into the ordering core (ordering/plugins.tsx `HubPlugin`; wired in
 * app/ordering-plugins.ts): whether a cart is split per vendor, the vendors' state on the menu, and
 * the parts of the cart screen, checkout and confirmation, fetched as their own chunk for a hub only.
 */
import { pluginChunk, type HubPlugin } from '../../ordering';
import { useMenuVendors } from './use-menu-vendors';
import { isMarketplace } from './vendor-groups';

export const hubPlugin: HubPlugin = {
  splits: isMarketplace,
  useMenuVendors,
  load: pluginChunk(() => import('./hub-parts').then((module) => module.hubParts)),
};
