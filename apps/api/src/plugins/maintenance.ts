/**
 * Maintenance mode (config MAINTENANCE): while an operator migrates or moves the database, every API
 * call but the health check is refused before it reads or writes anything, with 503 MAINTENANCE and
 * Retry-After, so no order is half-placed and the diner reads why in their language (the web shows
 * the server's message: lib/error-message.ts). Health stays, for the load balancer; the pages still
 * load from the built files.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const RETRY_AFTER_SECONDS = 60;

export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || path === '/api/health') return;
    throw new AppError('MAINTENANCE', undefined, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  });
});
