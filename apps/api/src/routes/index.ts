import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/index';
import { cateringRoutes } from './catering/index';
import { clientErrorRoutes } from './client-errors';
import { devRoutes } from './dev/index';
import { healthRoutes } from './health';
import type { RouteOptions } from './options';
import { orderRoutes } from './orders/index';
import { paymentRoutes } from './payment/index';
import { restaurantDataRoutes } from './restaurant-data';
import { restaurantRoutes } from './restaurants/index';
import { schoolRoutes } from './school/index';
import { staffRoutes } from './staff/index';
import { staffMenuRoutes } from './staff-menu/index';

/**
 * Every API route, one plugin per folder: a new route file is registered by its folder's index, and
 * app.ts registers only this. A folder's index passes its routes the options they need.
 */
const folders = [
  restaurantRoutes,
  schoolRoutes,
  orderRoutes,
  paymentRoutes,
  authRoutes,
  staffRoutes,
  staffMenuRoutes,
  cateringRoutes,
  devRoutes,
];

export const apiRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  await app.register(healthRoutes);
  await app.register(restaurantDataRoutes);
  await app.register(clientErrorRoutes);
  for (const folder of folders) await app.register(folder, options);
};
