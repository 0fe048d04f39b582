import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MenusResponse } from '@servery/contracts/restaurant';

/** A published menu tree, serialised and compressed once (use-cases/get-menus.ts caches it). */
export interface MenuPayload {
  value: MenusResponse;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Answers a cached menu: 304 when the client has it, else the precompressed bytes its
 * Accept-Encoding allows. Nothing is serialised or compressed per request.
 */
export function sendMenuPayload(request: FastifyRequest, reply: FastifyReply, payload: MenuPayload): FastifyReply {
  reply.header('etag', payload.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding, Cookie');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === payload.etag)) {
    return reply.code(304).send();
  }
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('application/json; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(payload.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(payload.gzip);
  return reply.send(payload.identity);
}
