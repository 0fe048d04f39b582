/**
 * Where failures are reported (an error tracker a deployment may plug in): every 5xx, and every
 * refusal whose catalogue code the spec maps for tracking (packages/domain/src/failure-tracking.ts).
 * The default writes one log line per failure. A report never holds personal data: the route's
 * pattern (not the URL with its query), the method, the error's code and name, the restaurant's id
 * and the request id, and nothing of the body, the headers or the person.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TrackingCategory } from '@servery/domain/failure-tracking';

export interface ReportedFailure {
  categories: TrackingCategory[];
  /** The catalogue code and the stable error name of the answer. */
  code: number;
  error: string;
  status: number;
  method: string;
  /** The route's pattern, e.g. /api/restaurants/:id/menus. */
  route: string;
  restaurantId: number | null;
  requestId: string;
}

/**
 * A failure in a diner's browser (an uncaught error, a rejected promise, a screen that failed to
 * render, a hydration mismatch), already scrubbed of anything personal by the server
 * (use-cases/platform/report-client-error.ts): the page's path without its query, never its address.
 */
export interface ReportedClientFailure {
  kind: 'error' | 'rejection' | 'render' | 'hydration';
  message: string;
  /** Where in the code: the first frames of the stack, script paths only. */
  stack: string | null;
  page: string;
  /** The web build that failed (its entry script's name), to tell an old tab from a new bug. */
  build: string | null;
  restaurantId: number | null;
  requestId: string;
}

export interface ErrorReporter {
  report(failure: ReportedFailure, log: FastifyBaseLogger): void;
  reportClient(failure: ReportedClientFailure, log: FastifyBaseLogger): void;
}

/** The default: a log line at warn (error for a 5xx), which the server's log keeps. */
export function logReporter(): ErrorReporter {
  return {
    report(failure, log) {
      if (failure.status >= 500) log.error({ failure }, 'failure reported');
      else log.warn({ failure }, 'failure reported');
    },
    reportClient(failure, log) {
      log.warn({ clientFailure: failure }, 'browser failure reported');
    },
  };
}
