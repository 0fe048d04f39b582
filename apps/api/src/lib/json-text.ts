/**
 * The JSON body of a request as the client sent it, for the routes that key a kept answer on it
 * (use-cases/cart-answers.ts). `keepJsonText(app)` replaces the JSON parser of one plugin's routes
 * (Fastify scopes a parser to its plugin) by Fastify's own default parser, with the same protection
 * against prototype poisoning, that also keeps the text on the request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const texts = new WeakMap<FastifyRequest, string>();

export function keepJsonText(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    texts.set(request, text);
    parse(request, text, done);
  });
}

/** The body's text when `keepJsonText` read it, null otherwise. */
export function jsonTextOf(request: FastifyRequest): string | null {
  return texts.get(request) ?? null;
}
