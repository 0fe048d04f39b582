/**
 * The JSON body of a request as the client sent it, for the routes that key a kept answer on it
 * (use-cases/cart/cart-answers.ts). `keepJsonText(app)` replaces the JSON parser of one plugin's routes
 * (Fastify scopes a parser to its plugin) by Fastify's own default parser, with the same protection
 * against prototype poisoning, that also keeps the text on the request.
 *
 * A cart screen posts the same cart again on every render, tab and tip (decision 0023), and parsing
 * a 20-line cart's text was the largest single cost of answering it again. So the value read from a
 * text is kept, frozen, for the same text byte for byte: the text is the whole input of JSON.parse,
 * and a frozen value is the same for every request that sends it. Its validation is kept beside it
 * (lib/schema-compilers.ts). docs/decisions/0050-request-bodies-read-once.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deepFreeze } from './deep-freeze';
import { KeptByText } from './kept-by-text';
import { textDigest } from './text-digest';

const texts = new WeakMap<FastifyRequest, string>();

/** The kept values, their texts' characters counted; the least recently used out first. */
const MAX_KEPT_CHARS = 4 * 1024 * 1024;
const MAX_KEPT_ENTRIES = 2000;
/** A text longer than this is read every time: a cart this big is rarely asked twice. */
const MAX_KEPT_TEXT = 64 * 1024;

/** The value each kept text reads as, deep-frozen (lib/kept-by-text.ts keeps them). */
export class KeptBodies {
  private readonly kept: KeptByText<unknown>;

  constructor(maxChars = MAX_KEPT_CHARS, maxEntries = MAX_KEPT_ENTRIES) {
    this.kept = new KeptByText(maxChars, maxEntries);
  }

  /** The value kept for this very text; undefined when none is. */
  get(text: string): unknown {
    return this.kept.get(textDigest(text), text);
  }

  /** Keeps `value`, deep-frozen, as what `text` reads as; returns the value (frozen when kept). */
  set(text: string, value: unknown): unknown {
    if (text.length > MAX_KEPT_TEXT || typeof value !== 'object' || value === null) return value;
    this.kept.set(textDigest(text), text, deepFreeze(value));
    return value;
  }
}

export function keepJsonText(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const kept = new KeptBodies();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    texts.set(request, text);
    const known = kept.get(text);
    if (known !== undefined) {
      done(null, known);
      return;
    }
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
      done(null, kept.set(text, value));
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
