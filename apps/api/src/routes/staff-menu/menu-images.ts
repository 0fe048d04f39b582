/**
 * Uploading a menu photo (issue 32 item 3; use-cases/menus/menu-images.ts,
 * docs/decisions/0102-menu-images-in-the-database.md): owners and managers (staff area `menu`). The
 * body is the image itself; its type is found by decoding it, whatever the request says it is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { MenuImageUploadResponse } from '@servery/contracts/menu-image-schemas';
import { MENU_IMAGE_LIMIT_BYTES } from '@servery/contracts/menu-images';
import { AppError } from '../../lib/app-error';
import { uploadMenuImage } from '../../use-cases/menus/menu-images';
import { menuChangeCaller } from '../staff/staff-caller';

export const staffMenuImageRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin's scope only: any body but JSON and text (their own parsers, 256 kB) is read as
  // bytes up to the photo limit, so a GIF or a HEIC sent as such meets IMAGE_NOT_AN_IMAGE, not "send JSON".
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MENU_IMAGE_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/api/staff/menu/images',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Upload a photo for an item or a menu: the body is the JPEG, PNG or WebP file itself (at most 8 MB and 40 megapixels), checked by decoding it; answers the URL for the `image` field',
        response: {
          200: MenuImageUploadResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          413: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const { restaurant, actor } = await menuChangeCaller(request);
      // JSON or text reach here parsed by their own parsers: not a photo, whatever they hold.
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('IMAGE_NOT_AN_IMAGE');
      return uploadMenuImage(app.database, restaurant, actor, request.body, app.now());
    },
  );
};
