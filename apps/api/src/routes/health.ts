import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { HealthResponse } from '@servery/contracts/restaurant';
import { AppError } from '../lib/app-error';
import { checkDatabase } from '../use-cases/check-health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthResponse, 503: ErrorEnvelope } } },
    async (request) => {
      const database = await checkDatabase(app.database).catch((error: unknown) => {
        request.log.error({ err: error }, 'database check failed');
        throw new AppError('SERVICE_UNAVAILABLE');
      });
      return { status: 'ok' as const, database };
    },
  );
};
