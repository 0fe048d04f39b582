/**
 * GET /api/dev/outbox: the latest e-mails and SMS the outbox ports queued, for a developer (never
 * registered in production). Optional `?restaurant=` (id) and `?limit=` (1-200, default 50).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { OutboxResponse } from '@servery/contracts/orders';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The latest queued e-mails and SMS (development only)',
        querystring: z.object({
          restaurant: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: OutboxResponse, 400: ErrorEnvelope },
      },
    },
    async (request) => {
      let query = app.database.db
        .selectFrom('outbox')
        .select(['id', 'restaurant_id', 'channel', 'recipient', 'subject', 'body', 'locale', 'order_id', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(request.query.limit);
      if (request.query.restaurant !== undefined) query = query.where('restaurant_id', '=', request.query.restaurant);
      return { messages: await query.execute() };
    },
  );
};
