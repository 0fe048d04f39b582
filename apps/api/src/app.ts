import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { liveChangesRepository } from './db/live-changes-repository';
import { systemClock, type Clock } from './lib/clock';
import { eventSuiteSealer } from './lib/event-suite-link';
import { redactUrl } from './lib/redact-url';
import { compiledSerializerCompiler, compiledValidatorCompiler } from './lib/schema-compilers';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { KeptNotModified } from './plugins/kept-not-modified';
import { maintenancePlugin } from './plugins/maintenance';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { type SsrOptions, ssrPlugin } from './plugins/ssr';
import { webPlugin } from './plugins/web';
import { decoratePorts, type Ports } from './ports/services';
import { sessionPlugin } from './plugins/session';
import { apiRoutes } from './routes/index';
import { LIVE_BATCH, orderEventHub } from './ports/order-events';
import { type DeliverySettings, startDeliveryWorkers } from './plugins/delivery-workers';
import { closeEndedTabs, TAB_SWEEP_MS } from './use-cases/suites/suite-tabs';

export type AppConfig = Pick<Config, 'LOG_LEVEL' | 'WEB_DIST' | 'TENANTS_DIR'> &
  Partial<
    Pick<
      Config,
      'SOCIAL_SIGN_IN_CONFIG' | 'PUBLIC_URL' | 'TRUST_PROXY' | 'DEV_ROUTES' | 'EVENT_SUITE_LINK_KEY' | 'METRICS_ALLOW' | 'MAINTENANCE'
    >
  > &
  Partial<DeliverySettings & Pick<Config, 'DELIVERY_WORKERS' | 'NODE_ENV'>>;

const REQUEST_ID = /^[\w.-]{8,64}$/;

export interface AppServices {
  /** Server rendering of the restaurant pages; without it they are rendered in the browser. */
  ssr?: SsrOptions | null;
  /** Outside services (payments, e-mail, SMS); each defaults to its one-machine implementation. */
  ports?: Partial<Ports>;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: { write: (message: string) => void };
  /** What time it is (tests set it); the system clock by default. */
  now?: Clock;
  /**
   * How often this process closes the tabs of ended events (use-cases/suites/suite-tabs.ts); null: never
   * (tests close them by calling the sweep). TAB_SWEEP_MS by default.
   */
  tabSweepMs?: number | null;
}

/** Honour a load balancer's request id when it looks like one; otherwise make our own. */
function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export async function buildApp(config: AppConfig, database: Db, services: AppServices = {}): Promise<FastifyInstance> {
  const publicUrl = config.PUBLIC_URL ?? 'http://localhost:3000';
  // Conditional GETs Fastify answered 304 before are answered again ahead of it, while their resource
  // is unchanged (plugins/kept-not-modified.ts).
  const keptNotModified = new KeptNotModified(requestIdOf, () => app.log);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Logs keep no secret: no headers, no bodies, and no query values (tokens, reset links).
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
      ...(services.logStream && { stream: services.logStream }),
    },
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
    // Only the configured proxies may say who the client is (X-Forwarded-For); with none, the
    // connection's own address is the client's, and no header can move a rate limit to another one.
    trustProxy: config.TRUST_PROXY && config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    genReqId: requestIdOf,
    // Fastify's own HTTP server, with the kept 304s answered first; the settings are the ones Fastify
    // gives the server it makes itself (node_modules/fastify/lib/server.js).
    serverFactory: (handler, options) => {
      const settings = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      const server = http.createServer((request, response) => keptNotModified.answer(request, response) || handler(request, response));
      server.keepAliveTimeout = settings.keepAliveTimeout ?? 72_000;
      server.requestTimeout = settings.requestTimeout ?? 0;
      server.setTimeout(settings.connectionTimeout ?? 0);
      if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('keptNotModified', keptNotModified);
  app.setValidatorCompiler(compiledValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.decorate('database', database);
  // Live order events for this process's listeners (the staff board): ports/order-events.ts.
  // The hub reads through its repository, handed in here so ports/ imports nothing from db/ (decision 0060).
  const orderEvents = orderEventHub(liveChangesRepository(database, { batch: LIVE_BATCH }));
  app.decorate('orderEvents', orderEvents);
  app.addHook('onClose', () => orderEvents.close());
  app.decorate('now', services.now ?? systemClock);
  app.decorate('eventSuiteSealer', eventSuiteSealer(config.EVENT_SUITE_LINK_KEY));

  await app.register(errorsPlugin);
  await app.register(requestContextPlugin);
  await app.register(sameOriginPlugin, { publicUrl });
  await app.register(securityHeadersPlugin);
  await app.register(openapiPlugin);
  await app.register(metricsPlugin, { allow: config.METRICS_ALLOW ?? [] });
  if (config.MAINTENANCE) await app.register(maintenancePlugin);
  decoratePorts(app, services.ports);
  await app.register(sessionPlugin);
  // Every route, registered folder by folder (routes/index.ts).
  await app.register(apiRoutes, {
    publicUrl,
    socialProviders: config.SOCIAL_SIGN_IN_CONFIG,
    webhooksRequireHttps: config.NODE_ENV === 'production',
    devRoutes: config.DEV_ROUTES === true,
  });
  if (services.ssr) await app.register(ssrPlugin, services.ssr);
  await app.register(webPlugin, { webDist: config.WEB_DIST, tenantsDir: config.TENANTS_DIR, pageStatus: services.ssr?.pageStatus });
  // E-mails, texts and webhook events leave through these (off unless asked for: main.ts turns them
  // on by config DELIVERY_WORKERS; tests turn them on where they test them).
  if (config.DELIVERY_WORKERS) {
    startDeliveryWorkers(app, {
      SMTP_URL: config.SMTP_URL,
      SMTP_FROM: config.SMTP_FROM,
      SMS_PROVIDER_URL: config.SMS_PROVIDER_URL,
      SMS_PROVIDER_TOKEN: config.SMS_PROVIDER_TOKEN,
      SMS_PROVIDER_SIGNING_SECRET: config.SMS_PROVIDER_SIGNING_SECRET,
      SMS_FROM: config.SMS_FROM,
      OUTBOUND_TIMEOUT_MS: config.OUTBOUND_TIMEOUT_MS ?? 10_000,
      MESSAGE_MAX_ATTEMPTS: config.MESSAGE_MAX_ATTEMPTS ?? 6,
      WEBHOOK_MAX_ATTEMPTS: config.WEBHOOK_MAX_ATTEMPTS ?? 10,
      WEBHOOK_PRIVATE_TARGETS: config.WEBHOOK_PRIVATE_TARGETS ?? 'refuse',
      DELIVERY_POLL_MS: config.DELIVERY_POLL_MS ?? 1000,
      SCHEDULED_SWEEP_MS: config.SCHEDULED_SWEEP_MS ?? 60_000,
      KITCHEN_PRINTER_TARGETS: config.KITCHEN_PRINTER_TARGETS ?? 'lan',
      publicUrl,
    });
  }
  startTabSweep(app, services.tabSweepMs === undefined ? TAB_SWEEP_MS : services.tabSweepMs);
  return app;
}

/**
 * Every process sweeps; closing is a compare-and-set on the tab's row lock, so two processes close
 * and settle a tab once (docs/decisions/0029-suite-tab-closing.md). One sweep at a time per process.
 */
function startTabSweep(app: FastifyInstance, everyMs: number | null): void {
  if (!everyMs) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    closeEndedTabs(app.database, app.ports, app.now())
      .then((closed) => closed > 0 && app.log.info({ closed }, 'suite tabs closed at the end of their event'))
      .catch((error: unknown) => app.log.error({ err: error }, 'suite tab sweep failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
