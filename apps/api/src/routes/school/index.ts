import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { rotationalMenuRoutes } from './rotational-menus';
import { schoolCalendarRoutes } from './school-calendar';
import { standingOrderRoutes } from './standing-orders';

/** K-12 schools' own reads and a parent's standing orders (the school checkout itself is under routes/orders/k12.ts). */
export const schoolRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app) => {
  await app.register(rotationalMenuRoutes);
  await app.register(schoolCalendarRoutes);
  await app.register(standingOrderRoutes);
};
