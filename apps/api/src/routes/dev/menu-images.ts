/**
 * POST /api/dev/menu-images/sweep: runs the unused menu photos' sweep now, on the server's clock
 * (decision 0121), so a developer and the tests see it without waiting for the hourly timer. Only
 * with DEV_ROUTES (never in production) and only for a request from this machine.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { SweepMenuImagesResponse } from '@servery/contracts/menu-image-schemas';
import { AppError } from '../../lib/app-error';
import { removeUnusedMenuImages } from '../../use-cases/menus/unused-menu-images';
import { fromThisMachine } from './outbox';

export const menuImageDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/menu-images/sweep',
    {
      schema: {
        tags: ['dev'],
        summary: 'Delete the menu photos nothing names, past their grace period, now (development only)',
        response: { 200: SweepMenuImagesResponse, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      if (!fromThisMachine(request)) throw new AppError('NOT_FOUND');
      return removeUnusedMenuImages(app.database, app.now());
    },
  );
};
