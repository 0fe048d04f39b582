import type { FastifyRequest } from 'fastify';
import { ErrorEnvelope } from '@servery/contracts/errors';
import { tenantOf } from '../../plugins/request-context';
import { memberCookieName, readCookie } from '../../lib/cookies';
import { idempotencyKeyOf } from '../../lib/idempotency-key';

/** The error answers of every placement route (one order, a school checkout, a hub checkout). */
export const placementErrors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  402: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
};

/**
 * What every placement takes from its request besides the body and the user: the Idempotency-Key
 * (checked first: a placement without one changes nothing), the tenant, the diner's language, the
 * member the cart was priced for (set-costs reads the same cookie, so member prices and member-only
 * items survive into the order), the client's address for the rate limits, and the server's clock.
 */
export async function placementRequest(request: FastifyRequest) {
  const idempotencyKey = idempotencyKeyOf(request);
  const restaurant = await tenantOf(request);
  const app = request.server;
  return {
    database: app.database,
    services: app.ports,
    restaurant,
    idempotencyKey,
    locale: request.locale,
    now: app.now(),
    memberCookie: readCookie(request.headers.cookie, memberCookieName(restaurant.slug)),
    address: request.ip,
  };
}
