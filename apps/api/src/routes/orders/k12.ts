/**
 * The school checkout (contracts/school.ts): POST /api/orders/set-k12-costs prices every school day
 * of the cart, POST /api/orders/create-k12-order places them, one order per day and student, paid
 * once and idempotent by Idempotency-Key like POST /api/orders.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { CreateK12OrderRequest, CreateK12OrderResponse, SetK12CostsRequest, SetK12CostsResponse } from '@servery/contracts/school';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { placementErrors, placementRequest } from './placement-request';
import { tenantOf } from '../../plugins/request-context';
import { optionalUserId } from '../../plugins/session';
import { placeCheckout } from '../../use-cases/checkout/place-checkout';
import { setK12Costs } from '../../use-cases/school/set-k12-costs';

export const k12OrderRoutes: FastifyPluginAsyncZod<Pick<RouteOptions, 'publicUrl'>> = async (app, options) => {
  app.post(
    '/api/orders/set-k12-costs',
    {
      schema: {
        tags: ['school'],
        summary: 'Price a school cart: every (date, student) checked against the rotation and priced; dates past the cut-off dropped',
        body: SetK12CostsRequest,
        response: { 200: SetK12CostsResponse, ...placementErrors },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      // A parent who offers a session prices as themself (an expired one is told so: 201).
      const userId = await optionalUserId(request);
      return setK12Costs({
        db: app.database.db,
        restaurant,
        entries: request.body.rotationalMenuOrders,
        costs: request.body.costs,
        memberCookie: readCookie(request.headers.cookie, memberCookieName(restaurant.slug)),
        locale: request.locale,
        now: app.now(),
        userId,
        address: request.ip,
      });
    },
  );

  app.post(
    '/api/orders/create-k12-order',
    {
      schema: {
        tags: ['school'],
        summary: 'Place a school checkout: one payment, one scheduled order per date and student, in one transaction; idempotent',
        body: CreateK12OrderRequest,
        response: { 200: CreateK12OrderResponse, 201: CreateK12OrderResponse, ...placementErrors },
      },
    },
    async (request, reply) => {
      const placement = await placementRequest(request);
      const userId = await optionalUserId(request);
      const result = await placeCheckout({
        ...placement,
        // The receipt's link to each day's order's status (use-cases/checkout/status-link.ts).
        publicUrl: options.publicUrl,
        userId,
        request: { kind: 'school', body: request.body },
      });
      request.log.info({ checkoutId: result.checkoutId, orders: result.orders.length, replayed: result.replayed }, 'school checkout');
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );
};
