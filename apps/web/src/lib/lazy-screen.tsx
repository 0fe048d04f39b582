import { lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS, loadChunk } from './chunk-load';

export type Screen = ComponentType & {
  /**
   * Downloads the screen's chunk (e.g. on hover of a link, or before hydrating a server-rendered
   * page); once it has resolved the screen renders without suspending. Failures are left to the render.
   */
  preload: () => Promise<void>;
};

type Loaded = { default: ComponentType };

/** Screens whose chunk failed, each with the function that arms a fresh attempt. */
const failedScreens = new Set<() => void>();

/**
 * Makes every screen whose chunk failed try its import again on its next render. React.lazy
 * remembers a rejection for ever, so this swaps in a new lazy component. It is explicit (the error
 * screen's Retry calls it) because React re-renders a failed tree once by itself, and that
 * automatic retry must not start a second download behind the person's back.
 */
export function retryFailedScreens(): void {
  const retries = [...failedScreens];
  failedScreens.clear();
  for (const retry of retries) retry();
}

/** A screen loaded on first render through `loadChunk` (deadline, chunk and CSS errors). */
export function lazyScreen(load: () => Promise<ComponentType>, timeoutMs: number = CHUNK_TIMEOUT_MS): Screen {
  let pending: Promise<Loaded> | null = null;
  // Set once the chunk is here: rendering it directly (not through React.lazy, which suspends at
  // least once even for a settled promise) lets the server render it and the browser hydrate it
  // without a Suspense fallback in between.
  let loaded: ComponentType | null = null;

  function attempt(): Promise<Loaded> {
    pending ??= loadChunk(load, timeoutMs).then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        failedScreens.add(rearm);
        throw error;
      },
    );
    return pending;
  }

  function rearm(): void {
    pending = null;
    current = lazy(attempt);
  }

  let current = lazy(attempt);

  function LazyScreen() {
    const Current = loaded ?? current;
    return <Current />;
  }

  return Object.assign(LazyScreen, {
    preload: () =>
      attempt().then(
        () => undefined,
        () => undefined,
      ),
  });
}
