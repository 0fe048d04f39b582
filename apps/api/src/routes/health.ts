import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { AppError } from '../lib/app-error';

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthResponse, 503: ErrorEnvelope } } },
    async (request) => {
      try {
        await sql`select 1`.execute(app.database.db);
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { status: 'ok' as const, database: app.database.dialect };
    },
  );
};
