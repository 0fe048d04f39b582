import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { QueueTimeResponse } from '@servery/contracts/restaurant';
import { tenantOf } from '../../plugins/request-context';
import { getQueueTime } from '../../use-cases/menus/get-queue-time';

export const queueTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/get-next-order-queue-time',
    {
      schema: {
        tags: ['orders'],
        summary: 'How long a new order would wait (the restaurant comes from X-Restaurant-Id)',
        response: {
          200: QueueTimeResponse,
          400: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
    },
    async (request) => getQueueTime(app.database.db, await tenantOf(request), app.now()),
  );
};
