/**
 * POST /api/orders (idempotent placement, an adapter of use-cases/checkout/place-checkout.ts) and GET /api/orders/:id for
 * the confirmation screen, which needs the order's own secret (`?token=`, returned at placement):
 * an order id alone never shows a diner's order, and another restaurant never sees it at all. Its
 * status, live, comes as server-sent events from /api/restaurants/:restaurantId/orders/:id/events
 * (the restaurant in the path: an EventSource cannot send the X-Restaurant-Id header).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  CancelGuestOrderRequest,
  GetOrderParams,
  GetOrderQuery,
  GetOrderResponse,
  OrderEventsParams,
  PlaceOrderRequest,
  PlaceOrderResponse,
} from '@servery/contracts/orders';
import { openEventStream } from '../../lib/event-stream';
import type { RouteOptions } from '../options';
import { placementErrors, placementRequest } from './placement-request';
import { tenantOf } from '../../plugins/request-context';
import { actingUserId, offeredTokens, requireUserOrLoginAs, sessionOfToken } from '../../plugins/session';
import { cancelGuestOrder } from '../../use-cases/orders/cancel-guest-order';
import { showOrderToDiner } from '../../use-cases/orders/get-order';
import { placeCheckout } from '../../use-cases/checkout/place-checkout';
import { watchOrderStatus, type DinerOrderState } from '../../use-cases/orders/watch-order-status';

export const placeOrderRoutes: FastifyPluginAsyncZod<Pick<RouteOptions, 'publicUrl'>> = async (app, options) => {
  app.post(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place an order: re-priced, slot reserved, paid and stored in one transaction; idempotent by Idempotency-Key',
        body: PlaceOrderRequest,
        response: { 200: PlaceOrderResponse, 201: PlaceOrderResponse, ...placementErrors },
      },
    },
    async (request, reply) => {
      const placement = await placementRequest(request);
      // A diner who offers a session orders as themself (an expired one is told so: 201); a guest has none.
      const session = offeredTokens(request, 'user').length > 0 ? await requireUserOrLoginAs(request) : null;
      // Login-as orders for the suite's owner, or for a guest of the suite who has no account (no user).
      const userId = session ? actingUserId(session) : null;
      const token = request.body.operatorToken;
      // The operator token each login-as order carries (spec section 7); the suite policy judges it.
      const operator = token === undefined ? null : await sessionOfToken(request, token, 'operator');
      const result = await placeCheckout({
        ...placement,
        // The receipt's "another round" / "order this again" link (use-cases/checkout/single-order.ts).
        publicUrl: options.publicUrl,
        userId,
        request: {
          kind: 'order',
          body: request.body,
          sealer: app.eventSuiteSealer,
          loginAs: session?.loginAs ?? null,
          operator: token === undefined ? { kind: 'none' } : operator ? { kind: 'operator', userId: operator.userId } : { kind: 'expired' },
        },
      });
      request.log.info({ orderId: result.order.id, replayed: result.replayed }, result.replayed ? 'order replayed' : 'order placed');
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order, for the diner holding its access token',
        params: GetOrderParams,
        querystring: GetOrderQuery,
        response: { 200: GetOrderResponse, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      return showOrderToDiner(app.database.db, restaurant, request.params.id, request.query.token, app.now());
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'A guest cancels their order with its access token, where the restaurant allows it; 443 when it no longer can',
        params: GetOrderParams,
        body: CancelGuestOrderRequest,
        response: { 200: GetOrderResponse, 400: ErrorEnvelope, 402: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      const { id: orderId } = request.params;
      return cancelGuestOrder(
        app.database,
        restaurant,
        app.ports,
        { orderId, token: request.body.token, locale: request.locale },
        app.now(),
      );
    },
  );

  app.get(
    '/api/restaurants/:restaurantId/orders/:id/events',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The order’s status and its count of partial refunds as server-sent events (`status`, data OrderStatusEvent), for the diner holding its access token',
        params: OrderEventsParams,
        querystring: GetOrderQuery,
        response: { 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request, request.params.restaurantId);
      const watch = await watchOrderStatus(app.database.db, app.orderEvents, restaurant, request.params.id, request.query.token);
      const stream = openEventStream(reply);
      const sink = {
        status: (state: DinerOrderState) => stream.send('status', state),
        keepAlive: () => stream.comment('keep-alive'),
      };
      sink.status(watch.state);
      try {
        await watch.follow(sink, stream.signal);
      } catch (error) {
        request.log.error({ err: error }, 'order status stream failed');
      }
      stream.end();
    },
  );
};
