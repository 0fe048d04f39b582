/**
 * A marketplace hub's checkout (contracts/marketplace.ts): POST /api/orders/create-marketplace-order
 * places the hub's one cart as one order per vendor, paid once and idempotent by Idempotency-Key like
 * POST /api/orders.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { CreateMarketplaceOrderRequest, CreateMarketplaceOrderResponse } from '@servery/contracts/marketplace';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { tenantOf } from '../../plugins/request-context';
import { optionalUserId } from '../../plugins/session';
import { placeMarketplaceOrder } from '../../use-cases/place-marketplace-order';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  402: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
};

export const marketplaceOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/create-marketplace-order',
    {
      schema: {
        tags: ['orders'],
        summary: "Place a marketplace hub's cart: one payment, one order per vendor, in one transaction; idempotent",
        body: CreateMarketplaceOrderRequest,
        response: { 200: CreateMarketplaceOrderResponse, 201: CreateMarketplaceOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const restaurant = await tenantOf(request);
      const userId = await optionalUserId(request);
      const result = await placeMarketplaceOrder({
        database: app.database,
        restaurant,
        request: request.body,
        idempotencyKey: key,
        locale: request.locale,
        services: app.ports,
        now: app.now(),
        userId,
        memberCookie: readCookie(request.headers.cookie, memberCookieName(restaurant.slug)),
        address: request.ip,
      });
      request.log.info({ checkoutId: result.checkoutId, orders: result.orders.length, replayed: result.replayed }, 'marketplace checkout');
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );
};
