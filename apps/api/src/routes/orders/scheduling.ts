import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { SchedulingRequest, SchedulingResponse } from '@servery/contracts/orders';
import { tenantOf } from '../../plugins/request-context';
import { getScheduling } from '../../use-cases/menus/get-scheduling';

export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/scheduling',
    {
      schema: {
        tags: ['orders'],
        summary: 'When a cart can be picked up: ASAP and the slots that are not full',
        body: SchedulingRequest,
        response: { 200: SchedulingResponse, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) => getScheduling(app.database, await tenantOf(request), request.body, request.locale, app.now()),
  );
};
