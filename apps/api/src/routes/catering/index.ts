import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { suiteEventRoutes } from './events';
import { suiteTabRoutes } from './suite-tabs';

/** Stadium suites: events, pre-orders and the operator's calls, tabs. */
export const cateringRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app) => {
  await app.register(suiteEventRoutes);
  await app.register(suiteTabRoutes);
};
