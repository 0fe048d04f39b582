import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { paymentRoutes as processorRoutes } from './payment';

/** The payment processor's hosted-field stand-in. */
export const paymentRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app) => {
  await app.register(processorRoutes);
};
