import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../lib/send-json-text';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { RestaurantDataResponse, RestaurantSlugParams } from '@servery/contracts/restaurant';
import { CanteenResponse } from '@servery/contracts/canteen';
import { canteenOfHost, canteenSlugFor, getRestaurantDataBySlug } from '../use-cases/menus/get-restaurant-data';

export const restaurantDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:slug/data.json',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Restaurant data (spec accounts-and-suites.md section 7), without secrets',
        params: RestaurantSlugParams,
        response: { 200: RestaurantDataResponse, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { json } = await getRestaurantDataBySlug(app.database.db, request.params.slug);
      return sendJsonText(reply.header('cache-control', 'no-cache'), json);
    },
  );

  app.get(
    '/api/canteen',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'The workplace canteen /cantine shows on this host',
        response: { 200: CanteenResponse, 404: ErrorEnvelope },
      },
    },
    // With the server's clock: a page the server did not render learns the canteen's "today" from it.
    async (request) => ({ slug: await canteenSlugFor(app.database.db, request.hostname), now: app.now().toISOString() }),
  );

  // Spec: the root goes to /cantine on a workplace-canteen host, else to page-not-found.
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const slug = await canteenOfHost(app.database.db, request.hostname);
    return reply.redirect(slug ? '/cantine' : '/page-not-found', 302);
  });
};
