/** The signed-in diner's orders in progress, live (use-cases/accounts/watch-diner-orders.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { DinerOrderEventsQuery } from '@servery/contracts/orders';
import { AppError } from '../../lib/app-error';
import { openEventStream, streamKeeper } from '../../lib/event-stream';
import { tenantOf } from '../../plugins/request-context';
import { findOfferedSession, requireUser } from '../../plugins/session';
import { watchDinerOrders } from '../../use-cases/accounts/watch-diner-orders';

/** How often a comment line keeps proxies from closing a quiet stream. */
export const DINER_EVENTS_HEARTBEAT_MS = 15_000;

export const liveOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const hold = streamKeeper(app);

  app.get(
    '/api/auth/orders/events',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user’s orders in progress (at every restaurant, or at `restaurant` only) as server-sent events: a `status` event (DinerOrderStatusEvent) for where each stands, then each change; `done` once none is left moving. Signed in by the session cookie or bearer token; 401 without one',
        querystring: DinerOrderEventsQuery,
        response: { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      // Signed out, expired, or login-as: refused before the stream opens.
      const session = await requireUser(request);
      const restaurant = request.query.restaurant ? await tenantOf(request, request.query.restaurant) : null;
      const watch = await watchDinerOrders(app.database.db, app.orderEvents, session.userId, restaurant?.id ?? null);
      const stream = openEventStream(reply);
      hold(stream, {
        heartbeatMs: DINER_EVENTS_HEARTBEAT_MS,
        // A sign-out (here or on another device's "sign out everywhere") ends the stream within a second.
        stillAllowed: async () => {
          const still = await findOfferedSession(request, 'user');
          if (!still || still.userId !== session.userId || still.loginAs) throw new AppError('SESSION_EXPIRED');
        },
        subscription: { close: watch.close },
      });
      await watch.ready;
      stream.retry(2000);
      watch.start({
        status: (event) => stream.send('status', event),
        done: () => {
          stream.send('done', {});
          stream.end();
        },
        failed: (error) => {
          request.log.error({ err: error }, 'diner order status stream failed');
          stream.end();
        },
      });
    },
  );
};
