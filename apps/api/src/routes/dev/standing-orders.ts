/**
 * POST /api/dev/standing-orders/run: runs the standing weekly orders' job now, on the server's clock
 * (decision 0118), so a developer and the browser tests see its placements without waiting for the
 * timer. Only with DEV_ROUTES (never in production) and only for a request from this machine.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { RunStandingOrdersResponse } from '@servery/contracts/standing-orders';
import { AppError } from '../../lib/app-error';
import { placeDueStandingOrders } from '../../use-cases/school/standing-order-job';
import { fromThisMachine } from './outbox';

export const standingOrderDevRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  app.post(
    '/api/dev/standing-orders/run',
    {
      schema: {
        tags: ['dev'],
        summary: 'Run the standing weekly orders’ job now (development only)',
        response: { 200: RunStandingOrdersResponse, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      if (!fromThisMachine(request)) throw new AppError('NOT_FOUND');
      return placeDueStandingOrders(app.database, { ports: app.ports, publicUrl: options.publicUrl }, app.now());
    },
  );
};
