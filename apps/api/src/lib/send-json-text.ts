import type { FastifyReply } from 'fastify';

/**
 * Sends JSON already serialised (a cached menu, or data whose amounts are already cents). The route's
 * response schema still documents the shape in OpenAPI; Fastify does not serialise a string again.
 */
export function sendJsonText(reply: { type: FastifyReply['type'] }, text: string): FastifyReply {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(text);
}
