/**
 * The ordering core's one public entry (docs/decisions/0072-ordering-core-plug-ins.md): item
 * selection, the cart, checkout, placement and confirmation. Features and app import this module and
 * nothing under ordering/ (tools/eslint/boundaries.js); the core imports no feature.
 *
 * The screens a diner opens later (the item dialog, the cart screen, checkout, the confirmation and
 * order status) are exported as loaders, never as values: each stays its own chunk, out of the
 * menu's first load. Everything else here is small and already on the menu's first load.
 *
 * What only a vertical's own screens use at run time (the day carts' hook, a guest's cancel on a
 * vertical's confirmation) is in the core's second entry, ordering/verticals.ts: every module this
 * one reaches is on the menu's first load, whether the menu uses it or not (the bundler assigns
 * modules to chunks by import, not by use; docs/decisions/0096-menu-first-load-lazy-parts.md).
 */

// Item selection: what the item dialog hands to the cart.
export type { ItemChoice, ItemChoiceResult } from './item/item-choice';
export { toOrderOptions } from './item/order-options';

// The cart: its state and calls (useCart), the bar over the menu, the header's count.
export { useCart, type Cart, type UseCartOptions } from './cart/use-cart';
export type { CartItem, Costs } from './cart/cart-api';
export { CartBar } from './cart/cart-bar';

// Another round at the table (or "order this again"): a menu address with ?anotherRoundId= fills the
// cart with a placed order's lines; what could not go in is named until dismissed. Its code is a
// chunk fetched after hydration for such an address only (order/another-round.tsx).
export { AnotherRound, type AnotherRoundProps } from './order/another-round';

// Day carts: orders placed ahead by day and diner (a school's meals per school day and child), with
// what the vertical plugs in (ordering/days/day-ordering.ts). Their hook is in ordering/verticals.ts;
// the list and checkout are chunks of their own (loaders below), with their styles.
export type { DayCarts, DayAddResult } from './days/use-day-carts';
export type { DayCheckoutParts, DayCosts, DayGuestParts, DayOrder, DayOrdering, LineRef, PlacedDays } from './days/day-ordering';

// What a vertical plugs in (ordering/plugins.tsx).
export {
  OrderingPluginsProvider,
  pluginChunk,
  useOrderingPlugins,
  type EventSuiteView,
  type GroupNote,
  type HubCartLinesProps,
  type HubCheckout,
  type HubCheckoutOptions,
  type HubCostSplitProps,
  type HubParts,
  type HubPlugin,
  type HubRestaurant,
  type MenuVendors,
  type OrderingPlugins,
  type ServerHold,
  type SuiteCheckout,
  type SuiteCheckoutOptions,
  type SuiteMenu,
  type SuiteMenuCart,
  type SuitePaymentProps,
  type SuiteParts,
  type SuitePlugin,
} from './plugins';
export type { SavedCard } from './checkout/checkout-payment';

/** The item dialog (its own chunk). */
export const itemDialogModule = () => import('./item/item-dialog');
/** The cart screen (its own chunk). */
export const cartPanelModule = () => import('./cart/cart-panel');
/** Checkout (its own chunk). */
export const checkoutPanelModule = () => import('./checkout/checkout-panel');
/** The confirmation page after checkout (a route's chunk). */
export const confirmationScreen = () => import('./order/checkout-confirmation-screen').then((module) => module.CheckoutConfirmationScreen);
/**
 * A placed order's facts and costs (`OrderCosts`: every line that changes its total, as the cart's
 * summary shows them), for a screen outside the core that shows a placed order (the profile's order
 * detail). Its own chunk, with the cart's styles.
 */
export const orderFactsModule = () => import('./order/order-facts');
/** A placed order's receipt as a PDF download (a link; decision 0116). */
export { ReceiptPdfLink } from './order/receipt-pdf-link';
/** The day carts' list (by diner, then day) and their pricing state (its own chunk: shown once a day cart has lines). */
export const dayCartListModule = () => import('./days/day-cart-list');
/** The day carts' checkout, signed in or as a guest (its own chunk). */
export const dayCheckoutModule = () => import('./days/day-checkout');
/** A placed order's status page (a route's chunk). */
export const orderStatusScreen = () => import('./order/order-notification-screen').then((module) => module.OrderNotificationScreen);

/**
 * Forgets every saved cart (a sign-out or an expired session; app/session-start.tsx). Cart storage is
 * its own chunk (it checks saved lines with the domain's cart rules): it is fetched only then.
 */
export function forgetSavedCarts(): Promise<void> {
  return import('./cart/cart-storage').then(
    ({ browserStorage, forgetAllCarts }) => forgetAllCarts(browserStorage()),
    () => undefined,
  );
}
