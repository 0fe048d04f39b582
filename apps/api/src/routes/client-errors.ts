import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@servery/contracts/accounts';
import { ClientErrorReport } from '@servery/contracts/client-errors';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { TENANT_HEADER, tenantOf } from '../plugins/request-context';
import { reportClientError } from '../use-cases/platform/report-client-error';

/** A diner's browser reports a failure of the page (apps/web/src/lib/report-failures.ts). */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/client-errors',
    {
      schema: {
        tags: ['system'],
        summary: 'Report a failure in the browser to the server’s error reporter',
        body: ClientErrorReport,
        response: { 200: OkResponse, 400: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request) => {
      const restaurant = request.headers[TENANT_HEADER] === undefined ? null : await tenantOf(request);
      await reportClientError(
        app.database.db,
        app.ports.errors,
        request.log,
        { report: request.body, address: request.ip, restaurantId: restaurant?.id ?? null, requestId: request.id },
        app.now(),
      );
      return { ok: true as const };
    },
  );
};
