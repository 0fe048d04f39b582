/**
 * The restaurant's tenant file from the staff console (issue 32, item 5), for owners and managers
 * (staff area `menu`): download it as the file `tenants:import` takes, and import such a file.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { ImportTenantFileResponse, TenantFileBody } from '@servery/contracts/staff-menu';
import { exportTenantFile, importOwnTenantFile } from '../../use-cases/menus/tenant-file-io';
import { menuChangeCaller, staffCaller } from '../staff/staff-caller';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 413: ErrorEnvelope };

/** The largest demo file (the 300-item Grand Buffet) is about 320 kB; a restaurant's file may be several times that. */
export const TENANT_FILE_LIMIT_BYTES = 4 * 1024 * 1024;

export const staffTenantFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/tenant-file',
    {
      schema: {
        tags: ['staff'],
        summary: "The restaurant's tenant file: its settings and every menu, as `npm run tenants:import` takes them",
        response: { 200: TenantFileBody, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurant } = await staffCaller(request, 'menu');
      const file = await exportTenantFile(app.database.db, restaurant);
      void reply.header('content-disposition', `attachment; filename="${restaurant.slug}.json"`).header('cache-control', 'no-store');
      return file;
    },
  );

  app.post(
    '/api/staff/tenant-file',
    {
      bodyLimit: TENANT_FILE_LIMIT_BYTES,
      schema: {
        tags: ['staff'],
        summary: 'Import a tenant file for this restaurant: checked as `tenants:import` checks it, refused whole or applied in one change',
        body: TenantFileBody,
        response: { 200: ImportTenantFileResponse, ...errors },
      },
    },
    async (request) => {
      const { restaurant, actor } = await menuChangeCaller(request);
      return importOwnTenantFile(app.database, restaurant, actor, request.body, app.now(), app.ports, request.locale);
    },
  );
};
