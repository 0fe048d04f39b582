/**
 * The hub's parts of the cart screen, checkout and confirmation (ordering/plugins.tsx `HubParts`): a
 * chunk of their own, fetched only for a hub (features/marketplace/hub-plugin.ts `load`).
 */
import type { HubCheckout, HubCheckoutOptions, HubParts } from '../../ordering';
import { HeldVendorNotices } from './held-vendor-notice';
import { HubCartLines } from './hub-cart-lines';
import { MarketplaceSplit, VendorOrder } from './marketplace-confirmation';
import { useHubCheckout } from './use-hub-checkout';
import { VendorSplitNote } from './vendor-split';

function useCheckout(options: HubCheckoutOptions): HubCheckout {
  const hub = useHubCheckout(options);
  return { ...hub, notices: <HeldVendorNotices {...hub.notices} /> };
}

export const hubParts: HubParts = {
  CartLines: HubCartLines,
  CostSplit: VendorSplitNote,
  useCheckout,
  Split: MarketplaceSplit,
  VendorOrder,
};
