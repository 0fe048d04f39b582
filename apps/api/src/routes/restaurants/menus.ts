import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { MenusQuery, MenusResponse, RestaurantIdParams } from '@servery/contracts/restaurant';
import { isOrderType, type OrderType } from '@servery/domain/order-type';
import { knownTenant, tenantOf } from '../../plugins/request-context';
import { getMenus, isValidMember, keptMenus } from '../../use-cases/menus/get-menus';
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
   * routed, before validation and handler work, when the tenant and its built menu are at hand
   * (knownTenant, keptMenus): the same restaurant and payload the handler would answer from, without
   * waiting for anything (docs/decisions/0050-request-bodies-read-once.md). Any other request goes on
   * to the handler, which reads what it needs and answers a 304 there. Every 304 is recorded, so the
   * same request asked again is answered before routing while the menu is unchanged
   * (plugins/kept-not-modified.ts).
   */
  const answerNotModified = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const payload = request.headers['if-none-match'] ? keptPayloadFor(request) : undefined;
    if (payload && isNotModified(request, payload)) sendNotModified(reply, payload);
    else done();
  };
  const keptPayloadFor = (request: FastifyRequest) => {
    const { id } = request.params as { id?: unknown };
    const { type = 'dine_in' } = request.query as { type?: unknown };
    if (typeof id !== 'string' || id.length > 100 || !isOrderType(type)) return undefined;
    return keptPayload(id, type, request.headers);
  };
  const keptPayload = (id: string, type: OrderType, headers: IncomingHttpHeaders) => {
    const restaurant = knownTenant(app.database.db, headers, id);
    if (!restaurant) return undefined;
    const member = isValidMember(restaurant, readCookie(headers.cookie, memberCookieName(restaurant.slug)));
    return keptMenus(restaurant, type, member, app.now());
  };
  const recordNotModified = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) => {
    if (reply.statusCode === 304) {
      const { id } = request.params as { id: string };
      const { type = 'dine_in' } = request.query as { type?: OrderType };
      const headers = { cookie: request.headers.cookie, 'x-restaurant-id': request.headers['x-restaurant-id'] };
      app.keptNotModified.record(request, reply, () => keptPayload(id, type, headers)?.etag);
    }
    done(null, payload);
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
      onSend: recordNotModified,
    },
    async (request, reply) => {
      const payload = await menusFor(request, request.params.id, request.query.type);
      // Precompressed bytes: the response schema documents the shape, and amounts are already cents.
      return sendMenuPayload(request, reply, payload);
    },
  );
};
