import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { RotationalMenusQuery, RotationalMenusResponse } from '@servery/contracts/school';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { tenantOf } from '../../plugins/request-context';
import { optionalUserId } from '../../plugins/session';
import { getRotationalMenus } from '../../use-cases/school/get-rotational-menus';

export const rotationalMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rotational-menus',
    {
      schema: {
        tags: ['school'],
        summary:
          'A school’s days between start_date and end_date (at most 62) with the rotation’s menus, by the restaurant’s zone; ordering_menus=true keeps only the days before the cut-off',
        querystring: RotationalMenusQuery,
        response: { 200: RotationalMenusResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const restaurant = await tenantOf(request);
      // A parent who offers a session sees the menus at their own (subsidised) prices.
      const userId = await optionalUserId(request);
      return getRotationalMenus(app.database.db, restaurant, request.query, {
        memberCookie: readCookie(request.headers.cookie, memberCookieName(restaurant.slug)),
        locale: request.locale,
        now: app.now(),
        userId,
        address: request.ip,
      });
    },
  );
};
