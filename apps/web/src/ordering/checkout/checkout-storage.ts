/**
 * The last order placed in this tab, per restaurant, so the confirmation survives a reload.
 * Kept in sessionStorage: the order id and its access token (the diner's secret for
 * GET /api/orders/:id?token=), and where "Back to the menu" goes. Nothing about the card.
 */
export interface PlacedOrderRef {
  orderId: string;
  token: string;
  /** The menu's path and query the order was placed from. */
  menuPath: string;
  /**
   * A marketplace hub's checkout: every vendor order it became (the first is `orderId`), and the
   * one amount charged for them all. Absent for a single order.
   */
  split?: { orders: Array<{ orderId: string; token: string }>; paid: number };
}

const key = (slug: string) => `servery-order:${slug}`;

export function savePlacedOrder(slug: string, placed: PlacedOrderRef): void {
  try {
    globalThis.sessionStorage?.setItem(key(slug), JSON.stringify(placed));
  } catch {
    // Private mode or a full quota: the confirmation lasts as long as the page.
  }
}

export function readPlacedOrder(slug: string): PlacedOrderRef | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key(slug));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PlacedOrderRef>;
    if (typeof parsed.orderId !== 'string' || typeof parsed.token !== 'string') return null;
    const menuPath = typeof parsed.menuPath === 'string' && parsed.menuPath.startsWith('/') && !parsed.menuPath.startsWith('//');
    const split = parsed.split;
    const validSplit =
      split && typeof split.paid === 'number' && Array.isArray(split.orders)
        ? split.orders.every((order) => typeof order?.orderId === 'string' && typeof order?.token === 'string')
        : false;
    return {
      orderId: parsed.orderId,
      token: parsed.token,
      menuPath: menuPath ? (parsed.menuPath as string) : `/${slug}`,
      ...(validSplit && split && { split }),
    };
  } catch {
    return null;
  }
}

export function forgetPlacedOrder(slug: string): void {
  try {
    globalThis.sessionStorage?.removeItem(key(slug));
  } catch {
    // Nothing kept.
  }
}
