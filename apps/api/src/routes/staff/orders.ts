/**
 * The restaurant staff's order calls (contracts/staff.ts): today's orders and status changes. The
 * caller must be signed in (a user or an operator session; none: 401 code 201) and be staff of the
 * request's restaurant (staff-caller.ts; otherwise 403 STAFF_ONLY), and a school's production list. Orders are looked up within
 * that restaurant only, so another restaurant's order id is 404 like an unknown one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductionListQuery, ProductionListResponse, ProductionScreenQuery } from '@servery/contracts/school';
import { ErrorEnvelope } from '@servery/contracts/errors';
import {
  ChangeOrderStatusParams,
  ChangeOrderStatusRequest,
  ChangeOrderStatusResponse,
  PartialRefundPreview,
  PartialRefundRequest,
  PartialRefundResponse,
  StaffOrderEventsQuery,
  StaffOrdersQuery,
  StaffOrdersResponse,
  type StaffOrderEvent,
} from '@servery/contracts/staff';
import { canRefund } from '@servery/domain/staff-roles';
import { AppError } from '../../lib/app-error';
import { openEventStream, streamKeeper } from '../../lib/event-stream';
import { tenantOf } from '../../plugins/request-context';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { changeOrderStatus } from '../../use-cases/staff/change-order-status';
import { partialRefund, previewPartialRefund } from '../../use-cases/staff/partial-refund';
import { listStaffOrders, staffSeesOrder } from '../../use-cases/staff/list-staff-orders';
import { schoolProduction, schoolProductionCsv } from '../../use-cases/school/school-production';
import { staffCaller, stillStaff } from './staff-caller';

/** A comment line this often keeps proxies from closing a quiet stream, and re-checks that the caller is still staff. */
export const EVENTS_HEARTBEAT_MS = 15_000;

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 402: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export const staffOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const hold = streamKeeper(app);

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
      const { restaurant, actor } = await staffCaller(request, 'orders');
      const now = app.now();
      return {
        orders: await listStaffOrders(app.database.db, restaurant, request.query.status ?? null, request.locale, now, actor.vendorId),
        now: now.toISOString(),
      };
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
      const { restaurant, actor } = await staffCaller(request, 'orders');
      // Money back to the diner is the owners' and managers' call, the whole order's too (decision 0103).
      if (request.body.status === 'refunded' && !canRefund(actor.role)) throw new AppError('REFUND_ROLE_NOT_ALLOWED');
      const result = await changeOrderStatus(app.database, restaurant, request.params.id, request.body.status, app.ports, app.now(), {
        userId: actor.userId,
        locale: request.locale,
        reason: request.body.reason,
        vendorId: actor.vendorId,
      });
      request.log.info({ orderId: request.params.id, status: request.body.status, payment: result.paymentAction }, 'order status changed');
      return { order: result.order, payment_action: result.paymentAction };
    },
  );

  app.post(
    '/api/staff/orders/:id/refunds',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Give back part of a charged order (owners and managers): chosen lines (the server computes their amount, tax included) or an amount, with a reason; idempotent by Idempotency-Key',
        params: ChangeOrderStatusParams,
        body: PartialRefundRequest,
        response: { 200: PartialRefundResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'orders');
      const idempotencyKey = idempotencyKeyOf(request);
      const result = await partialRefund(app.database, restaurant, request.params.id, request.body, app.ports, app.now(), {
        actor,
        locale: request.locale,
        idempotencyKey,
      });
      request.log.info({ orderId: request.params.id, amount: result.refund.amount, replayed: result.replayed }, 'order partly refunded');
      return result;
    },
  );

  app.post(
    '/api/staff/orders/:id/refunds/preview',
    {
      schema: {
        tags: ['staff'],
        summary: 'What a partial refund with this body would give back, and what is left to refund; changes nothing',
        params: ChangeOrderStatusParams,
        body: PartialRefundRequest,
        response: { 200: PartialRefundPreview, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await staffCaller(request, 'orders');
      return previewPartialRefund(app.database.db, restaurant, request.params.id, request.body, { actor, locale: request.locale });
    },
  );

  app.get(
    '/api/staff/orders/events',
    {
      schema: {
        tags: ['staff'],
        summary: "A server-sent event stream of the restaurant's order events (placed, accepted, ..., refunded), from every server process",
        querystring: StaffOrderEventsQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      if (request.query.restaurant) await tenantOf(request, request.query.restaurant);
      const { restaurant, actor } = await staffCaller(request, 'orders');
      const stream = openEventStream(reply);
      const subscription = app.orderEvents.subscribe(restaurant.id, (event) => {
        const body: StaffOrderEvent = { id: event.id, order_id: event.orderId, type: event.type };
        if (actor.vendorId === null) return stream.send('order', body, event.id);
        // A hub counter hears of its own orders only, as its list shows them (use-cases/staff/list-staff-orders.ts).
        staffSeesOrder(app.database.db, restaurant, event.orderId, actor.vendorId).then(
          (sees) => sees && stream.send('order', body, event.id),
          (error: unknown) => request.log.error({ err: error }, 'staff order event failed'),
        );
      });
      hold(stream, {
        heartbeatMs: EVENTS_HEARTBEAT_MS,
        // Removed from the team, or the session ended: the stream ends with it.
        stillAllowed: () => stillStaff(request, restaurant, actor, 'orders'),
        subscription,
      });
      await subscription.ready;
      stream.retry(2000);
      stream.send('ready', {});
    },
  );

  app.get(
    '/api/staff/school/production',
    {
      schema: {
        tags: ['staff', 'school'],
        summary: "A school's production list for one date (today by default): each item's total, each class's items",
        querystring: ProductionScreenQuery,
        response: { 200: ProductionListResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant } = await staffCaller(request, 'orders');
      return schoolProduction(app.database.db, restaurant, request.query.date, request.locale, app.now());
    },
  );

  app.get(
    '/api/staff/school/production.csv',
    {
      schema: {
        tags: ['staff', 'school'],
        summary: "A school's production list for one date: meals by item and by school, grade, classroom and teacher (text/csv)",
        querystring: ProductionListQuery,
        response: { 200: z.string().describe('text/csv, one row per item, school, grade, classroom and teacher'), ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant } = await staffCaller(request, 'orders');
      const csv = await schoolProductionCsv(app.database.db, restaurant, request.query.date, request.locale, app.now());
      // A string with its type set is sent as it is (not serialised as JSON).
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="production-${restaurant.slug}-${request.query.date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
