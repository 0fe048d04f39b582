import { setImmediate } from 'node:timers';
import { act as preactAct } from 'preact/test-utils';

/**
 * `act` for Testing Library (vitest.config.ts resolves react-dom/test-utils here): Preact's, which
 * renders and runs the effects of what the callback did, waiting as React's own does after an
 * async callback for the next turn of the event loop, so the work it started (a stubbed fetch
 * answered, its JSON read) is settled and rendered when `await act(async () => ...)` returns.
 * `setImmediate` comes from node:timers, which fake timers leave alone (as React's does).
 */
export function act(callback: () => unknown): Promise<void> {
  return preactAct(() => {
    const result = callback();
    if (result === null || typeof result !== 'object' || typeof (result as PromiseLike<unknown>).then !== 'function') return;
    return Promise.resolve(result).then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  });
}
