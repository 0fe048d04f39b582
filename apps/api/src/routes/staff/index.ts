import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { staffAvailabilityRoutes } from './availability';
import { staffGiftCardRoutes } from './gift-cards';
import { staffKitchenPrinterRoutes } from './kitchen-printer';
import { staffOrderRoutes } from './orders';
import { staffSalesRoutes } from './sales';
import { staffStationRoutes } from './stations';
import { staffTeamRoutes } from './team';
import { staffWebhookRoutes } from './webhooks';

/** The staff console: the order board, the team, availability, sales, webhooks, the kitchen printer, the kitchen stations, gift cards (its menu: ../staff-menu). */
export const staffRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  await app.register(staffOrderRoutes);
  await app.register(staffStationRoutes);
  await app.register(staffTeamRoutes, { publicUrl: options.publicUrl });
  await app.register(staffAvailabilityRoutes);
  await app.register(staffSalesRoutes);
  await app.register(staffWebhookRoutes, { requireHttps: options.webhooksRequireHttps });
  await app.register(staffKitchenPrinterRoutes);
  await app.register(staffGiftCardRoutes);
};
