/**
 * Waits `ms` unless `signal` aborts first (a query's signal: a newer key took its place). A query
 * function that debounces waits on it before it calls, so a burst of changes sends one request.
 */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('A newer request took its place', 'AbortError'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('A newer request took its place', 'AbortError'));
    });
  });
}
