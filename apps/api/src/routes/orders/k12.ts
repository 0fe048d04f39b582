/**
 * The school checkout (contracts/school.ts): POST /api/orders/set-k12-costs prices every school day
 * of the cart, POST /api/orders/create-k12-order places them, one order per day and student, paid
 * once and idempotent by Idempotency-Key like POST /api/orders.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { CreateK12OrderRequest, CreateK12OrderResponse, SetK12CostsRequest, SetK12CostsResponse } from '@servery/contracts/school';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { tenantOf } from '../../plugins/request-context';
import { optionalUserId } from '../../plugins/session';
import { placeK12Order } from '../../use-cases/place-k12-order';
import { setK12Costs } from '../../use-cases/set-k12-costs';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  402: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
};

export const k12OrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/set-k12-costs',
    {
      schema: {
        tags: ['school'],
        summary: 'Price a school cart: every (date, student) checked against the rotation and priced; dates past the cut-off dropped',
        body: SetK12CostsRequest,
        response: { 200: SetK12CostsResponse, ...errors },
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
        response: { 200: CreateK12OrderResponse, 201: CreateK12OrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const restaurant = await tenantOf(request);
      const userId = await optionalUserId(request);
      const result = await placeK12Order({
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
      request.log.info({ checkoutId: result.checkoutId, orders: result.orders.length, replayed: result.replayed }, 'school checkout');
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );
};
