/**
 * The ordering core's second public entry (docs/decisions/0096-menu-first-load-lazy-parts.md): what
 * only a vertical's own screens run, kept out of ordering/index.ts. The menu imports index.ts, and
 * the bundler puts every module index.ts reaches on the menu's first load, used or not: the day carts
 * (with the school's cart rules and saved day carts) and the guest's cancel weighed 8 kB gzip there.
 * Types stay in index.ts (they cost nothing at run time).
 */

// Day carts: orders placed ahead by day and diner (a school's meals per school day and child).
export { useDayCarts } from './days/use-day-carts';
// Whole day carts put in the saved carts from outside the menu (a school's "repeat this week").
export { browserStorage, fillDayCarts } from './days/day-cart-storage';

// A guest cancels a placed order where the restaurant allows it (a vertical's own confirmation).
export { PlacedOrderCancel } from './order/guest-cancel';
