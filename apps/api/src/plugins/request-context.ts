/** The request's language (Accept-Language) and tenant (X-Restaurant-Id or the path), resolved once. */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateLocale } from '@servery/contracts/locale';
import type { Locale } from '@servery/contracts/tenant-file';
import type { Db } from '../db/database';
import { addTenant, runInNewScope } from '../db/data-scope';
import { findRestaurantById, findRestaurantBySlug, knownRestaurant, type Restaurant } from '../db/restaurants-repository';
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

/** Which restaurant a key (an id or a slug) names; null when it can name none. */
function named(key: string): { id: number } | { slug: string } | null {
  if (/^\d{1,9}$/.test(key)) return { id: Number(key) };
  if (/^[a-z0-9-]{1,100}$/.test(key)) return { slug: key };
  return null;
}

/** The key naming this request's tenant (the path's, else the header's) and the header's claim. */
function tenantKeys(headers: IncomingHttpHeaders, fromPath: string | undefined): { key: string | undefined; claimed: string | undefined } {
  const header = headers[TENANT_HEADER];
  const headerKey = Array.isArray(header) ? header[0] : header;
  return { key: fromPath ?? headerKey, claimed: fromPath ? headerKey?.trim() : undefined };
}

/** Whether the header's claim, when the path names the tenant too, names the same restaurant. */
const claimHolds = (restaurant: Restaurant, claimed: string | undefined) =>
  !claimed || claimed === String(restaurant.id) || claimed === restaurant.slug;

/**
 * The tenant of this request. `fromPath` is the restaurant named by the URL (id or slug); the
 * X-Restaurant-Id header names it otherwise. When both are given they must agree: a request never
 * reads one tenant while claiming another.
 */
export function tenantOf(request: FastifyRequest, fromPath?: string): Promise<Restaurant> {
  request.tenantPromise ??= (async () => {
    const { key, claimed } = tenantKeys(request.headers, fromPath);
    if (!key) throw new AppError('RESTAURANT_REQUIRED');
    const by = named(key.trim());
    // On PostgreSQL a connection is given a request's scope only when it last served another one
    // (db/database.ts applyScope). The restaurants table is not tenant-scoped, so its look-up can run
    // in the scope the rest of the request will have: naming the id first saves a round trip that
    // resets the connection's scope on nearly every request (docs/decisions/0048-per-order-work.md).
    // An id that names no restaurant, or another than the header's, fails the request below.
    if (by && 'id' in by) addTenant(by.id);
    const db = request.server.database.db;
    const restaurant = by === null ? null : 'id' in by ? await findRestaurantById(db, by.id) : await findRestaurantBySlug(db, by.slug);
    if (!restaurant || !claimHolds(restaurant, claimed)) throw new AppError('RESTAURANT_NOT_FOUND');
    addTenant(restaurant.id);
    return restaurant;
  })();
  return request.tenantPromise;
}

/**
 * The tenant `tenantOf` would resolve for a request with these headers, when it is known without
 * reading (db/restaurants-repository.ts knownRestaurant); undefined when only `tenantOf` can tell, or
 * would refuse. For a request answered at once when everything it needs is at hand (a menu's 304).
 */
export function knownTenant(db: Db['db'], headers: IncomingHttpHeaders, fromPath?: string): Restaurant | undefined {
  const { key, claimed } = tenantKeys(headers, fromPath);
  const by = key ? named(key.trim()) : null;
  const restaurant = by ? knownRestaurant(db, by) : undefined;
  if (!restaurant || !claimHolds(restaurant, claimed)) return undefined;
  addTenant(restaurant.id);
  return restaurant;
}
