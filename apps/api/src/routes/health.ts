import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { HealthResponse } from '@servery/contracts/restaurant';
import { AppError } from '../lib/app-error';
import { checkDatabase } from '../use-cases/platform/check-health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthResponse, 503: ErrorEnvelope } } },
    async (request) => {
      const database = await checkDatabase(app.database).catch((error: unknown) => {
        request.log.error({ err: error }, 'database check failed');
        // Which dependency is down, for a load balancer's health check and the one reading it.
        throw new AppError('SERVICE_UNAVAILABLE', undefined, { down: ['database'] }, { retryAfterSeconds: 5 });
      });
      return { status: 'ok' as const, database };
    },
  );
};
