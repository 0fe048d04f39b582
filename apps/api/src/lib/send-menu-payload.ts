import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MenusResponse } from '@servery/contracts/restaurant';

/** A published menu tree, serialised and compressed once (use-cases/menus/get-menus.ts caches it). */
export interface MenuPayload {
  value: MenusResponse;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const withCacheHeaders = (reply: FastifyReply, payload: MenuPayload) =>
  reply.header('etag', payload.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding, Cookie');

/** Whether If-None-Match names this ETag, weak or strong. */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  // A browser sends back the one tag it was given: that case needs no splitting.
  return ifNoneMatch === etag || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whether the client already has this payload. */
export function isNotModified(request: FastifyRequest, payload: MenuPayload): boolean {
  return namesEtag(request.headers['if-none-match'], payload.etag);
}

export function sendNotModified(reply: FastifyReply, payload: MenuPayload): FastifyReply {
  return withCacheHeaders(reply, payload).code(304).send();
}

/**
 * Answers a cached menu: 304 when the client has it, else the precompressed bytes its
 * Accept-Encoding allows. Nothing is serialised or compressed per request.
 */
export function sendMenuPayload(request: FastifyRequest, reply: FastifyReply, payload: MenuPayload): FastifyReply {
  if (isNotModified(request, payload)) return sendNotModified(reply, payload);
  withCacheHeaders(reply, payload);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('application/json; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(payload.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(payload.gzip);
  return reply.send(payload.identity);
}
