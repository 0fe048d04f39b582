import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { tenantOf } from '../../plugins/request-context';
import { getAnnouncements } from '../../use-cases/get-announcements';

const AnnouncementsSchema = z.object({
  announcements: z.array(
    z.object({
      id: z.number().int(),
      html: z.string().describe('Sanitised HTML (default mode), English'),
      localization: z.object({ 'fr-CA': z.object({ html: z.string().optional() }).optional() }),
      starts_at: z.string().nullable(),
      ends_at: z.string().nullable(),
    }),
  ),
});

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/restaurants/:id/announcements',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Announcements showing now, sanitised',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: AnnouncementsSchema, 404: ErrorEnvelope },
      },
    },
    async (request) => getAnnouncements(await tenantOf(request, request.params.id), app.now()),
  );
};
