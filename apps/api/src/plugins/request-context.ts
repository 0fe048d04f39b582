/** The request's language (Accept-Language) and tenant (X-Restaurant-Id or the path), resolved once. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateLocale } from '@servery/contracts/locale';
import type { Locale } from '@servery/contracts/tenant-file';
import type { Db } from '../db/database';
import { addTenant, runInNewScope } from '../db/data-scope';
import { findRestaurantById, findRestaurantBySlug, type Restaurant } from '../db/restaurants-repository';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    tenantPromise: Promise<Restaurant> | null;
  }
  interface FastifyInstance {
    database: Db;
  }
}

export const TENANT_HEADER = 'x-restaurant-id';

export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'en-CA');
  app.decorateRequest('tenantPromise', null);
  // A callback hook, not an async one: it runs on every request and has nothing to wait for. On
  // PostgreSQL the rest of the request runs in a scope of its own (db/data-scope.ts), empty until the
  // request names its tenant (`tenantOf`) and its person (plugins/session.ts); on SQLite it just goes on.
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
    runInNewScope(done);
  });
});

async function lookUp(app: FastifyInstance, key: string): Promise<Restaurant | null> {
  const db = app.database.db;
  if (/^\d{1,9}$/.test(key)) return findRestaurantById(db, Number(key));
  if (/^[a-z0-9-]{1,100}$/.test(key)) return findRestaurantBySlug(db, key);
  return null;
}

/**
 * The tenant of this request. `fromPath` is the restaurant named by the URL (id or slug); the
 * X-Restaurant-Id header names it otherwise. When both are given they must agree: a request never
 * reads one tenant while claiming another.
 */
export function tenantOf(request: FastifyRequest, fromPath?: string): Promise<Restaurant> {
  request.tenantPromise ??= (async () => {
    const header = request.headers[TENANT_HEADER];
    const headerKey = Array.isArray(header) ? header[0] : header;
    const key = fromPath ?? headerKey;
    if (!key) throw new AppError('RESTAURANT_REQUIRED');
    // On PostgreSQL a connection is given a request's scope only when it last served another one
    // (db/database.ts applyScope). The restaurants table is not tenant-scoped, so its look-up can run
    // in the scope the rest of the request will have: naming the id first saves a round trip that
    // resets the connection's scope on nearly every request (docs/decisions/0048-per-order-work.md).
    // An id that names no restaurant, or another than the header's, fails the request below.
    if (/^\d{1,9}$/.test(key.trim())) addTenant(Number(key.trim()));
    const restaurant = await lookUp(request.server, key.trim());
    if (!restaurant) throw new AppError('RESTAURANT_NOT_FOUND');
    if (fromPath && headerKey) {
      const claimed = headerKey.trim();
      if (claimed !== String(restaurant.id) && claimed !== restaurant.slug) throw new AppError('RESTAURANT_NOT_FOUND');
    }
    addTenant(restaurant.id);
    return restaurant;
  })();
  return request.tenantPromise;
}
