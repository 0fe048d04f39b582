/**
 * The JSON parser of the cart calls' routes (set-costs, /orders/item, validate): Fastify's own default
 * parser, with the same protection against prototype poisoning, that also tells the route's schema
 * check when a body cannot hold a control character. `fastJsonBodies(app)` replaces the JSON parser
 * of one plugin's routes (Fastify scopes a parser to its plugin).
 *
 * Every cart a diner prices is, nearly always, a text no request sent before (a new line, another
 * quantity, another tip): bodies and answers are not kept by their text (decisions 0023 and 0050, which
 * did, are superseded by docs/decisions/0069-carts-priced-fast-the-first-time.md: on the realistic mix
 * they cost more than they saved). What is left is reading each text once, as cheaply as it can be read.
 */
import type { FastifyInstance } from 'fastify';

/**
 * A JSON text without a backslash and without a DEL or C1 character reads as a value none of whose
 * strings (keys included) holds a control character: JSON.parse refuses a raw C0 character inside a
 * string, and only an escape (`\n`, `\u0000`) can put one there. One native scan of the text instead
 * of a walk of the value (packages/contracts/src/text-input.ts `controlCharacterPaths`).
 */
const MAY_HOLD_CONTROL = /[\\\u007F-\u009F]/;
const screened = new WeakSet<object>();

/** Whether `value` is a body `fastJsonBodies` read from a text that cannot hold a control character. */
export function isScreenedBody(value: unknown): boolean {
  return typeof value === 'object' && value !== null && screened.has(value);
}

export function fastJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
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
      if (typeof value === 'object' && value !== null && !MAY_HOLD_CONTROL.test(text)) screened.add(value);
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
