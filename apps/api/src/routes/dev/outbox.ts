/**
 * GET /api/dev/outbox: the latest e-mails and SMS the outbox ports queued, for a developer. It holds
 * reset links and receipts, so it exists only when DEV_ROUTES is set (never in production, see
 * config.ts) and even then answers only a request made on this machine, straight to the server:
 * anything else, a forwarded request through a local proxy included, is told it does not exist.
 * Optional `?restaurant=` (id) and `?limit=` (1-200, default 50).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { OutboxQuery, OutboxResponse } from '@servery/contracts/orders';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { listOutbox } from '../../use-cases/platform/list-outbox';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** A request from this machine, straight to the server (no proxy in between). */
export function fromThisMachine(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

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
      if (!fromThisMachine(request)) throw new AppError('NOT_FOUND');
      return { messages: await listOutbox(app.database.db, request.query) };
    },
  );
};
