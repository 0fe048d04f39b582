/**
 * A marketplace hub's checkout (spec ordering.md section 7; packages/domain/src/marketplace.ts).
 *
 * POST /api/orders/create-marketplace-order, header `Idempotency-Key` (as POST /api/orders), body
 * `CreateMarketplaceOrderRequest`: the hub's one cart (`data.items`, lines of any of its vendors),
 * the diner's choices (`data.costs`) and the checkout (`data.checkout`, picked up: no delivery).
 * The server prices every line itself, splits the cart by the vendor of each item's menu group and
 * answers `CreateMarketplaceOrderResponse`: one payment of `total.amountDue`, one order per vendor
 * (its own number, status, pickup time and slot), all committed in one transaction. A vendor that is
 * paused or closed refuses with VENDOR_PAUSED or VENDOR_CLOSED (409); `details` name each refusing
 * vendor (`vendors.<id>`, the reason in the request's language) and `invalid_items` its lines, so the
 * diner can take out exactly those and order from the others.
 */
import { z } from 'zod';
import { CartItem, SetCostsRequest } from './cart';
import { OrderCheckout, OrderConfig, OrderVendor, OrderView } from './orders';
import { CheckoutTotal } from './checkout';

export const CreateMarketplaceOrderRequest = z
  .strictObject({
    type: z.literal('take-out').default('take-out'),
    data: z.strictObject({
      config: OrderConfig.default({ takeout: true, genericCatering: false }),
      items: z.array(CartItem).min(1).max(200),
      costs: SetCostsRequest.shape.costs,
      checkout: OrderCheckout,
    }),
  })
  .meta({ id: 'CreateMarketplaceOrderRequest' });
export type CreateMarketplaceOrderRequest = z.infer<typeof CreateMarketplaceOrderRequest>;
/** What a client sends: fields with a default may be left out. */
export type CreateMarketplaceOrderBody = z.input<typeof CreateMarketplaceOrderRequest>;

export const MarketplacePlacedOrder = z.object({
  /** The vendor's own order: its number, status, items, costs and pickup time. */
  order: OrderView,
  vendor: OrderVendor,
  /** The diner's secret for GET /api/orders/:id?token=… of this order. */
  access_token: z.string(),
});
export type MarketplacePlacedOrder = z.infer<typeof MarketplacePlacedOrder>;

/** The sum of the vendors' orders: what the one payment was for. */
export const MarketplaceTotal = CheckoutTotal;
export type MarketplaceTotal = z.infer<typeof MarketplaceTotal>;

export const CreateMarketplaceOrderResponse = z
  .object({
    /** The checkout's id: every vendor order of it carries it. */
    checkoutId: z.uuid(),
    orders: z.array(MarketplacePlacedOrder),
    total: MarketplaceTotal,
    payment: z.object({
      method: OrderView.shape.payment.shape.method,
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      amount: z.number().int().nonnegative(),
    }),
    paymentNotRequired: z.boolean(),
    replayed: z.boolean(),
  })
  .meta({ id: 'CreateMarketplaceOrderResponse' });
export type CreateMarketplaceOrderResponse = z.infer<typeof CreateMarketplaceOrderResponse>;
