import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { MenusQuery, MenusResponse, RestaurantIdParams } from '@servery/contracts/restaurant';
import { tenantOf } from '../../plugins/request-context';
import { getMenus, isValidMember } from '../../use-cases/get-menus';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { sendMenuPayload } from '../../lib/send-menu-payload';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/restaurants/:id/menus',
    {
      schema: {
        tags: ['menus'],
        summary: 'Published menu groups, menus, sections, items and option groups for an order type',
        params: RestaurantIdParams,
        querystring: MenusQuery,
        response: { 200: MenusResponse, 304: z.null().describe('Not modified (ETag)'), 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request, request.params.id);
      const member = isValidMember(restaurant, readCookie(request.headers.cookie, memberCookieName(restaurant.slug)));
      const payload = await getMenus(app.database.db, restaurant, request.query.type, member, app.now());
      // Precompressed bytes: the response schema documents the shape, and amounts are already cents.
      return sendMenuPayload(request, reply, payload);
    },
  );
};
