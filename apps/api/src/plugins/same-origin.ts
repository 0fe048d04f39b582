/**
 * Cross-site request forgery: a call that changes something and rides on the browser's cookies must
 * come from our own pages. A browser says where a request comes from (`Origin`, `Sec-Fetch-Site`);
 * when it says another site, the call is refused whatever its body. A request with no such header
 * (curl, a server, an old browser) and a cookie must be JSON, which a cross-site form cannot send
 * without the browser asking first. Calls without cookies carry no ambient authority and pass, and so
 * do calls with an Authorization header, which another site cannot set without our consent (CORS).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a form another site posts on purpose and acts on none of the cookies that come
     * with it: a provider's form_post return, which only sends the browser on to a same-site GET
     * that does the checks (docs/decisions/0124-social-link-and-form-post.md).
     */
    acceptsCrossSiteForm?: boolean;
  }
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Whether this request may act with the cookies it carries. */
export function sameOriginAllowed(request: FastifyRequest, publicHost: string): boolean {
  if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return true;
  if (request.routeOptions.config?.acceptsCrossSiteForm === true) return true;
  // A page of another site cannot set Authorization without the browser asking us first (CORS).
  if (request.headers.authorization) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const host = originHost(origin);
    return host !== null && (host === request.host || host === publicHost);
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');
}

export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const publicHost = new URL(options.publicUrl).host;
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    done(sameOriginAllowed(request, publicHost) ? undefined : new AppError('CROSS_SITE_REQUEST'));
  });
});
