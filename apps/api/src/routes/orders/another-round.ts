import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AnotherRoundParams, AnotherRoundResponse } from '@servery/contracts/orders';
import { tenantOf } from '../../plugins/request-context';
import { anotherRound } from '../../use-cases/orders/another-round';

export const anotherRoundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/another-round/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'The items of a dine-in order rebuilt on today’s menu, and its table (the id is the unguessable order id)',
        params: AnotherRoundParams,
        response: { 200: AnotherRoundResponse, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => anotherRound(app.database, await tenantOf(request), request.params.id, app.now()),
  );
};
