import type { FastifyReply } from 'fastify';

/**
 * Sends JSON already serialised (a cached menu, or data whose amounts are already cents), as text or
 * as its UTF-8 bytes (a kept menu payload is encoded once, not on every send). The route's response schema
 * still documents the shape in OpenAPI; Fastify does not serialise a string or bytes again.
 */
export function sendJsonText(reply: { type: FastifyReply['type'] }, text: string | Buffer): FastifyReply {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(text);
}
