import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { MenuGroup } from '@servery/contracts/tenant-file';
import { ORDER_TYPES } from '@servery/domain/order-type';
import { tenantOf } from '../../plugins/request-context';
import { getMenus, isValidMember } from '../../use-cases/get-menus';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { sendMenuPayload } from '../../lib/send-menu-payload';

const MenusResponseSchema = z.object({ restaurant_id: z.number().int(), version: z.number().int(), menu_groups: z.array(MenuGroup) });

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/restaurants/:id/menus',
    {
      schema: {
        tags: ['menus'],
        summary: 'Published menu groups, menus, sections, items and option groups for an order type',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ type: z.enum(ORDER_TYPES).default('dine_in') }),
        response: { 200: MenusResponseSchema, 304: z.null().describe('Not modified (ETag)'), 400: ErrorEnvelope, 404: ErrorEnvelope },
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
