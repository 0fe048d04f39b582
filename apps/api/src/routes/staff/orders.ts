/**
 * The restaurant staff's order calls (contracts/staff.ts): today's orders and status changes. The
 * caller must be signed in (a user or an operator session; none: 401 code 201) and be staff of the
 * request's restaurant (staff-caller.ts; otherwise 403 STAFF_ONLY). Orders are looked up within
 * that restaurant only, so another restaurant's order id is 404 like an unknown one.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  ChangeOrderStatusParams,
  ChangeOrderStatusRequest,
  ChangeOrderStatusResponse,
  StaffOrdersQuery,
  StaffOrdersResponse,
} from '@servery/contracts/staff';
import type { Restaurant } from '../../db/restaurants-repository';
import { changeOrderStatus } from '../../use-cases/change-order-status';
import { listStaffOrders } from '../../use-cases/list-staff-orders';
import { staffCaller } from './staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 402: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** The request's restaurant, once its caller is known to be its staff (staff-caller.ts). */
async function staffRestaurant(request: FastifyRequest): Promise<Restaurant> {
  return (await staffCaller(request, 'orders')).restaurant;
}

export const staffOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/orders',
    {
      schema: {
        tags: ['staff'],
        summary: "Today's orders of the restaurant (by pickup time, else placing time), optionally of one status",
        querystring: StaffOrdersQuery,
        response: { 200: StaffOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await staffRestaurant(request);
      return { orders: await listStaffOrders(app.database.db, restaurant, request.query.status ?? null, app.now()) };
    },
  );

  app.post(
    '/api/staff/orders/:id/status',
    {
      schema: {
        tags: ['staff'],
        summary: 'Move an order to another status of the lifecycle; capture, void or refund its card as the move requires',
        params: ChangeOrderStatusParams,
        body: ChangeOrderStatusRequest,
        response: { 200: ChangeOrderStatusResponse, ...errors },
      },
    },
    async (request) => {
      const restaurant = await staffRestaurant(request);
      const result = await changeOrderStatus(app.database, restaurant, request.params.id, request.body.status, app.ports, app.now());
      request.log.info({ orderId: request.params.id, status: request.body.status, payment: result.paymentAction }, 'order status changed');
      return { order: result.order, payment_action: result.paymentAction };
    },
  );
};
