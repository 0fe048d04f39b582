/** A screen's code that has not arrived after this long is treated as failed (spec ordering.md section 9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** A JavaScript chunk that failed to load or did not load in time. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code = 'ChunkLoadError';
}

/** A screen's stylesheet failed to load: showing the screen unstyled would look broken, so it is an error too. */
export class CssChunkLoadError extends Error {
  override readonly name = CSS_CHUNK_LOAD_FAILED;
  readonly code = CSS_CHUNK_LOAD_FAILED;
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError | CssChunkLoadError {
  return error instanceof ChunkLoadError || error instanceof CssChunkLoadError;
}

// Vite's preload helper dispatches `vite:preloadError` with the failure, then rejects the import
// with that same object. Remembering which payloads were stylesheets lets the loader tell them apart.
const cssFailures = new WeakSet<object>();
let listening = false;

function isCssPreloadFailure(error: unknown): boolean {
  return error instanceof Error && /preload CSS/i.test(error.message);
}

/** Installs the `vite:preloadError` listener once, on first use (never at import: keeps the module server-safe). */
export function listenForPreloadErrors(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('vite:preloadError', (event) => {
    if (isCssPreloadFailure(event.payload)) cssFailures.add(event.payload);
  });
}

function toChunkError(cause: unknown): Error {
  if (isChunkLoadError(cause)) return cause;
  if ((typeof cause === 'object' && cause !== null && cssFailures.has(cause)) || isCssPreloadFailure(cause)) {
    return new CssChunkLoadError('A stylesheet of this screen could not be loaded.', { cause });
  }
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ChunkLoadError(`A chunk of this screen could not be loaded: ${detail}`, { cause });
}

/**
 * Runs a dynamic import with a deadline: rejects with ChunkLoadError when the import fails or has
 * not resolved after `timeoutMs`, and with CSS_CHUNK_LOAD_FAILED when one of its stylesheets failed.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  listenForPreloadErrors();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`The screen did not load within ${timeoutMs} ms.`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkError(error));
      },
    );
  });
}
