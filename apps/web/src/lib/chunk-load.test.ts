import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, CSS_CHUNK_LOAD_FAILED, ChunkLoadError, loadChunk } from './chunk-load';

/** What Vite's preload helper does when a stylesheet of a chunk fails: event first, then rejection. */
function failLikeVite(error: Error): Promise<never> {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
  window.dispatchEvent(event);
  return Promise.reject(error);
}

describe('loadChunk', () => {
  it('waits 120 000 ms', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with ChunkLoadError when the import has not resolved after 120 s', async () => {
    vi.useFakeTimers();
    const result = loadChunk(() => new Promise<never>(() => {}));
    const settled = vi.fn();
    result.then(settled, settled);

    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toMatchObject({ name: 'ChunkLoadError' });
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('resolves with the module and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(loadChunk(() => Promise.resolve('module'))).resolves.toBe('module');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed import into ChunkLoadError, keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/menu-screen-abc.js');
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).cause).toBe(cause);
  });

  it('turns a failed stylesheet (vite:preloadError) into CSS_CHUNK_LOAD_FAILED', async () => {
    const error = await loadChunk(() => failLikeVite(new Error('Unable to preload CSS for /assets/restaurant-screen-x.css'))).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: CSS_CHUNK_LOAD_FAILED, code: CSS_CHUNK_LOAD_FAILED });
  });

  it('keeps a failed script preload a ChunkLoadError', async () => {
    const error = await loadChunk(() => failLikeVite(new TypeError('Failed to fetch dynamically imported module'))).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ChunkLoadError' });
  });
});
