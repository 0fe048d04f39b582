/**
 * A marketplace hub's checkout (contracts/marketplace.ts): POST /api/orders/create-marketplace-order
 * places the hub's one cart as one order per vendor, paid once and idempotent by Idempotency-Key like
 * POST /api/orders.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { CreateMarketplaceOrderRequest, CreateMarketplaceOrderResponse } from '@servery/contracts/marketplace';
import { placementErrors, placementRequest } from './placement-request';
import { optionalUserId } from '../../plugins/session';
import { placeCheckout } from '../../use-cases/checkout/place-checkout';

export const marketplaceOrderRoutes: FastifyPluginAsyncZod<Pick<RouteOptions, 'publicUrl'>> = async (app, options) => {
  app.post(
    '/api/orders/create-marketplace-order',
    {
      schema: {
        tags: ['orders'],
        summary: "Place a marketplace hub's cart: one payment, one order per vendor, in one transaction; idempotent",
        body: CreateMarketplaceOrderRequest,
        response: { 200: CreateMarketplaceOrderResponse, 201: CreateMarketplaceOrderResponse, ...placementErrors },
      },
    },
    async (request, reply) => {
      const placement = await placementRequest(request);
      const userId = await optionalUserId(request);
      const result = await placeCheckout({
        ...placement,
        // The receipt's link to each vendor order's status (use-cases/checkout/status-link.ts).
        publicUrl: options.publicUrl,
        userId,
        request: { kind: 'marketplace', body: request.body },
      });
      request.log.info({ checkoutId: result.checkoutId, orders: result.orders.length, replayed: result.replayed }, 'marketplace checkout');
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );
};
