/**
 * Ordering a placed order again (issue 30: "another round" at a table, "order this again" elsewhere).
 * One rule for the confirmation's link, the receipt e-mail's link and the server that rebuilds the
 * lines (apps/api/src/use-cases/orders/another-round.ts): which orders may be ordered again, and the
 * menu address that does it (`?anotherRoundId=` with the order type's own flags, ordering-config.ts).
 */

/** "Another round" is a table's; "order this again" every other order a plain menu cart can hold. */
export type ReorderKind = 'another_round' | 'order_again';

/** What the rule reads of an order (an OrderView has it all). */
export interface ReorderableOrder {
  type: string;
  delivery?: object | null | undefined;
  school?: object | undefined;
  suite?: object | null | undefined;
  marketplace?: object | undefined;
  /** A dine-in order's table: the new round goes to the same table (the server's answer says it too, but not when a line is left out). */
  tableNum?: string | null | undefined;
}

/** The restaurant's settings that turn either off (tenant file `another_round`, `disable_order_again`). */
export interface ReorderSettings {
  another_round: boolean;
  disable_order_again: boolean;
}

/** The menu flags each kind of order is placed from (ordering-config.ts). */
const MENU_FLAGS: Readonly<Record<string, (order: ReorderableOrder) => Record<string, string>>> = {
  dine_in: (order): Record<string, string> => (order.tableNum ? { tableNum: order.tableNum } : {}),
  'take-out': (order) => ({ takeout: 'true', takeoutType: order.delivery ? 'delivery' : 'pickup' }),
  catering: () => ({ catering: 'true' }),
  generic_catering: () => ({ genericCatering: 'true' }),
};

/**
 * How this order may be ordered again, or null. A school day, a suite's order and a hub's vendor
 * order are left out: their carts are by date and child, on a tab, or split by vendor, never the
 * plain list of lines the menu's cart takes back.
 */
export function reorderKind(order: ReorderableOrder, settings: ReorderSettings): ReorderKind | null {
  if (order.school || order.suite || order.marketplace || !(order.type in MENU_FLAGS)) return null;
  if (order.type === 'dine_in') return settings.another_round ? 'another_round' : null;
  return settings.disable_order_again ? null : 'order_again';
}

/** The menu's query string that fills a new cart with the order's lines: "takeout=true&takeoutType=pickup&anotherRoundId=…". */
export function reorderQuery(order: ReorderableOrder, orderId: string): string {
  const flags = MENU_FLAGS[order.type]?.(order) ?? {};
  return new URLSearchParams({ ...flags, anotherRoundId: orderId }).toString();
}
