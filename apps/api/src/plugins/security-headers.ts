/**
 * Security headers on every answer (docs/decisions/0024-security-headers.md), chosen by helmet:
 * a Content Security Policy that runs only our own scripts, nosniff, a referrer policy, no framing,
 * and, when the request came over HTTPS, HSTS. Answers of the API default to `no-store`: most carry
 * a person's data (sessions, profile, orders), and a route whose answer may be kept (the menus with
 * their ETag) says so itself.
 *
 * The server-rendered pages (plugins/ssr.ts) run one inline script, the loader that fetches the app
 * after the first paint; it carries a nonce drawn for that answer, and only those answers name one.
 * The server state beside it is `type="application/json"`, data the browser never runs.
 *
 * Browsers report a violation to POST /api/csp-reports, which writes it to the log: the browser
 * tests read the log after every journey and fail on any report (e2e/tests/server-logs.teardown.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { redactUrl } from '../lib/redact-url';

export const CSP_REPORT_PATH = '/api/csp-reports';

type Directives = Record<string, string[]>;

function directives(scriptNonce: string | null): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scriptNonce ? ["'self'", `'nonce-${scriptNonce}'`] : ["'self'"],
    // Inline styles stay allowed: the pages inline their stylesheets for the first paint and React
    // sets the restaurant's brand colours in style attributes, which a nonce cannot cover. Styles
    // cannot run code; scripts are what the policy holds to our own files.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    // The restaurants' fonts are files the product packages (apps/web/src/lib/restaurant-fonts.ts):
    // no outside font service, and no data: URL either.
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    reportUri: [CSP_REPORT_PATH],
  };
}

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * The headers helmet sets for our options, worked out once. The options hold no per-request value
 * (the page nonce is added by `allowPageScript`), so every answer gets the same list; building the
 * policy again for each request, as @fastify/helmet does, was a fifth of a 304's server time.
 */
export function helmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  };
  let failure: unknown = null;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(null) },
    // HSTS only over HTTPS (below): over plain HTTP on a laptop or a LAN it would only lock a name out.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The wallets' payment sheets and social sign-in open windows of other origins.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => void (failure = error ?? null));
  if (failure) throw failure;
  return [...headers];
}

let headers: ReadonlyArray<readonly [string, string]> | null = null;

/**
 * Sets the security headers of an answer, first: a header the route sets itself later (a page's own
 * policy, a route's cache-control) replaces ours. On the reply, which hands them all to Node in one
 * writeHead; setting each on the raw response was a tenth of a 304's server time (Node checks and
 * stores them one by one). A hijacked reply sends them itself (lib/event-stream.ts).
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of (headers ??= helmetHeaders())) reply.header(name, value);
  // request.protocol believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY in config.ts).
  if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${ONE_YEAR}; includeSubDomains`);
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  // One callback hook, nothing to await: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request, reply);
    done();
  });

  // Chromium sends `application/csp-report`; the Reporting API sends `application/reports+json`.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, null);
      }
    },
  );
  app.post(CSP_REPORT_PATH, { schema: { hide: true } }, async (request, reply) => {
    for (const report of cspReports(request.body)) request.log.warn({ cspViolation: report }, 'content security policy violation');
    return reply.code(204).send();
  });
});

/** What a violation report says, without query strings (they may carry tokens). */
export function cspReports(body: unknown): { directive: string; blocked: string; page: string }[] {
  const entries = Array.isArray(body)
    ? body.map((entry: { body?: unknown }) => entry?.body)
    : [(body as { 'csp-report'?: unknown } | null)?.['csp-report']];
  return entries.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const report = entry as Record<string, unknown>;
    const text = (...keys: string[]) =>
      String(keys.map((key) => report[key]).find((value) => typeof value === 'string') ?? '').slice(0, 300);
    return [
      {
        directive: text('effective-directive', 'effectiveDirective', 'violated-directive'),
        blocked: redactUrl(text('blocked-uri', 'blockedURL')),
        page: redactUrl(text('document-uri', 'documentURL')),
      },
    ];
  });
}

/**
 * A server-rendered page's own policy: the global one plus a nonce for its one inline script.
 * Returns the nonce to put on that script.
 */
export function allowPageScript(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  reply.header('content-security-policy', serializePolicy(directives(nonce)));
  return nonce;
}

function serializePolicy(policy: Directives): string {
  return Object.entries(policy)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}
