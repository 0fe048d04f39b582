import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../options';
import { staffAvailabilityRoutes } from './availability';
import { staffKitchenPrinterRoutes } from './kitchen-printer';
import { staffMenuDraftRoutes } from './menu-drafts';
import { staffMenuImageRoutes } from './menu-images';
import { staffOrderRoutes } from './orders';
import { staffSalesRoutes } from './sales';
import { staffTeamRoutes } from './team';
import { staffTenantFileRoutes } from './tenant-file';
import { staffWebhookRoutes } from './webhooks';

/** The staff console: the order board, the team, availability, sales, webhooks, the tenant file, the menu's drafts, history and photos, the kitchen printer. */
export const staffRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  await app.register(staffOrderRoutes);
  await app.register(staffTeamRoutes, { publicUrl: options.publicUrl });
  await app.register(staffAvailabilityRoutes);
  await app.register(staffSalesRoutes);
  await app.register(staffWebhookRoutes, { requireHttps: options.webhooksRequireHttps });
  await app.register(staffTenantFileRoutes);
  await app.register(staffMenuDraftRoutes);
  await app.register(staffMenuImageRoutes);
  await app.register(staffKitchenPrinterRoutes);
};
