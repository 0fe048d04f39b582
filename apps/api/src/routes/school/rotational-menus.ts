import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { RotationalMenusQuery, RotationalMenusResponse } from '@servery/contracts/school';
import { tenantOf } from '../../plugins/request-context';
import { getRotationalMenus } from '../../use-cases/get-rotational-menus';

export const rotationalMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rotational-menus',
    {
      schema: {
        tags: ['school'],
        summary:
          'A school’s days between start_date and end_date (at most 62) with the rotation’s menus, by the restaurant’s zone; ordering_menus=true keeps only the days before the cut-off',
        querystring: RotationalMenusQuery,
        response: { 200: RotationalMenusResponse, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) => getRotationalMenus(await tenantOf(request), request.query, app.now()),
  );
};
