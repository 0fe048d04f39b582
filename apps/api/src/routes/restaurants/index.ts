import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { announcementRoutes } from './announcements';
import { menuImageRoutes } from './menu-images';
import { menuRoutes } from './menus';
import { receiptPdfRoutes } from './receipt-pdf';
import { venueSearchRoutes } from './venue-search';

/**
 * What a diner browses before a cart: menus and their photos, announcements, the venue search; and
 * after it, an order's receipt as a PDF (a plain link, the restaurant in the path).
 */
export const restaurantRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app) => {
  await app.register(menuRoutes);
  await app.register(menuImageRoutes);
  await app.register(announcementRoutes);
  await app.register(venueSearchRoutes);
  await app.register(receiptPdfRoutes);
};
