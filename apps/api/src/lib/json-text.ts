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
    // A well-formed text that cannot name __proto__ or constructor is all Fastify's parser would let
    // through as it is: parsed at once. Anything else (a possible poisoning, a byte-order mark, an
    // empty or malformed body) goes to Fastify's parser, which answers it as before.
    if (text.length > 0 && !mayNamePrototype(text)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        parse(request, text, done);
        return;
      }
      done(null, value);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * Whether a JSON text may have a `__proto__` or `constructor` key, the ones Fastify's parser
 * (secure-json-parse) refuses: its patterns match those names with any character written as a \u
 * escape, so a text with neither the names nor any \u escape has no such key. Three substring
 * searches cost a fraction of its two pattern scans of every cart body
 * (docs/decisions/0048-per-order-work.md).
 */
export function mayNamePrototype(text: string): boolean {
  return text.includes('\\u') || text.includes('__proto__') || text.includes('constructor');
}

/** The body's text when `keepJsonText` read it, null otherwise. */
export function jsonTextOf(request: FastifyRequest): string | null {
  return texts.get(request) ?? null;
}
