import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api';
import { createQueryClient, shouldRetryQuery } from './query-client';

const apiError = (status: number, error = 'X') => new ApiError({ status, code: status, error, message: error });

describe('which failed queries are asked again', () => {
  it.each([
    [0, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [404, false],
    [409, false],
  ])('status %s: %s', (status, retried) => {
    expect(shouldRetryQuery(0, status === 0 ? apiError(0, NETWORK_ERROR) : apiError(status))).toBe(retried);
  });

  it('stops after two retries, and never retries an abort or a bug', () => {
    expect(shouldRetryQuery(2, apiError(503))).toBe(false);
    expect(shouldRetryQuery(0, new DOMException('gone', 'AbortError'))).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('a 4xx is shown after one call; a 5xx is asked again', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    const notFound = vi.fn(() => Promise.reject(apiError(404, 'NOT_FOUND')));
    await expect(
      client.fetchQuery({ queryKey: ['a'], queryFn: notFound, retry: client.getDefaultOptions().queries?.retry }),
    ).rejects.toThrow();
    expect(notFound).toHaveBeenCalledTimes(1);
    const down = vi.fn(() => Promise.reject(apiError(503)));
    await expect(client.fetchQuery({ queryKey: ['b'], queryFn: down, retry: client.getDefaultOptions().queries?.retry })).rejects.toThrow();
    expect(down).toHaveBeenCalledTimes(3);
  });
});

describe('a change of key', () => {
  it('aborts the request of the old key', async () => {
    const client = createQueryClient({ test: true });
    const signals = new Map<string, AbortSignal>();
    const observer = new QueryObserver(client, {
      queryKey: ['menus', 1],
      queryFn: ({ queryKey, signal }) => {
        signals.set(String(queryKey[1]), signal);
        return new Promise<string>((resolve) => setTimeout(() => resolve(String(queryKey[1])), 50));
      },
    });
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(signals.has('1')).toBe(true));
    observer.setOptions({
      queryKey: ['menus', 2],
      queryFn: ({ queryKey, signal }) => {
        signals.set(String(queryKey[1]), signal);
        return new Promise<string>((resolve) => setTimeout(() => resolve(String(queryKey[1])), 50));
      },
    });
    await vi.waitFor(() => expect(signals.get('1')?.aborted).toBe(true));
    expect(signals.get('2')?.aborted).toBe(false);
    off();
  });
});
