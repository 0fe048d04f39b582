import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { announcementRoutes } from './announcements';
import { menuImageRoutes } from './menu-images';
import { menuRoutes } from './menus';
import { venueSearchRoutes } from './venue-search';

/** What a diner browses before a cart: menus and their photos, announcements, the venue search. */
export const restaurantRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app) => {
  await app.register(menuRoutes);
  await app.register(menuImageRoutes);
  await app.register(announcementRoutes);
  await app.register(venueSearchRoutes);
};
