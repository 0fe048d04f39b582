import type { CheckoutContext } from './checkout-shape';

/**
 * The confirmation screen of one order opened from the receipt, in any window: its id and access
 * token in the address (the diner's secret of it, as GET /api/orders/:id?token= asks). The site's
 * address is config PUBLIC_URL, never a request's Host; none configured, no link. A hub's checkout
 * has one per vendor order and a school's one per day and child: the screen opens one order by its
 * token (ordering/order/checkout-confirmation-screen.tsx), and each of those orders has its own.
 */
export function statusLink(context: Pick<CheckoutContext, 'publicUrl' | 'restaurant'>, orderId: string, token: string): string | null {
  if (!context.publicUrl || !token) return null;
  const query = new URLSearchParams({ order: orderId, token });
  return `${context.publicUrl}/${encodeURIComponent(context.restaurant.slug)}/order-confirmation?${query.toString()}`;
}
