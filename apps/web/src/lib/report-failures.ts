/**
 * Failures in the diner's browser go to our own server's error reporter (POST /api/client-errors,
 * apps/api/src/routes/client-errors.ts), never to an outside service: an uncaught error, a rejected
 * promise nobody handled, a React hydration mismatch (React 19 reports it as an uncaught error) and a
 * screen an error boundary replaced (components/ui/error-boundary.tsx). A page reports each distinct
 * failure once and at most MAX_REPORTS in all; a report that cannot be sent is dropped, never retried
 * and never shown. The server scrubs what it keeps; this sends only the message, the first frames of
 * the stack, the path and the build.
 */
import type { ClientErrorReport } from '@servery/contracts/client-errors';

const MAX_REPORTS = 10;
const sent = new Set<string>();

function buildName(): string | null {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry ? (entry.src.split('/').pop()?.split('?')[0] ?? null) : null;
}

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? null };
  return { message: typeof error === 'string' ? error : 'A value that is not an Error was thrown', stack: null };
}

export function reportFailure(kind: ClientErrorReport['kind'], error: unknown): void {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return;
  const { message, stack } = describe(error);
  const key = `${kind}:${message}`;
  if (sent.size >= MAX_REPORTS || sent.has(key)) return;
  sent.add(key);
  const report: ClientErrorReport = {
    kind,
    message: message.slice(0, 500),
    stack: stack === null ? null : stack.slice(0, 4000),
    page: window.location.pathname.slice(0, 300),
    build: buildName(),
  };
  // keepalive: a failure that ends the page (a reload, a navigation) is still sent.
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}

/** Listens for what nothing else caught, once per page (main.tsx). */
export function installFailureReports(): void {
  window.addEventListener('error', (event) => reportFailure('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportFailure('rejection', event.reason));
}
