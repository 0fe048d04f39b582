import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AnnouncementsResponse, RestaurantIdParams } from '@servery/contracts/restaurant';
import { tenantOf } from '../../plugins/request-context';
import { getAnnouncements } from '../../use-cases/menus/get-announcements';

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/restaurants/:id/announcements',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Announcements showing now, sanitised',
        params: RestaurantIdParams,
        response: { 200: AnnouncementsResponse, 404: ErrorEnvelope },
      },
    },
    async (request) => getAnnouncements(await tenantOf(request, request.params.id), app.now()),
  );
};
