import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { anotherRoundRoutes } from './another-round';
import { cartRoutes } from './cart';
import { k12OrderRoutes } from './k12';
import { marketplaceOrderRoutes } from './marketplace';
import { notificationRoutes } from './notification';
import { placeOrderRoutes } from './place-order';
import { queueTimeRoutes } from './queue-time';
import { schedulingRoutes } from './scheduling';

/** A cart priced, an order placed (three adapters of use-cases/checkout), and the order's own calls. */
export const orderRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  await app.register(queueTimeRoutes);
  await app.register(cartRoutes);
  await app.register(placeOrderRoutes, { publicUrl: options.publicUrl });
  await app.register(k12OrderRoutes, { publicUrl: options.publicUrl });
  await app.register(marketplaceOrderRoutes, { publicUrl: options.publicUrl });
  await app.register(schedulingRoutes);
  await app.register(notificationRoutes);
  await app.register(anotherRoundRoutes);
};
