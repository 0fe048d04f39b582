/**
 * GET /api/dev/outbox: the latest e-mails and SMS the outbox ports queued, for a developer (never
 * registered in production). Optional `?restaurant=` (id) and `?limit=` (1-200, default 50).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { OutboxQuery, OutboxResponse } from '@servery/contracts/orders';
import { listOutbox } from '../../use-cases/list-outbox';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The latest queued e-mails and SMS (development only)',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, 400: ErrorEnvelope },
      },
    },
    async (request) => {
      return { messages: await listOutbox(app.database.db, request.query) };
    },
  );
};
