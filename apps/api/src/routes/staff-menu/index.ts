import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffDiscountCodeUseRoutes } from './discount-code-uses';
import { staffMenuDraftRoutes } from './menu-drafts';
import { staffMenuImageRoutes } from './menu-images';
import { staffStudentPlaceRoutes } from './student-places';
import { staffTenantFileRoutes } from './tenant-file';

/**
 * The staff console's menu: the tenant file, the menu editor's drafts, preview, publish and history,
 * its photos, the discount codes' use counts and the students' places (issue 32; docs/menu-drafts.md). Signed in as the rest of the console is
 * (routes/staff/staff-caller.ts).
 */
export const staffMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffTenantFileRoutes);
  await app.register(staffMenuDraftRoutes);
  await app.register(staffMenuImageRoutes);
  await app.register(staffDiscountCodeUseRoutes);
  await app.register(staffStudentPlaceRoutes);
};
