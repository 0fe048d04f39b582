/**
 * A restaurant's uploaded menu photos, for diners (docs/decisions/0102-menu-images-in-the-database.md):
 * the URL names the photo by its hash, so what it answers never changes and is kept a year.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { MenuImageParams } from '@servery/contracts/menu-image-schemas';
import { MENU_IMAGE_VARIANTS } from '@servery/contracts/menu-images';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/request-context';
import { getMenuImage } from '../../use-cases/menus/menu-images';

export const menuImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/restaurants/:id/menu-images/:hash/:file',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'One size of an uploaded menu photo (WebP), kept by caches for a year: its URL changes when the photo does',
        params: MenuImageParams,
        response: { 200: z.unknown().describe('The image bytes'), 304: z.null(), 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const restaurant = await tenantOf(request, request.params.id);
      const variant = request.params.file.replace(/\.webp$/, '');
      if (!Object.hasOwn(MENU_IMAGE_VARIANTS, variant)) throw new AppError('IMAGE_NOT_FOUND');
      const { hash } = request.params;
      const etag = `"${hash.slice(0, 32)}-${variant}"`;
      const image = await getMenuImage(app.database, restaurant, hash, variant);
      void reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type(image.contentType).send(Buffer.from(image.bytes));
    },
  );
};
