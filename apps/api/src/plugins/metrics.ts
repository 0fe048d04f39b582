/**
 * GET /metrics: what operators watch, in Prometheus's text format (docs/decisions/0062-metrics.md).
 * Only the addresses of config METRICS_ALLOW may read it, matched against the client address as
 * Fastify derives it (request.ip: the connection's, or X-Forwarded-For's from a TRUST_PROXY proxy).
 * Everyone else, and everyone while METRICS_ALLOW is empty, is answered the app's own 404
 * (NOT_FOUND, as an unknown /api path): nothing says the endpoint exists.
 *
 * What it shows: the process's registry (ports/metrics.ts: orders placed, refused and failed, and the
 * runtime's CPU, memory and event-loop lag), then this app's own, read at each scrape: request
 * durations by route pattern, the database pool's waits, the live events' lag and the outbox's depth.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { waitingDeliveries } from '../db/deliveries-repository';
import { AppError } from '../lib/app-error';
import { collectRuntimeMetrics, processMetrics } from '../ports/metrics';

export interface MetricsOptions {
  /** Addresses and CIDR ranges allowed to scrape (config METRICS_ALLOW, validated there); empty: nobody. */
  allow: readonly string[];
}

/** Whether a client address is one of `entries` (addresses and CIDR ranges); an IPv4 address seen as IPv6 (::ffff:a.b.c.d) is its IPv4 self. */
export function addressMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (ip) => {
    const address = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1] ?? ip;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label: the pattern a route was declared with (`/api/orders/:id`), never the URL asked
 * for. A request no route matched is '(not found)'; the web app's files, one route each whose name
 * changes with every build, are '(static file)'.
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return '(not found)';
  if (!pattern.includes(':') && !pattern.includes('*') && /\.[a-z0-9]+$/i.test(pattern)) return '(static file)';
  return pattern;
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const allowed = addressMatcher(options.allow);
    const on = options.allow.length > 0;
    const registry = new Registry();
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!on || !allowed(request.ip)) throw new AppError('NOT_FOUND');
      const own = await registry.metrics();
      return reply
        .type(processMetrics.contentType)
        .header('cache-control', 'no-store')
        .send((await processMetrics.metrics()) + own);
    });
    // Off, nothing is measured: no hook on every request's path.
    if (!on) return;
    collectRuntimeMetrics();

    const durations = new Histogram({
      name: 'servery_http_request_duration_seconds',
      help: 'Time from a request reaching Fastify to its answer sent, by route pattern, method and status class (2xx, 4xx, ...). The 304s answered ahead of Fastify (plugins/kept-not-modified.ts) are not in it.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    // A callback hook: it runs on every request and has nothing to wait for (no promise per answer).
    app.addHook('onResponse', (request, reply, done) => {
      durations.observe(
        {
          route: routeLabel(request.routeOptions.url),
          method: METHODS.has(request.method) ? request.method : 'other',
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const database = app.database;
    const pools = () => database.poolStats();
    const poolCounter = (name: string, help: string, value: (stats: ReturnType<typeof pools>[number]) => number) =>
      new Counter({
        name,
        help,
        labelNames: ['database', 'pool'],
        registers: [registry],
        collect() {
          this.reset();
          for (const stats of pools()) this.inc({ database: database.dialect, pool: stats.pool }, value(stats));
        },
      });
    const poolGauge = (name: string, help: string, value: (stats: ReturnType<typeof pools>[number]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['database', 'pool'],
        registers: [registry],
        collect() {
          this.reset();
          for (const stats of pools()) this.set({ database: database.dialect, pool: stats.pool }, value(stats));
        },
      });
    poolCounter(
      'servery_db_pool_acquired_total',
      'Connections handed out by the pool (SQLite: uses of its one connection through Kysely).',
      (s) => s.acquired,
    );
    poolCounter('servery_db_pool_queued_total', 'Of those, the ones that waited for a busy connection to be released.', (s) => s.queued);
    poolCounter('servery_db_pool_queued_seconds_total', 'Seconds spent waiting for a connection, in all.', (s) => s.queuedSeconds);
    poolGauge('servery_db_pool_waiting', 'Work waiting for a connection now.', (s) => s.waiting);
    poolGauge('servery_db_pool_connections', 'Connections open now.', (s) => s.open);
    poolGauge('servery_db_pool_max', 'The most connections the pool opens.', (s) => s.max);

    const live = () => app.orderEvents.stats();
    new Gauge({
      name: 'servery_live_events_listeners',
      help: "Live subscriptions (staff boards, order status pages, suite tabs) this process's hub serves now.",
      registers: [registry],
      collect() {
        this.set(live().listeners);
      },
    });
    new Gauge({
      name: 'servery_live_events_poll_age_seconds',
      help: 'Seconds since the hub last read order_events and suite_tab_changes: every change committed before then has reached its listeners. 0 while nobody listens (nothing is owed).',
      registers: [registry],
      collect() {
        const { lastReadAt, listeners } = live();
        this.set(listeners > 0 && lastReadAt !== null ? Math.max(0, Date.now() - lastReadAt) / 1000 : 0);
      },
    });
    new Gauge({
      name: 'servery_live_events_lag_seconds',
      help: 'For the newest order event the hub delivered: seconds from its writing (its transaction) to its reading by this process. 0 before any.',
      registers: [registry],
      collect() {
        this.set((live().lastLagMs ?? 0) / 1000);
      },
    });
    new Counter({
      name: 'servery_live_events_delivered_total',
      help: "Order events read by this process's hub for its listeners.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(live().delivered);
      },
    });

    // One read serves both outbox gauges of a scrape.
    let waiting: Promise<Awaited<ReturnType<typeof waitingDeliveries>> | null> | null = null;
    const readWaiting = () =>
      (waiting ??= waitingDeliveries(database.db)
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'metrics: the outbox depth could not be read');
          return null;
        })
        .finally(() => setImmediate(() => (waiting = null))));
    new Gauge({
      name: 'servery_outbox_depth',
      help: 'Messages and webhook deliveries not yet relayed (queued or retrying), by queue: email, sms, webhook. Absent when the database did not answer.',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of (await readWaiting()) ?? []) this.set({ queue: row.queue }, row.count);
      },
    });
    new Gauge({
      name: 'servery_outbox_oldest_age_seconds',
      help: 'Age of the oldest message or webhook delivery not yet relayed, by queue; 0 when none waits.',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        const now = app.now().getTime();
        for (const row of (await readWaiting()) ?? [])
          this.set({ queue: row.queue }, row.oldest === null ? 0 : Math.max(0, now - Date.parse(row.oldest)) / 1000);
      },
    });
  },
  { name: 'metrics' },
);
