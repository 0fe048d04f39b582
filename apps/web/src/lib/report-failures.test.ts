import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return new Response('{"ok":true}', { status: 200 });
    }),
  );
  window.history.replaceState(null, '', '/maple-bistro?takeout=true');
});
afterEach(() => vi.unstubAllGlobals());

it('sends a failure once, with its path and not its query, and stops after ten', async () => {
  const { reportFailure } = await import('./report-failures');
  reportFailure('render', new TypeError('x is undefined'));
  reportFailure('render', new TypeError('x is undefined'));
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    url: '/api/client-errors',
    body: { kind: 'render', message: 'TypeError: x is undefined', page: '/maple-bistro' },
  });
  for (let index = 0; index < 20; index++) reportFailure('rejection', `failure ${index}`);
  expect(calls).toHaveLength(10);
});

it('a report that cannot be sent is dropped without a word', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const { reportFailure } = await import('./report-failures');
  expect(() => reportFailure('error', new Error('boom'))).not.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
