/**
 * Conditional GETs answered before the framework (docs/decisions/0052-kept-not-modified.md). A
 * browser that revisits a menu asks "has it changed since this ETag?" and, nearly always, hears 304
 * Not Modified: the most frequent answer the product gives, and one with nothing to compute. Fastify's
 * own cycle for it (request and reply objects, routing, hooks, a child logger, the reply pipeline)
 * cost more than everything the answer needs.
 *
 * So a route that answers 304s from what is at hand hands in a revalidator (its ETag now), and the 304
 * Fastify sends for it is recorded with its headers under the request's fingerprint: its URL and every
 * request header such an answer can depend on. The same request asked again is answered here, with
 * the recorded headers and a request id of its own, only when the revalidator says the resource still
 * has the recorded ETag and the request names it. Anything else (another method, no If-None-Match, a
 * request never seen, a resource that changed or is not at hand) goes to Fastify, which answers as
 * always and records again. Nothing is decided here that Fastify did not decide for the same request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { KeptByText } from '../lib/kept-by-text';
import { redactUrl } from '../lib/redact-url';
import { namesEtag } from '../lib/send-menu-payload';

/**
 * The resource's ETag now, when it is at hand without waiting; undefined otherwise. Made by the route
 * for the request it answered: every input it reads from the request is in the fingerprint, so it
 * holds for every request with that fingerprint.
 */
export type Revalidator = () => string | undefined;

interface Recorded {
  etag: string;
  /**
   * The answer's headers as a flat list (name, value, name, value…): Node writes a list as it comes,
   * where a fresh object per answer ({ ...headers, id }) cost a third of a kept 304's CPU.
   */
  headers: (string | string[])[];
  revalidate: Revalidator;
}

/** Fingerprints kept: each is at most a URL and a few headers (a cookie), about 1 kB at worst. */
const MAX_CHARS = 2 * 1024 * 1024;
const MAX_ENTRIES = 5000;
/** Levels at which Fastify logs every request: a kept 304 is logged there too. */
const INFO_OR_FINER = new Set(['info', 'debug', 'trace']);
/** Headers of an answer that belong to the one exchange, not to the resource. */
const NOT_KEPT = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The request as far as a 304's outcome and headers can tell it apart: its URL; its cookies (a member
 * sees other menus); the tenant it claims (X-Restaurant-Id must agree with the path); the protocol a
 * proxy reports and, then, the address it comes from (HSTS is sent over HTTPS, and a proxy is believed
 * only from the trusted addresses: plugins/security-headers.ts).
 */
function fingerprint(request: IncomingMessage): string {
  const { cookie = '', 'x-restaurant-id': tenant = '', 'x-forwarded-proto': proto } = request.headers;
  const from = proto === undefined ? '' : `${String(proto)}\u0000${request.socket.remoteAddress ?? ''}`;
  return `${request.url ?? ''}\u0000${cookie}\u0000${String(tenant)}\u0000${from}`;
}

export class KeptNotModified {
  private readonly kept = new KeptByText<Recorded>(MAX_CHARS, MAX_ENTRIES);

  constructor(
    /** The request id Fastify would give this request (app.ts). */
    private readonly requestId: (request: IncomingMessage) => string,
    private readonly log: () => FastifyBaseLogger | null,
  ) {}

  /**
   * Answers a conditional GET that Fastify answered 304 before, when its resource has not changed;
   * false when Fastify must answer it.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const ifNoneMatch = request.headers['if-none-match'];
    if (request.method !== 'GET' || !ifNoneMatch) return false;
    const key = fingerprint(request);
    const recorded = this.kept.get(key, key);
    if (!recorded || !namesEtag(ifNoneMatch, recorded.etag)) return false;
    if (recorded.revalidate() !== recorded.etag) {
      this.kept.delete(key);
      return false;
    }
    const id = this.requestId(request);
    response.writeHead(304, [...recorded.headers, 'x-request-id', id]);
    response.end();
    const log = this.log();
    if (log && INFO_OR_FINER.has(log.level))
      log.info({ reqId: id, url: redactUrl(request.url ?? ''), statusCode: 304 }, 'request answered from a kept 304');
    return true;
  }

  /** Records the 304 Fastify is sending for this request (a route's onSend hook). */
  record(request: FastifyRequest, reply: FastifyReply, revalidate: Revalidator): void {
    const etag = reply.getHeader('etag');
    // An answer that sets a cookie speaks to that one exchange (a session's): never sent again.
    if (reply.statusCode !== 304 || typeof etag !== 'string' || reply.hasHeader('set-cookie')) return;
    const headers: Recorded['headers'] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !NOT_KEPT.has(name)) headers.push(name, typeof value === 'number' ? String(value) : value);
    }
    const key = fingerprint(request.raw);
    this.kept.set(key, key, { etag, headers, revalidate }, JSON.stringify(headers).length);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    keptNotModified: KeptNotModified;
  }
}
