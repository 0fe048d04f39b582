import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { menuImageDevRoutes } from './menu-images';
import { outboxRoutes } from './outbox';
import { standingOrderDevRoutes } from './standing-orders';

/** Developer routes: only when asked for (config DEV_ROUTES, refused in production). */
export const devRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  if (options.devRoutes) {
    await app.register(outboxRoutes);
    await app.register(standingOrderDevRoutes, { publicUrl: options.publicUrl });
    await app.register(menuImageDevRoutes);
  }
};
