/**
 * What this process counts for its operators (docs/decisions/0062-metrics.md): the orders placed and
 * refused, and the runtime's own figures (CPU, memory, event-loop lag, garbage collection). One
 * registry per process: the use cases that count are called without the app, and a process is what
 * Prometheus scrapes. What belongs to one app (its request durations, its database pool, its live
 * events, its outbox) sits in that app's registry (plugins/metrics.ts), which the scrape appends.
 *
 * Every label comes from a closed set: a policy's name, a method, an error name of the catalogue
 * (packages/contracts errors), never anything a client typed.
 */
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { AppError } from '../lib/app-error';

export const processMetrics = new Registry();

let runtimeCollected = false;
/** The runtime's own metrics (process_*, nodejs_*), started once per process by the first app that serves /metrics. */
export function collectRuntimeMetrics(): void {
  if (runtimeCollected) return;
  runtimeCollected = true;
  collectDefaultMetrics({ register: processMetrics });
}

const placed = new Counter({
  name: 'servery_orders_placed_total',
  help: 'Orders stored by a committed checkout (a school or marketplace checkout stores several), by order type policy.',
  labelNames: ['type'],
  registers: [processMetrics],
});

const refused = new Counter({
  name: 'servery_orders_refused_total',
  help: 'Checkouts answered with a refusal (a 4xx error of the catalogue: sold out, orders paused, card declined, ...), by order type policy and error name.',
  labelNames: ['type', 'reason'],
  registers: [processMetrics],
});

const failed = new Counter({
  name: 'servery_orders_failed_total',
  help: 'Checkouts that failed on our side (a 5xx: database or payment processor unavailable, a bug), by order type policy.',
  labelNames: ['type'],
  registers: [processMetrics],
});

/** The counters the checkout pipeline calls (use-cases/checkout/). */
export const orderMetrics = {
  /** `count` orders were committed for one checkout of this policy (`OrderTypePolicy.name`). */
  placed(type: string, count: number): void {
    placed.inc({ type }, count);
  },
  /** A checkout of this policy ended with `error`: a refusal when it is one of ours below 500, a failure otherwise. */
  ended(type: string, error: unknown): void {
    if (error instanceof AppError && error.status < 500) refused.inc({ type, reason: error.errorName });
    else failed.inc({ type });
  },
};
