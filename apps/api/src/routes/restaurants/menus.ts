import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { MenusQuery, MenusResponse, RestaurantIdParams } from '@servery/contracts/restaurant';
import { isOrderType, type OrderType } from '@servery/domain/order-type';
import { tenantOf } from '../../plugins/request-context';
import { getMenus, isValidMember } from '../../use-cases/get-menus';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { isNotModified, sendMenuPayload, sendNotModified } from '../../lib/send-menu-payload';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const menusFor = async (request: FastifyRequest, id: string, type: OrderType) => {
    const restaurant = await tenantOf(request, id);
    const member = isValidMember(restaurant, readCookie(request.headers.cookie, memberCookieName(restaurant.slug)));
    return getMenus(app.database.db, restaurant, type, member, app.now());
  };

  /**
   * A client that already has this version (If-None-Match) is answered 304 as soon as the request is
   * routed, before body, validation and handler work: the same tenant read, cached menu and answer as
   * the handler's (docs/decisions/0023-cart-answers-kept-per-question.md). A request this hook does not
   * fully understand, or whose tenant fails, goes on to the handler, which answers it as always (the
   * tenant look-up is kept on the request: never read twice).
   */
  const answerNotModified = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers['if-none-match']) return;
    const { id } = request.params as { id?: unknown };
    const { type = 'dine_in' } = request.query as { type?: unknown };
    if (typeof id !== 'string' || id.length > 100 || !isOrderType(type)) return;
    const payload = await menusFor(request, id, type).catch(() => null);
    if (payload && isNotModified(request, payload)) return sendNotModified(reply, payload);
  };

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
      onRequest: answerNotModified,
    },
    async (request, reply) => {
      const payload = await menusFor(request, request.params.id, request.query.type);
      // Precompressed bytes: the response schema documents the shape, and amounts are already cents.
      return sendMenuPayload(request, reply, payload);
    },
  );
};
